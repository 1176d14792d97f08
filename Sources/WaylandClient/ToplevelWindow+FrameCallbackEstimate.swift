import Presentation

/// Input → on screen where the compositor gives no presentation feedback
/// (KWin 5.27's virtual back end offers no `wp_presentation`; sway 1.7
/// headless answers none): the `wl_callback.done` of the frame callback
/// asked for with the commit that carried the input.
///
/// What the compositors' sources say that event means:
/// - weston (`weston_output_repaint`): the surface's callbacks are taken at
///   the repaint that composites its newest commit and done right after
///   the back end's `repaint` submits that frame; the presentation follows
///   when the frame completes (`weston_output_finish_frame`: the page flip,
///   the headless back end's 16 ms timer, or the parent's frame callback
///   when nested). The event's milliseconds are the *previous*
///   presentation's time (`output->frame_time`).
/// - sway 1.7 (`damage_handle_frame`): on the output's frame event it
///   renders and commits the output, then sends done to every surface on
///   it (wlroots' `wlr_surface_send_frame_done`: the callbacks of every
///   commit applied so far) stamped with the time it sends them; the
///   headless back end of wlroots 0.15 presents within that commit.
/// - KWin 5.27 (`Compositor::composite`): after painting the output,
///   `postPaint` sends done to every window on it, stamped with the last
///   presentation's time, and only then presents the frame.
///
/// So the done comes once the compositor has composited the commit, and
/// at most a refresh before that frame reaches the screen (at once on a
/// headless output that presents as it composites). The time taken is
/// when the app dispatches the event, on its own `CLOCK_MONOTONIC` (the
/// events' clock), not the event's milliseconds, whose meaning differs.
/// The difference to the presentation, measured where both exist, is in
/// docs/performance.md.
extension ToplevelWindow {
    /// The oldest input (compositor milliseconds) a commit without feedback
    /// is the first to show, when the app received it and when it was
    /// committed (the loop's clock), and how that commit was paced.
    struct FrameCallbackInput {
        var oldestInputTime: UInt32
        var received: Double?
        var committed: Double
        var pacing: FramePresentation.Pacing
    }

    /// The frame callback asked for with the commit being made will tell
    /// when the compositor composited the input it shows. Input of an
    /// earlier commit whose callback was not done yet (a prompt draw
    /// replaced that callback, or nothing composited it) is shown by this
    /// commit too: it is measured to this commit's callback, but from the
    /// earlier commit, which first showed it, and under its pacing.
    func estimateFromFrameCallback(oldestInputTime: UInt32, received: Double?, committed: Double,
                                   pacing: FramePresentation.Pacing) {
        let earlier = frameCallbackInput
        let oldest = earlier.map { min($0.oldestInputTime, oldestInputTime) } ?? oldestInputTime
        let firstReceived = [earlier?.received, received].compactMap { $0 }.min()
        frameCallbackInput = FrameCallbackInput(oldestInputTime: oldest, received: firstReceived,
                                                committed: earlier?.committed ?? committed,
                                                pacing: earlier?.pacing ?? pacing)
    }

    /// The frame callback's `done` came at `time` (the loop's clock): the
    /// input its commit carried was composited.
    func reportComposited(at time: Double) {
        guard let input = frameCallbackInput else { return }
        frameCallbackInput = nil
        onPresentation?(FramePresentation(outcome: .composited(time: time), oldestInputTime: input.oldestInputTime,
                                          clock: FramePresentation.monotonicClock, committed: input.committed,
                                          received: input.received, pacing: input.pacing))
    }
}
