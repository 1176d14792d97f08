import CWaylandClient
import Presentation

/// When frames carrying input reach the screen (`wp_presentation`).
extension ToplevelWindow {
    /// Whether the compositor offers `wp_presentation`: without it no
    /// feedback ever comes.
    public var offersPresentationFeedback: Bool { display.registry.presentation != nil }

    /// How many feedback objects may wait for an answer at once. A
    /// compositor answers each within a refresh or two; one that never
    /// answers (sway 1.7 headless: wlroots 0.15's headless output presents
    /// before its commit is counted, so `wlr_presentation` drops the event,
    /// docs/compositors.md) would otherwise leave one object per frame with
    /// input on both sides for as long as the session runs. Feedback is
    /// asked for again as soon as one is answered.
    static let unansweredFeedbackLimit = 16

    /// Whether the compositor left the last `unansweredFeedbackLimit`
    /// feedback requests unanswered, so no more are asked for.
    public var presentationFeedbackStalled: Bool {
        presentationFeedbacks.count >= Self.unansweredFeedbackLimit
    }

    /// Whether a frame is due: something changed since the last commit.
    public var needsFrame: Bool { pacer.needsDraw }

    /// Asks for feedback on the frame being drawn, which is the first to
    /// show input whose oldest event the compositor stamped
    /// `oldestInputTime` (milliseconds) and the app received at `received`
    /// (its clock). Called from `FrameSource.draw(into:)`; the answer goes to
    /// `onPresentation`. Without feedback (no `wp_presentation`, or none
    /// answered) the frame callback's estimate does.
    public func requestPresentationFeedback(oldestInputTime: UInt32, received: Double? = nil) {
        feedbackInputTime = min(feedbackInputTime ?? oldestInputTime, oldestInputTime)
        if let received { feedbackInputReceived = min(feedbackInputReceived ?? received, received) }
    }

    /// Creates the feedback asked for, just before the commit it is about,
    /// which is drawn under `pacing` (told with the outcome); where none can
    /// be asked for, the commit's frame callback tells instead
    /// (`estimateFromFrameCallback`).
    func askForPresentationFeedback(pacing: FramePresentation.Pacing) {
        guard let inputTime = feedbackInputTime else { return }
        let received = feedbackInputReceived
        feedbackInputTime = nil
        feedbackInputReceived = nil
        let registry = display.registry
        let committed = loop.timers.clock.now
        guard let presentation = registry.presentation, !presentationFeedbackStalled else {
            estimateFromFrameCallback(oldestInputTime: inputTime, received: received, committed: committed,
                                      pacing: pacing)
            return
        }
        // Until clock_id arrives (it follows the bind) the clock is unknown:
        // 0, CLOCK_REALTIME, which no compositor stamps input with.
        let feedback = PresentationFeedback(
            presentation: presentation, surface: surface, oldestInputTime: inputTime,
            clock: registry.presentationClock ?? 0, committed: committed, pacing: pacing
        ) { [unowned self] feedback, presentation in
            presentationFeedbacks[ObjectIdentifier(feedback)] = nil
            learnLatch(from: presentation)
            onPresentation?(presentation)
        }
        presentationFeedbacks[ObjectIdentifier(feedback)] = feedback
    }
}
