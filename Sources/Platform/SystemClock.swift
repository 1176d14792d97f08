import Timing

/// The real monotonic clock (`CLOCK_MONOTONIC`), unaffected by wall-clock
/// changes: what the wiring gives the event loop and the core, where tests
/// give a `ManualClock`.
public final class SystemClock: Clock {
    public init() {}

    public var now: Double { Time.monotonicSeconds() }
}
