#if canImport(Glibc)
import Glibc
#endif

/// What a short command prints, run to its end without a shell (see
/// `SpawnedProcess`, its standard error discarded): for asking the system a
/// question, such as which package installed a file.
public enum CommandOutput {
    /// The standard output of `arguments` (the program first, found on
    /// `PATH`); nil when it cannot start, exits with a failure, prints more
    /// than `limit` bytes, or runs longer than `timeout` seconds (it is then
    /// killed). Never waits much longer than `timeout`.
    public static func of(_ arguments: [String], timeout: Double = 5, limit: Int = 65_536) -> String? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // Neither end leaks into another child spawned meanwhile.
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let reading = FileDescriptor(rawValue: ends[0])
        defer { try? reading.close() }
        let process = try? SpawnedProcess.spawn(arguments[0], arguments: Array(arguments.dropFirst()),
                                                environment: CurrentProcess.environment(),
                                                output: FileDescriptor(rawValue: ends[1]))
        close(ends[1])
        guard let process else { return nil }

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
        if !complete { kill(process.id, SIGKILL) }
        var status = process.reap()
        while status == nil {
            var exit = pollfd(fd: process.exitDescriptor.rawValue, events: Int16(POLLIN), revents: 0)
            _ = poll(&exit, 1, -1)
            status = process.reap()
        }
        guard complete, status == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
