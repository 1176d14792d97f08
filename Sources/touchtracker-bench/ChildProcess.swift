#if canImport(Glibc)
import Glibc
#endif
import TouchTrackerApp

/// A program the benchmark starts (`posix_spawn`) and always ends itself,
/// by its process id. Its stdout and stderr go to a log file.
final class ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    let name: String
    let logPath: String
    private var exited = false

    /// Starts `path` with `arguments`, this process's environment changed by
    /// `overrides` (a nil value removes the variable).
    init(_ path: String, _ arguments: [String], environment overrides: [String: String?], logPath: String) throws {
        name = String(path.split(separator: "/").last ?? Substring(path))
        self.logPath = logPath
        var environment = Program.environment()
        for (key, value) in overrides { environment[key] = value }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard result == 0 else {
            throw Failure(description: "cannot start \(path): \(String(cString: strerror(result)))")
        }
        self.pid = pid
    }

    deinit {
        terminate()
    }

    /// False once the process has exited (it is then reaped).
    var isRunning: Bool {
        guard !exited else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { exited = true }
        return !exited
    }

    /// Records that the caller reaped the process itself (`wait4`).
    func markExited() {
        exited = true
    }

    /// Asks the process to end (SIGTERM), waits up to 5 s, then kills it.
    func terminate() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        for _ in 0..<50 {
            guard isRunning else { return }
            usleep(100_000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        exited = true
    }

    /// The last lines of the log, to explain a failure.
    var logTail: String {
        guard let file = fopen(logPath, "r") else { return "" }
        defer { fclose(file) }
        var lines: [String] = []
        var buffer = [CChar](repeating: 0, count: 1024)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            lines.append(String(cString: buffer).trimmingNewline)
            if lines.count > 5 { lines.removeFirst() }
        }
        return lines.joined(separator: " / ")
    }

    /// The full path of executable `name` on PATH, if any.
    static func find(_ name: String) -> String? {
        let path = Program.environment()["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where access("\(directory)/\(name)", X_OK) == 0 {
            return "\(directory)/\(name)"
        }
        return nil
    }
}

extension String {
    fileprivate var trimmingNewline: String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
