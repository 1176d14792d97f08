/// How long input takes to reach the screen, as far as a client can tell:
/// from an event's time (the compositor's timestamp, in milliseconds) to
/// the commit of the first frame drawn after it, on our monotonic clock.
///
/// The two clocks are only comparable when the compositor stamps events
/// with `CLOCK_MONOTONIC`, as weston, sway (wlroots), mutter and KWin do;
/// the protocol leaves the base unspecified. A difference that is negative
/// or larger than `plausibleLimit` means it does not, and the readout says
/// so instead of showing a number. The compositor's millisecond resolution
/// is the readout's too.
public struct LatencyReadout: Equatable, Sendable {
    /// The newest event time (seconds) received since the last commit.
    private var pendingEventTime: Double?
    /// The last latencies measured, in seconds, oldest first.
    public private(set) var samples: [Double] = []
    /// Set when an event time was not on our clock: the difference seen, in seconds.
    public private(set) var unrelatedClockDifference: Double?

    /// How many latencies the readout summarizes.
    static let sampleCount = 60
    /// Longer than any real latency: beyond it the clocks differ.
    public static let plausibleLimit = 10.0

    public init() {}

    /// An input event with the compositor's time `eventTime` (seconds) arrived.
    public mutating func received(eventTime: Double) {
        pendingEventTime = max(pendingEventTime ?? eventTime, eventTime)
    }

    /// A frame was committed at `now` (seconds on our monotonic clock).
    /// Returns whether the readout changed: only commits after new input
    /// measure anything.
    @discardableResult
    public mutating func committed(at now: Double) -> Bool {
        guard let eventTime = pendingEventTime else { return false }
        pendingEventTime = nil
        // The compositor's times are 32-bit milliseconds that wrap every
        // 49.7 days: compare in that arithmetic.
        let ours = UInt32(truncatingIfNeeded: Int64((now * 1000 + 1e-6).rounded(.down)))
        let theirs = UInt32(truncatingIfNeeded: Int64((eventTime * 1000).rounded()))
        let milliseconds = Int32(bitPattern: ours &- theirs)
        let seconds = Double(milliseconds) / 1000
        guard seconds >= 0, seconds <= Self.plausibleLimit else {
            unrelatedClockDifference = seconds
            return true
        }
        unrelatedClockDifference = nil
        samples.append(seconds)
        if samples.count > Self.sampleCount { samples.removeFirst(samples.count - Self.sampleCount) }
        return true
    }

    /// The latest latency, in seconds.
    public var last: Double? { samples.last }
    /// The median of `samples` (the upper one of an even count).
    public var median: Double? { samples.isEmpty ? nil : samples.sorted()[samples.count / 2] }
    public var maximum: Double? { samples.max() }
}
