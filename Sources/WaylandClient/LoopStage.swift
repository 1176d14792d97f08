/// When an event-loop hook runs within an iteration, after the queued
/// events were dispatched and before the loop sleeps. Stages run in this
/// order; hooks of one stage in the order they were added.
public enum LoopStage: Int, CaseIterable, Sendable {
    /// Finish input the compositor left open (a touch frame with no
    /// `wl_touch.frame` after the last up), so that its changes are drawn in
    /// this iteration's frame.
    case closeInput
    /// Draw and commit a frame if something changed. Hooks may send
    /// requests; the loop flushes them right after this stage.
    case present
    /// Right after the flush: the frame is on its way to the compositor.
    /// For observers that time it.
    case flushed
    /// Work that must not delay the frame (saving the drawing). These
    /// hooks send no requests; one that did work calls
    /// `EventLoop.lookAgainBeforeSleeping()`, so what it changed (a message
    /// on the canvas) is presented without waiting for the next event.
    case idle
}
