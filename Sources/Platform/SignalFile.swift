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

    /// Blocks the signals in the calling thread, so every thread started
    /// after it inherits the block: the app's own workers and its libraries'
    /// (Pango 1.56 starts a fontconfig thread with whatever mask it finds).
    /// `main` calls it before anything else runs; a signal that arrives
    /// before the event loop watches then waits, pending, for its signalfd
    /// (which reads signals already pending) instead of ending the process
    /// with the stroke in progress unsaved.
    public static func blockInThisAndLaterThreads() {
        _ = tt_block_termination_signals()
    }

    /// Gives the signals their default action again in the calling thread:
    /// for commands that watch for none (an export, `check`), where ending
    /// the process is what Ctrl+C should do.
    public static func deliverByDefault() {
        _ = tt_unblock_termination_signals()
    }

    /// Reads every pending signal; returns how many there were.
    @discardableResult
    public static func drain(_ fd: FileDescriptor) -> Int {
        var count = 0
        while tt_signalfd_read(fd.rawValue) > 0 { count += 1 }
        return count
    }
}
