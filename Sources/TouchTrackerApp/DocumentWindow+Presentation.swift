import Instruments
import Timing
import TouchCore
import WaylandClient
import WaylandInput

/// Input → on screen: every frame that is the first to show some input
/// asks the compositor when it reached the screen (`wp_presentation`),
/// and the answer goes to `--log-input`, the recording and the inspector.
extension DocumentWindow {
    func wirePresentation(logInput: ((String) -> Void)?) {
        inspector.presentationOffered = toplevel.offersPresentationFeedback
        recorder?.presentationOffered = toplevel.offersPresentationFeedback
        toplevel.onPresentation = { [unowned self] presentation in
            logInput?(InputLog.line(for: presentation))
            recorder?.record(presentation)
            inspector.presented(presentation, pacedForLatch: toplevel.pacesInputForLatch)
            self.presentation.add(presentation)
            inspector.presentationUnanswered = toplevel.presentationFeedbackStalled
            // The tip hides the latency the user sees.
            if let median = self.presentation.median { canvas.predictionHorizon = median }
        }
    }

    /// After `event` was handled: input that changed what is drawn is
    /// measured from the frame that shows it. Input that changed nothing
    /// (a hover over nothing) is not, or the next frame, maybe seconds
    /// later, would be charged with its wait.
    func noteUnshownInput(_ event: InputEvent) {
        guard let time = event.inputTime, toplevel.needsFrame else { return }
        // The frame that shows it may be paced for the compositor's latch.
        toplevel.setNeedsInputFrame()
        unshownInputTime = min(unshownInputTime ?? time, time)
        unshownInputReceived = unshownInputReceived ?? timers.clock.now
    }

    /// The frame being drawn shows the input noted since the last one.
    func askWhenInputIsShown() {
        guard let time = unshownInputTime else { return }
        unshownInputTime = nil
        toplevel.requestPresentationFeedback(oldestInputTime: time, received: unshownInputReceived)
        unshownInputReceived = nil
        inspector.presentationUnanswered = toplevel.presentationFeedbackStalled
    }
}
