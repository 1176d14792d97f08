import CPlatform

/// SIGINT, SIGTERM and SIGHUP as a readable descriptor (a signalfd): the
/// signals are blocked for the thread and arrive as data, so an event loop
/// can handle them between iterations instead of in a signal handler.
public enum TerminationSignalFile {
    /// Blocks the signals and returns a non-blocking signalfd for them.
    public static func open() throws(Errno) -> FileDescriptor {
        let fd = tt_termination_signalfd()
        guard fd >= 0 else { throw Errno.current }
        return FileDescriptor(rawValue: fd)
    }

    /// Reads every pending signal; returns how many there were.
    @discardableResult
    public static func drain(_ fd: FileDescriptor) -> Int {
        var count = 0
        while tt_signalfd_read(fd.rawValue) > 0 { count += 1 }
        return count
    }
}
