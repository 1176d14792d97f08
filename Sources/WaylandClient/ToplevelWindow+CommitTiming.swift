import CWaylandProtocols
import Timing

/// Commit timing (`wp_commit_timer_v1`), where the compositor offers it: a
/// frame paced for a predicted latch tells the compositor when it is meant
/// to be shown, the latch's predicted presentation, so the compositor
/// presents it then (and never earlier) instead of the app's guess of its
/// latch alone deciding. Elsewhere nothing is sent and latch pacing works
/// as before.
///
/// The time sent is half a refresh before the predicted presentation: the
/// protocol presents a stamped commit at the first refresh at or after its
/// time, so a prediction that is a hair late (weston 14 compares exactly)
/// would otherwise hold the frame a whole refresh; half a refresh earlier
/// still names the predicted refresh and no other, since the one before it
/// is a whole period earlier.
///
/// The time is on the presentation clock, which must be the loop's
/// (`CLOCK_MONOTONIC`): predictions on another clock are never made
/// (`learnLatch`), so no frame is stamped there.
extension ToplevelWindow {
    /// `get_timer` for the surface, when the compositor offers commit timing.
    func makeCommitTimer(registry: Registry) {
        guard let manager = registry.commitTimingManager else { return }
        commitTimer = wp_commit_timing_manager_v1_get_timer(manager, surface)
    }

    /// `set_timestamp` for the commit that follows, aimed at the refresh
    /// presenting at `presentation` (seconds on `CLOCK_MONOTONIC`): the
    /// time `commitTimestamp(forPresentation:)`. Nothing without a timer.
    func stampNextCommit(presentation: Double) {
        guard let commitTimer else { return }
        let stamp = commitTimestamp(forPresentation: presentation)
        guard stamp >= 0 else { return }
        let time = CommitTimestamp(seconds: stamp)
        wp_commit_timer_v1_set_timestamp(commitTimer, time.secondsHigh, time.secondsLow, time.nanoseconds)
        stampedCommits += 1
    }

    /// The time a frame meant for `presentation` is stamped with: half the
    /// grid's period (else the output's refresh) before it.
    func commitTimestamp(forPresentation presentation: Double) -> Double {
        presentation - (latchPredictor.period ?? latchPredictor.refresh ?? 0) / 2
    }
}

/// A time in seconds as `set_timestamp` takes it: whole seconds in two
/// 32-bit halves and nanoseconds below a billion.
struct CommitTimestamp: Equatable {
    let secondsHigh: UInt32
    let secondsLow: UInt32
    let nanoseconds: UInt32

    init(secondsHigh: UInt32, secondsLow: UInt32, nanoseconds: UInt32) {
        self.secondsHigh = secondsHigh
        self.secondsLow = secondsLow
        self.nanoseconds = nanoseconds
    }

    init(seconds: Double) {
        var whole = UInt64(seconds.rounded(.down))
        var nanoseconds = UInt64(((seconds - Double(whole)) * 1e9).rounded())
        // Rounding up to a whole second carries into the seconds.
        if nanoseconds >= 1_000_000_000 {
            whole += 1
            nanoseconds -= 1_000_000_000
        }
        secondsHigh = UInt32(whole >> 32)
        secondsLow = UInt32(whole & 0xFFFF_FFFF)
        self.nanoseconds = UInt32(nanoseconds)
    }
}
