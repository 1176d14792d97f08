#if canImport(Glibc)
import Glibc
#endif

/// A message bus of the test's own: `dbus-daemon --session` listening on a
/// socket in a temporary directory, ended when the value goes away.
public final class PrivateBus {
    public let address: String
    private let directory: TemporaryDirectory
    private let pid: pid_t

    public struct StartFailed: Error, CustomStringConvertible {
        public let description: String
    }

    public init() throws {
        directory = try TemporaryDirectory(prefix: "touchtracker-dbus")
        address = "unix:path=\(directory.path)/bus"
        // The daemon prints its address on the pipe once it accepts
        // connections (the socket file exists a little earlier).
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw StartFailed(description: "pipe: \(String(cString: strerror(errno)))")
        }
        defer { close(ends[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addopen(&actions, 2, directory.path + "/dbus.log", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let words: [String] = ["/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=\(address)",
                               "--print-address=1"]
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, words[0], &actions, nil, argv, environ)
        close(ends[1])
        guard spawned == 0 else {
            throw StartFailed(description: "cannot start /usr/bin/dbus-daemon: \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        var byte: UInt8 = 0
        guard poll(&ready, 1, 10_000) == 1, read(ends[0], &byte, 1) == 1 else {
            Self.end(pid)
            throw StartFailed(description: "dbus-daemon printed no address within 10 s")
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
