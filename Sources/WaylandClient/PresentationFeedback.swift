import CWaylandClient
import CWaylandProtocols
import Glibc
import Presentation

/// One `wp_presentation_feedback`: asked for before a commit, it tells
/// once when that commit's content reached the screen (`presented`) or
/// that it never will (`discarded`), and is then gone. `sync_output` is
/// not needed: the refresh comes with `presented`.
///
/// The owner (the window) keeps it until it reports, and destroys it with
/// itself; the listener's user data points at it, so no event outlives it.
final class PresentationFeedback {
    private var proxy: OpaquePointer?
    private let oldestInputTime: UInt32
    private let clock: UInt32
    private let committed: Double
    private let pacing: FramePresentation.Pacing
    /// Receives the outcome, once.
    private let onOutcome: (PresentationFeedback, FramePresentation) -> Void

    /// Asks for feedback on `surface`'s next commit (`wp_presentation.feedback`).
    /// `committed` is when the commit it is about is made (the loop's clock),
    /// `pacing` how that frame was paced.
    init(presentation: OpaquePointer, surface: OpaquePointer, oldestInputTime: UInt32, clock: UInt32,
         committed: Double, pacing: FramePresentation.Pacing,
         onOutcome: @escaping (PresentationFeedback, FramePresentation) -> Void) {
        self.oldestInputTime = oldestInputTime
        self.clock = clock
        self.committed = committed
        self.pacing = pacing
        self.onOutcome = onOutcome
        proxy = wp_presentation_feedback(presentation, surface)
        wp_presentation_feedback_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let proxy { wp_presentation_feedback_destroy(proxy) }
    }

    private func report(_ outcome: FramePresentation.Outcome, toMonotonic: Double? = nil) {
        // Both events are destructors: the object is gone on the server.
        wp_presentation_feedback_destroy(proxy)
        proxy = nil
        onOutcome(self, FramePresentation(outcome: outcome, oldestInputTime: oldestInputTime, clock: clock,
                                          toMonotonic: toMonotonic, committed: committed, pacing: pacing))
    }

    /// `CLOCK_MONOTONIC` minus `clock` now, in seconds, for a clock of
    /// `FramePresentation.steadyClocks`; nil for any other.
    static func monotonicOffset(from clock: UInt32) -> Double? {
        guard FramePresentation.steadyClocks.contains(clock) else { return nil }
        var other = timespec(), monotonic = timespec()
        guard clock_gettime(clockid_t(clock), &other) == 0, clock_gettime(CLOCK_MONOTONIC, &monotonic) == 0 else {
            return nil
        }
        return Double(monotonic.tv_sec - other.tv_sec) + Double(monotonic.tv_nsec - other.tv_nsec) / 1e9
    }

    private static func feedback(_ data: UnsafeMutableRawPointer?) -> PresentationFeedback {
        Unmanaged<PresentationFeedback>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wp_presentation_feedback_listener> = {
        let listener = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
        listener.initialize(to: wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, _, secondsHigh, secondsLow, nanoseconds, refresh, _, _, flags in
                let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow)) + Double(nanoseconds) / 1e9
                feedback(data).report(.presented(time: seconds, refresh: refresh == 0 ? nil : Double(refresh) / 1e9,
                                                 flags: PresentationFlags(rawValue: flags)),
                                      toMonotonic: PresentationFeedback.monotonicOffset(from: feedback(data).clock))
            },
            discarded: { data, _ in feedback(data).report(.discarded) }))
        return listener
    }()
}
