import Platform

/// Bytes coming from the clipboard's owner through a pipe whose write end
/// went to it with `wl_data_offer.receive`: read as they arrive, whenever
/// the event loop finds the pipe readable, until the owner closes it. The
/// loop goes on meanwhile (the owner may be this very app, which can only
/// write its side from the same loop).
final class ClipboardRead {
    /// More than this is refused rather than held: no drawing the app
    /// accepts comes near it (a million lines of JSON is about 40 MB).
    static let sizeLimit = 256 << 20

    private let fd: FileDescriptor
    private var bytes: [UInt8] = []
    private var watch: FileWatch?
    private let completion: (Result<[UInt8], ClipboardError>) -> Void
    /// Called once the read has ended, after `completion`.
    private let onEnd: (ClipboardRead) -> Void

    /// Starts reading `fd`, a non-blocking read end that it now owns.
    init(fd: FileDescriptor, loop: EventLoop, completion: @escaping (Result<[UInt8], ClipboardError>) -> Void,
         onEnd: @escaping (ClipboardRead) -> Void) {
        self.fd = fd
        self.completion = completion
        self.onEnd = onEnd
        watch = loop.watch(fd: fd.rawValue, events: .readable) { [unowned self] _ in readMore() }
    }

    /// Reads what has arrived; ends at the end of the data or on a failure.
    private func readMore() {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count: Int
            do {
                count = try fd.read(into: &chunk)
            } catch where error == .wouldBlock {
                return
            } catch {
                return end(.failure(.transferFailed(error)))
            }
            if count == 0 { return end(.success(bytes)) }
            guard bytes.count + count <= Self.sizeLimit else { return end(.failure(.tooLarge(limit: Self.sizeLimit))) }
            bytes += chunk[..<count]
        }
    }

    /// Gives up: the clipboard changed or the app is closing.
    func cancel() {
        end(.failure(.cancelled))
    }

    private func end(_ result: Result<[UInt8], ClipboardError>) {
        guard watch != nil else { return }
        watch?.cancel()
        watch = nil
        try? fd.close()
        completion(result)
        onEnd(self)
    }
}
