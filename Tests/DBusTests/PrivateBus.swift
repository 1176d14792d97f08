import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A message bus of the test's own: `dbus-daemon --session` listening on a
/// socket in a temporary directory, ended when the value goes away.
final class PrivateBus {
    let address: String
    private let directory: TemporaryDirectory
    private let pid: pid_t

    struct StartFailed: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        directory = try TemporaryDirectory(prefix: "touchtracker-dbus")
        let socket = directory.path + "/bus"
        address = "unix:path=\(socket)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, directory.path + "/dbus.log", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let words: [String] = ["/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=\(address)"]
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, words[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw StartFailed(description: "cannot start /usr/bin/dbus-daemon: \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        // The daemon is ready once its socket exists (within a few seconds on a busy machine).
        for _ in 0..<500 where access(socket, F_OK) != 0 {
            usleep(10_000)
        }
        guard access(socket, F_OK) == 0 else {
            Self.end(pid)
            throw StartFailed(description: "dbus-daemon made no socket at \(socket) within 5 s")
        }
    }

    deinit {
        Self.end(pid)
    }

    private static func end(_ pid: pid_t) {
        // SIGKILL: the daemon inherits the test thread's signal mask, where SIGTERM may be blocked.
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
