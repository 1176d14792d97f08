import CPlatform
#if canImport(Glibc)
import Glibc
#endif

/// One descriptor `poll` waits on: what it waits for, and what happened.
public struct PollDescriptor {
    public struct Events: OptionSet, Sendable {
        public let rawValue: Int16
        public init(rawValue: Int16) { self.rawValue = rawValue }

        public static let readable = Events(rawValue: Int16(POLLIN))
        public static let writable = Events(rawValue: Int16(POLLOUT))
        public static let error = Events(rawValue: Int16(POLLERR))
        public static let hangUp = Events(rawValue: Int16(POLLHUP))
    }

    public let fd: Int32
    public var events: Events
    public internal(set) var returned: Events = []

    public init(fd: Int32, events: Events) {
        self.fd = fd
        self.events = events
    }
}

public enum Poll {
    /// Sleeps in `ppoll` until one of `descriptors` is ready or the
    /// timeout passes (nanoseconds; negative: no timeout). `timeout` is
    /// asked again after a signal interrupts the sleep, so the loop sleeps
    /// only for what is left.
    public static func wait(_ descriptors: inout [PollDescriptor],
                            timeoutNanoseconds timeout: () -> Int64) throws(Errno) {
        var raw = descriptors.map { pollfd(fd: $0.fd, events: $0.events.rawValue, revents: 0) }
        _ = try retryingOnInterrupt { tt_poll_nanoseconds(&raw, nfds_t(raw.count), timeout()) }
        for index in descriptors.indices {
            descriptors[index].returned = PollDescriptor.Events(rawValue: raw[index].revents)
        }
    }
}
