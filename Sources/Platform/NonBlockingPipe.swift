#if canImport(Glibc)
import Glibc
#endif
import CPlatform

/// A pipe whose two ends never block (`pipe2` with `O_NONBLOCK`), both
/// close-on-exec: data that crosses to another process a piece at a time
/// while the event loop polls the end it holds (the clipboard's transfers).
/// Close each end once.
public struct NonBlockingPipe: Sendable {
    public let readEnd: FileDescriptor
    public let writeEnd: FileDescriptor

    public init() throws(Errno) {
        var ends: [Int32] = [-1, -1]
        _ = try retryingOnInterrupt { tt_pipe_nonblocking(&ends) }
        readEnd = FileDescriptor(rawValue: ends[0])
        writeEnd = FileDescriptor(rawValue: ends[1])
    }

    /// Makes writing to a pipe whose reader has gone fail with `EPIPE`
    /// instead of ending the process (SIGPIPE's default action): another
    /// app that stops reading the clipboard halfway must not kill this one.
    /// Process-wide; call it before the first such write.
    public static func ignoreBrokenPipeSignal() {
        _ = tt_ignore_broken_pipe_signal()
    }
}

extension FileDescriptor {
    /// One `write` of as many of `bytes` as the descriptor takes now;
    /// returns how many. On a non-blocking descriptor that can take none,
    /// throws `Errno.wouldBlock`.
    public func writeSome(_ bytes: ArraySlice<UInt8>) throws(Errno) -> Int {
        try retryingOnInterrupt {
            bytes.withUnsafeBytes { Glibc.write(rawValue, $0.baseAddress, $0.count) }
        }
    }

    /// Sets `O_NONBLOCK`, for a descriptor another process handed over
    /// (the clipboard's pipe from a `wl_data_source.send`).
    public func setNonBlocking() throws(Errno) {
        let flags = try retryingOnInterrupt { fcntl(rawValue, F_GETFL) }
        _ = try retryingOnInterrupt { fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) }
    }
}
