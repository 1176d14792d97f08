import Timing
@_spi(GestureRecognizerSubclass) import TouchCore

/// Recognizes a stroke held still at its end (Procreate's QuickShape
/// trigger). Continuous: `began` once its touch has moved more than
/// `allowableMovement` from where it went down and then stayed within
/// `allowableMovement` of one place for `minimumHoldDuration`; `changed` as
/// it moves afterwards; `ended` when it lifts.
///
/// Unlike a long press, moving does not fail it: a move farther than
/// `allowableMovement` from where the touch last came to rest only starts
/// the wait again from there, so it costs a timer restart per 8 points of
/// stroke, not per motion. A press held where it went down is a long
/// press's, not this: the touch must have drawn first. It follows the
/// first touch of a sequence and ignores the others. It fails when that
/// touch lifts before the hold. Never cancels or delays the view's
/// touches: the stroke goes on being drawn under it.
final class StrokeHoldGestureRecognizer: GestureRecognizer {
    /// Seconds the touch must stay still. Default 0.5 s.
    var minimumHoldDuration = 0.5
    /// Points the touch may drift while held. Default 8 (the canvas's drag
    /// threshold).
    var allowableMovement = 8.0

    /// Where the touch went down, in the window; nil when none is followed.
    private var start: Point?
    /// Where it last came to rest, in the window: the hold is measured from
    /// there.
    private var restingPlace: Point?
    private var holdTimer: TimerHandle?

    /// Began or changed: the hold is under way.
    private var isHolding: Bool { state == .began || state == .changed }

    override init() {
        super.init()
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }

    deinit {
        holdTimer?.cancel()
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches.inOrderOfBeginning {
            guard start == nil, state == .possible else {
                ignore(touch, for: event)
                continue
            }
            start = touch.location(in: nil)
        }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        if isHolding {
            setState(.changed)
            return
        }
        guard state == .possible, let start else { return }
        let location = touch.location(in: nil)
        let anchor = restingPlace ?? start
        guard location.distance(to: anchor) > allowableMovement else { return }
        restingPlace = location
        holdTimer?.cancel()
        // Unowned: the timer is cancelled before the recognizer goes (deinit, reset).
        holdTimer = timers?.schedule(after: minimumHoldDuration) { [unowned self] in
            if self.state == .possible { self.setState(.began) }
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        finish(lifted: true)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        finish(lifted: false)
    }

    /// The followed touch lifted or was cancelled: a hold in progress ends
    /// (or is cancelled); one still awaited fails.
    private func finish(lifted: Bool) {
        holdTimer?.cancel()
        if isHolding {
            setState(lifted ? .ended : .cancelled)
        } else if state == .possible {
            setState(.failed)
        }
    }

    override func reset() {
        super.reset()
        holdTimer?.cancel()
        holdTimer = nil
        start = nil
        restingPlace = nil
    }
}
