import CWaylandClient
#if canImport(Glibc)
import Glibc
#endif

/// Sends the requests libwayland has queued on an input connection, with
/// back-pressure: while the compositor's socket is full (`EAGAIN`), waits in
/// `poll` until it can take more, never spinning. libwayland 1.21 (Debian 12)
/// holds only 4 KiB of requests and fails the connection when a request
/// finds that buffer full and the socket too, so the input connections
/// flush after every command rather than let requests pile up between
/// roundtrips.
public enum DisplayFlush {
    /// Why the queued requests could not be sent, in one line.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// How long a compositor may leave its socket full before the input
    /// connection gives up on it: one that reads nothing for this long is hung.
    static let patience = 10.0

    /// Sends every queued request on `display`, waiting at most `timeout`
    /// seconds at a time for the compositor to read; throws when it reads
    /// nothing for that long or the connection fails.
    public static func flush(_ display: OpaquePointer, timeout: Double) throws(Failure) {
        while wl_display_flush(display) < 0 {
            guard errno == EAGAIN else {
                throw Failure(description: "cannot send to the compositor: " + String(cString: strerror(errno)))
            }
            guard try waitUntilWritable(wl_display_get_fd(display), timeout: timeout) else {
                throw Failure(description: "the compositor read none of our input for \(timeout) s")
            }
        }
    }

    /// Whether `fd` became writable (or failed: the next flush says how)
    /// within `timeout` seconds; a signal does not restart the whole wait.
    private static func waitUntilWritable(_ fd: Int32, timeout: Double) throws(Failure) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let milliseconds = Int32(min(max(0, timeout * 1000), Double(Int32.max)).rounded(.up))
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 {
            guard errno == EINTR else {
                throw Failure(description: "cannot wait for the compositor: " + String(cString: strerror(errno)))
            }
            return true
        }
        return ready > 0
    }
}
