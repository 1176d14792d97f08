/// What the gesture environment knows about delivering one touch to its
/// view: which recognizers see it, and the view messages not yet delivered.
///
/// A delivery outlives its touch while a recognizer still holds the view's
/// `touchesEnded` (`delaysTouchesEnded`) or withheld messages
/// (`delaysTouchesBegan`).
final class TouchDelivery {
    /// One view message for this touch, in arrival order.
    struct Message {
        let phase: Touch.Phase
        /// Global arrival order, so withheld messages replay in order.
        let sequence: Int
        /// The input batch it came with: messages of one batch, phase and
        /// view are delivered in one call.
        let batch: Int
        let event: Event
    }

    /// A recognizer that received the touch, with the session (reset count)
    /// it received it in: after a reset the recognizer has no say any more.
    struct Receiver {
        let recognizer: GestureRecognizer
        let session: Int

        var isCurrent: Bool { recognizer.session == session }
    }

    let touch: Touch
    let view: View?
    var receivers: [Receiver]
    var queue: [Message] = []
    /// False once the window has dropped the ended or cancelled touch.
    var isLive = true
    var viewSawBegan = false
    /// The view got `touchesEnded` or `touchesCancelled`.
    var viewFinished = false
    /// A recognizer that cancels touches in its view recognized with this
    /// touch: the view gets `touchesCancelled` (if it saw the touch at all)
    /// and nothing else, ever.
    var isCancelledByRecognizer = false
    /// The view never hears of this touch (`View.isMultipleTouchEnabled`,
    /// `View.isExclusiveTouch`); its recognizers still see it.
    var isWithheldFromView = false
    /// The earliest the view's `touchesEnded` may go (window clock), once a
    /// recognizer deciding when the touch ended held it
    /// (`delaysTouchesEnded`); nil while it was never held.
    var endHeldUntil: Double?
    /// Whether a timer will flush the queue at `endHeldUntil`.
    var hasEndHoldTimer = false

    init(touch: Touch, receivers: [GestureRecognizer]) {
        self.touch = touch
        self.view = touch.view
        self.receivers = receivers.map { Receiver(recognizer: $0, session: $0.session) }
    }

    /// A recognizer cancelled this touch in its view and the view has had
    /// its `touchesCancelled`: later messages would only be dropped at the
    /// next flush, so they are not queued at all.
    var isClosedByRecognizer: Bool { isCancelledByRecognizer && viewFinished }

    /// Whether messages for this touch are still to be queued for its view.
    var takesViewMessages: Bool { !isWithheldFromView && !isClosedByRecognizer }

    /// Drops the queued messages, keeping the storage for the next ones.
    func clearQueue() {
        while !queue.isEmpty { queue.removeLast() }
    }

    /// Whether `recognizer`, in its current gesture, received this touch.
    func isReceived(by recognizer: GestureRecognizer) -> Bool {
        receivers.contains { $0.recognizer === recognizer && $0.isCurrent }
    }

    /// Whether a recognizer of the current gestures that is still deciding
    /// (`possible`, including one waiting for another to fail) matches
    /// `condition`.
    func hasDecider(where condition: (GestureRecognizer) -> Bool) -> Bool {
        receivers.contains { $0.isCurrent && $0.recognizer.currentState == .possible && condition($0.recognizer) }
    }

    /// Whether flushing has anything to do for this touch: messages to
    /// deliver or hold, a cancellation the view has not had yet, or the
    /// delivery to forget.
    var hasWork: Bool {
        !queue.isEmpty || (isCancelledByRecognizer && !viewFinished) || !isLive
    }

    /// Nothing more will ever be delivered for this touch.
    var isDone: Bool { !isLive && queue.isEmpty }
}
