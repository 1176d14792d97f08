/// What became of one committed frame that carried input, as the
/// compositor told it (`wp_presentation_feedback`): shown at a time on
/// the presentation clock, or discarded unseen (a newer commit replaced
/// it, or the window was not visible). Where no feedback is asked for (no
/// `wp_presentation`, or the compositor left it unanswered) the frame
/// callback of its commit tells when the compositor composited it: an
/// estimate of the screen, never taken for a presentation.
///
/// A plain value so the pure core (statistics, the latch predictor) and
/// the recording read it without Wayland.
public struct FramePresentation: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// `presented`: on screen from `time` (seconds on the presentation
        /// clock); `refresh` is the output's refresh period in seconds (nil
        /// when the compositor does not know it, as for a variable rate).
        case presented(time: Double, refresh: Double?, flags: PresentationFlags)
        /// `discarded`: the content never reached the screen.
        case discarded
        /// No feedback: the `wl_callback.done` of the frame callback asked
        /// for with its commit came at `time`, seconds on `CLOCK_MONOTONIC`
        /// (the app's clock, read when the event was dispatched; not the
        /// event's own milliseconds, whose meaning differs per compositor).
        /// The compositors here send it at the repaint that composited the
        /// commit, before or as the screen shows it (docs/performance.md).
        case composited(time: Double)
    }

    public var outcome: Outcome
    /// The compositor's time (milliseconds, 32 bits: events' `time`) of
    /// the oldest input this frame is the first to show.
    public var oldestInputTime: UInt32
    /// The presentation clock (`wp_presentation.clock_id`, a `clockid_t`);
    /// for `composited`, `monotonicClock`, the clock its time is on.
    public var clock: UInt32
    /// `CLOCK_MONOTONIC` minus the presentation clock, in seconds, read by
    /// the app when the feedback came, for a presentation clock that runs
    /// as steadily (`steadyClocks`); nil for `CLOCK_MONOTONIC` itself and
    /// for clocks that may jump.
    public var toMonotonic: Double?
    /// When the app committed the frame, in seconds on its own clock
    /// (`CLOCK_MONOTONIC`, the events' clock); nil in lines written before
    /// it was logged.
    public var committed: Double?
    /// How the frame was paced (`Pacing`); nil in lines written before it
    /// was logged.
    public var pacing: Pacing?
    /// When the app received the oldest input, in seconds on its own clock;
    /// kept for `composited` frames, whose estimate starts there when the
    /// compositor's event times are on another clock (KWin 5.27 stamps
    /// them with `CLOCK_REALTIME`'s milliseconds); nil otherwise.
    public var received: Double?

    /// `CLOCK_MONOTONIC`'s id on Linux: the clock weston, sway and mutter
    /// stamp input events with (KWin 5.27's fake input is stamped with
    /// `CLOCK_REALTIME`'s milliseconds).
    public static let monotonicClock: UInt32 = 1
    /// Clocks that never jump, whose times the app translates onto
    /// `CLOCK_MONOTONIC` by the difference it reads when the feedback comes
    /// (weston presents on `CLOCK_MONOTONIC_RAW`, 4): the feedback comes
    /// within milliseconds of the time it names, and two such clocks part
    /// only by NTP's slewing, at most 500 µs a second, so the translation
    /// is off by well under a microsecond. `CLOCK_BOOTTIME` (7) gains on
    /// `CLOCK_MONOTONIC` only while the machine sleeps. (Not
    /// `CLOCK_MONOTONIC_COARSE`, which ticks only every few milliseconds,
    /// nor `CLOCK_REALTIME`, which jumps.)
    public static let steadyClocks: Set<UInt32> = [4, 7]
    /// Longer than any real latency: beyond it the clocks differ.
    public static let plausibleLimit = 10.0
    /// The latest time, in seconds, a clock here can read: about 31 years
    /// of running. A time past it is no clock's but a damaged file's (the
    /// log's microseconds no longer fit a double from 2^53 µs on), and
    /// readers refuse it.
    public static let timeLimit = 1e9

    public init(outcome: Outcome, oldestInputTime: UInt32, clock: UInt32, toMonotonic: Double? = nil,
                committed: Double? = nil, received: Double? = nil, pacing: Pacing? = nil) {
        self.outcome = outcome
        self.oldestInputTime = oldestInputTime
        self.clock = clock
        self.toMonotonic = toMonotonic
        self.committed = committed
        self.pacing = pacing
        self.received = received
    }

    /// Seconds from the oldest input to the commit that first showed it:
    /// the app's part of the latency, frame pacing included; nil when not
    /// known or implausible.
    public var inputToCommit: Double? {
        committed.flatMap { Self.difference(from: oldestInputTime, to: $0) }
    }

    public var isDiscarded: Bool { outcome == .discarded }

    /// Whether only a frame callback tells of it: an estimate, not feedback.
    public var isComposited: Bool {
        if case .composited = outcome { return true }
        return false
    }

    /// Seconds from the oldest input to the frame callback of the commit
    /// that first showed it: input → on screen, estimated, for a frame the
    /// compositor gave no feedback on; nil otherwise or when implausible.
    public var inputToComposited: Double? {
        guard case .composited(let time) = outcome else { return nil }
        return Self.difference(from: oldestInputTime, to: time)
    }

    /// Seconds from when the app received the oldest input to the frame
    /// callback: the estimate where the event times are on another clock,
    /// short of the compositor's own part before it sent the input; nil
    /// when the event times are comparable (`inputToComposited`) or no
    /// receipt is known.
    public var receiptToComposited: Double? {
        guard case .composited(let time) = outcome, inputToComposited == nil, let received,
              time >= received, time - received <= Self.plausibleLimit else { return nil }
        return time - received
    }

    /// Seconds from the oldest input to the screen; nil for a discarded
    /// frame, or when the event times cannot be compared with the
    /// presentation time (another clock that was not translated, or a
    /// difference no real latency has).
    public var inputToPresented: Double? {
        guard case .presented(let time, _, _) = outcome else { return nil }
        if clock == Self.monotonicClock { return Self.difference(from: oldestInputTime, to: time) }
        guard let toMonotonic else { return nil }
        return Self.difference(from: oldestInputTime, to: time + toMonotonic)
    }

    /// Seconds from the event time `milliseconds` to `seconds` on the same
    /// clock, in the 32-bit millisecond arithmetic events wrap in (every
    /// 49.7 days); nil when negative or implausibly long.
    /// A time no 64-bit count of milliseconds holds (a damaged file's) has
    /// no difference either.
    public static func difference(from milliseconds: UInt32, to seconds: Double) -> Double? {
        guard let wholeMilliseconds = Int64(exactly: (seconds * 1000).rounded(.down)) else { return nil }
        let whole = UInt32(truncatingIfNeeded: wholeMilliseconds)
        let fraction = seconds * 1000 - (seconds * 1000).rounded(.down)
        let difference = (Double(Int32(bitPattern: whole &- milliseconds)) + fraction) / 1000
        guard difference >= 0, difference <= plausibleLimit else { return nil }
        return difference
    }
}

/// `wp_presentation_feedback.kind`: how the compositor presented a frame.
public struct PresentationFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Shown in step with the display's refresh (no tearing).
    public static let vsync = PresentationFlags(rawValue: 0x1)
    /// The time comes from the display hardware, not a software estimate.
    static let hardwareClock = PresentationFlags(rawValue: 0x2)
    /// The hardware said when the update completed.
    static let hardwareCompletion = PresentationFlags(rawValue: 0x4)
    /// Our buffer was scanned out directly, without a copy.
    static let zeroCopy = PresentationFlags(rawValue: 0x8)

    /// Each flag with its name in the log and recordings, in protocol order.
    public static let names: [(PresentationFlags, String)] = [
        (.vsync, "vsync"), (.hardwareClock, "hw_clock"), (.hardwareCompletion, "hw_completion"), (.zeroCopy, "zero_copy"),
    ]

    public var names: [String] { Self.names.filter { contains($0.0) }.map(\.1) }
}
