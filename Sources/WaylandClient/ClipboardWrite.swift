import Platform

/// Bytes going to another client through the pipe it handed over with
/// `wl_data_source.send`: written as the pipe takes them, whenever the event
/// loop finds it writable, so a slow (or stalled) reader never blocks the
/// loop. Ends, closing the pipe, when everything is written or the reader
/// has gone (`EPIPE`); the reader sees the end of the data at the close.
final class ClipboardWrite {
    private let fd: FileDescriptor
    private let bytes: [UInt8]
    private var written = 0
    private var ended = false
    private var watch: FileWatch?
    /// False once the write has ended.
    var isWriting: Bool { watch != nil }
    /// Called once, when the write has ended (done or failed).
    private let onEnd: (ClipboardWrite) -> Void

    /// Starts writing `bytes` to `fd`, which it now owns.
    init(fd: FileDescriptor, bytes: [UInt8], loop: EventLoop, onEnd: @escaping (ClipboardWrite) -> Void) {
        self.fd = fd
        self.bytes = bytes
        self.onEnd = onEnd
        NonBlockingPipe.ignoreBrokenPipeSignal()
        do {
            try fd.setNonBlocking()
        } catch {
            // Not a pipe we can write without blocking: give up on it.
            end()
            return
        }
        watch = loop.watch(fd: fd.rawValue, events: .writable) { [unowned self] _ in writeMore() }
    }

    /// Writes what the pipe takes now; ends once all is written, or on any
    /// failure but a full pipe (a hang-up arrives as `EPIPE` here too).
    private func writeMore() {
        while written < bytes.count {
            do {
                written += try fd.writeSome(bytes[written...])
            } catch where error == .wouldBlock {
                return
            } catch {
                break
            }
        }
        end()
    }

    /// Stops watching and closes the pipe (which tells the reader the data
    /// is complete, or that no more will come).
    func end() {
        guard !ended else { return }
        ended = true
        watch?.cancel()
        watch = nil
        try? fd.close()
        onEnd(self)
    }
}
