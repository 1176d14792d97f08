/// A source of monotonic time in seconds. Everything time-based in the app
/// (long press, double-tap window, delayed touch ends, key repeat) reads one,
/// so tests can replace real time with a `ManualClock`. The real one,
/// `SystemClock`, is Platform's: the wiring hands it in, and Timing and the
/// core stay free of C.
public protocol Clock: AnyObject {
    /// Seconds since an arbitrary fixed origin; never goes backwards.
    var now: Double { get }
}

/// A clock that only moves when a test moves it.
public final class ManualClock: Clock {
    public private(set) var now: Double

    public init(now: Double = 0) {
        self.now = now
    }

    /// Moves time forward. Use `TimerQueue.advance(by:)` to also fire the
    /// timers that fall due on the way.
    public func set(_ time: Double) {
        precondition(time >= now, "a monotonic clock never goes backwards")
        now = time
    }
}
