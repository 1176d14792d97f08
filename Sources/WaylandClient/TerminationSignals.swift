import Platform

/// SIGINT, SIGTERM and SIGHUP as one more descriptor in the loop's `poll`
/// (a signalfd, as foot's `fdm_signal_add`): the signals are blocked and
/// arrive as readable data, so the handler runs on the loop's thread, between
/// iterations, where it may save and stop.
public final class TerminationSignals {
    private let fd: FileDescriptor
    private var watch: FileWatch?

    /// Starts delivering the signals to `handler`; nil when no signalfd can
    /// be made (the signals then keep their default action).
    init?(loop: EventLoop, handler: @escaping () -> Void) {
        guard let fd = try? TerminationSignalFile.open() else { return nil }
        self.fd = fd
        watch = loop.watch(fd: fd.rawValue, events: .readable) { _ in
            TerminationSignalFile.drain(fd)
            handler()
        }
    }

    /// Stops watching and closes the signalfd. (The signals stay blocked:
    /// a later watch takes them again.)
    public func cancel() {
        guard let watch else { return }
        watch.cancel()
        self.watch = nil
        try? fd.close()
    }

    deinit {
        cancel()
    }
}

extension EventLoop {
    /// Runs `handler` when SIGINT, SIGTERM or SIGHUP arrives, until the
    /// returned value is cancelled or released; nil when that cannot be set up.
    public func watchTerminationSignals(_ handler: @escaping () -> Void) -> TerminationSignals? {
        TerminationSignals(loop: self, handler: handler)
    }
}
