import CWaylandClient
import Timing

/// When frames carrying input reach the screen (`wp_presentation`).
extension ToplevelWindow {
    /// Whether the compositor offers `wp_presentation`: without it no
    /// feedback ever comes.
    public var offersPresentationFeedback: Bool { display.registry.presentation != nil }

    /// Whether a frame is due: something changed since the last commit.
    public var needsFrame: Bool { pacer.needsDraw }

    /// Asks for feedback on the frame being drawn, which is the first to
    /// show input whose oldest event the compositor stamped
    /// `oldestInputTime` (milliseconds). Called from `onDraw`; the answer
    /// goes to `onPresentation`. Does nothing without `wp_presentation`.
    public func requestPresentationFeedback(oldestInputTime: UInt32) {
        feedbackInputTime = min(feedbackInputTime ?? oldestInputTime, oldestInputTime)
    }

    /// Creates the feedback asked for, just before the commit it is about.
    func askForPresentationFeedback() {
        guard let inputTime = feedbackInputTime else { return }
        feedbackInputTime = nil
        let registry = display.registry
        guard let presentation = registry.presentation else { return }
        // Until clock_id arrives (it follows the bind) the clock is unknown:
        // 0, CLOCK_REALTIME, which no compositor stamps input with.
        let feedback = PresentationFeedback(
            presentation: presentation, surface: surface, oldestInputTime: inputTime,
            clock: registry.presentationClock ?? 0
        ) { [unowned self, committed = loop.timers.clock.now] feedback, presentation in
            presentationFeedbacks[ObjectIdentifier(feedback)] = nil
            learnLatch(from: presentation, committed: committed)
            onPresentation?(presentation)
        }
        presentationFeedbacks[ObjectIdentifier(feedback)] = feedback
    }
}
