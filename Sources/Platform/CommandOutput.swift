#if canImport(Glibc)
import Glibc
#endif

/// What a short command prints, run to its end without a shell
/// (`posix_spawnp`, its standard error discarded): for asking the system a
/// question, such as which package installed a file.
public enum CommandOutput {
    /// The standard output of `arguments` (the program first, found on
    /// `PATH`); nil when it cannot start, exits with a failure, prints more
    /// than `limit` bytes, or runs longer than `timeout` seconds (it is then
    /// killed). Never waits longer than `timeout`.
    public static func of(_ arguments: [String], timeout: Double = 2, limit: Int = 65_536) -> String? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // Neither end leaks into a child spawned meanwhile (dup2 clears it on the copy).
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let reading = FileDescriptor(rawValue: ends[0])
        defer { try? reading.close() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let started = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(ends[1])
        guard started == 0 else { return nil }

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Time.monotonicSeconds() + timeout
        var complete = false
        while output.count <= limit {
            let left = deadline - Time.monotonicSeconds()
            guard left > 0 else { break }
            var descriptor = pollfd(fd: reading.rawValue, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32((left * 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0, let count = try? reading.read(into: &buffer) else { break }
            if count == 0 {
                complete = true
                break
            }
            output += buffer[0..<count]
        }
        if !complete { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited (no signal) with status 0.
        guard complete, status & 0x7f == 0, (status >> 8) & 0xff == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
