#if canImport(Glibc)
import Glibc
#endif
import CPlatform

/// A program the app starts and lets run on its own (`xdg-open` opening an
/// export): started with `posix_spawn`, found on the `PATH` of the
/// environment it is given (as `execvp` would look), its arguments
/// passed as they are (no shell reads them), its input `/dev/null`, the
/// signals the app blocks unblocked again. `exitDescriptor` (a pidfd)
/// becomes readable when it exits: an event loop watches it and then
/// `reap()`s the process, so it neither waits for it nor leaves a zombie.
public struct SpawnedProcess: Sendable {
    public let id: pid_t
    public let exitDescriptor: FileDescriptor

    /// Starts `program` with `arguments` in `environment`. With `output`,
    /// its standard output goes there and its standard error is discarded
    /// (a question asked of the system, see `CommandOutput`); else both are
    /// the app's. Throws the reason it could not start (ENOENT: no such
    /// program on `PATH`).
    public static func spawn(_ program: String, arguments: [String], environment: [String: String],
                             output: FileDescriptor? = nil) throws(Errno) -> SpawnedProcess {
        let path = try executablePath(of: program, searching: environment["PATH"] ?? defaultSearchPath)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let output {
            // dup2 leaves the copy open across exec (the original is close-on-exec).
            posix_spawn_file_actions_adddup2(&actions, output.rawValue, 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The app blocks SIGINT, SIGTERM and SIGHUP for its signalfd; the
        // child must not inherit that, or it could not be stopped.
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Errno(rawValue: result) }
        // pidfd_open makes it close-on-exec.
        let descriptor: Int32
        do {
            descriptor = try retryingOnInterrupt { tt_pidfd_open(pid) }
        } catch {
            // Without a descriptor to watch, wait for it now: it is not
            // left a zombie, at the cost of the wait.
            var status: Int32 = 0
            _ = try? retryingOnInterrupt { waitpid(pid, &status, 0) }
            throw error
        }
        return SpawnedProcess(id: pid, exitDescriptor: FileDescriptor(rawValue: descriptor))
    }

    /// Where programs are looked for when the environment has no `PATH`: glibc's `execvp` default.
    static let defaultSearchPath = "/bin:/usr/bin"

    /// `program` itself when it names a path (it holds a `/`), else the
    /// first executable file of that name in `searchPath`'s folders.
    static func executablePath(of program: String, searching searchPath: String) throws(Errno) -> String {
        guard !program.contains("/") else { return program }
        for folder in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            if access(candidate, X_OK) == 0, (try? FileStatus(path: candidate))?.kind == .regular {
                return candidate
            }
        }
        throw Errno.noSuchFileOrDirectory
    }

    /// Once `exitDescriptor` is readable: collects the process's exit
    /// status (its exit code, or 128 + the signal that ended it) and closes
    /// the descriptor. Nil, and nothing closed, while it still runs.
    public func reap() -> Int32? {
        var status: Int32 = 0
        guard let reaped = try? retryingOnInterrupt({ waitpid(id, &status, WNOHANG) }), reaped == id else {
            return nil
        }
        try? exitDescriptor.close()
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
