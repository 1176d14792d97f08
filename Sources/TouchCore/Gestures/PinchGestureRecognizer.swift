/// Recognizes two fingers moving apart or together (UIPinchGestureRecognizer).
/// Continuous: `began` once the distance between the fingers has changed by
/// `hysteresis` points, `changed` on each move, `ended` when a finger lifts.
///
/// `scale` is the current distance over the distance when the second finger
/// went down (times whatever `scale` was last set to). A third finger is not
/// part of the gesture.
open class PinchGestureRecognizer: GestureRecognizer {
    /// Points the distance must change before the pinch begins.
    public var hysteresis = 8.0

    private var fingers: [Touch] = []
    private var referenceDistance: Double?
    private var scaleAtReference = 1.0
    private var velocityEstimator = VelocityEstimator()

    /// The current distance over the distance at the start; settable, for
    /// example back to 1 to get incremental scales.
    public var scale: Double {
        get {
            guard let referenceDistance, referenceDistance > 0, let distance = currentDistance else {
                return scaleAtReference
            }
            return scaleAtReference * distance / referenceDistance
        }
        set {
            scaleAtReference = newValue
            referenceDistance = currentDistance ?? referenceDistance
        }
    }

    /// Scale change per second, over the last 0.1 s.
    public var velocity: Double { velocityEstimator.velocity.x }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        admitFingerPair(touches, into: &fingers, event: event)
        if fingers.count == 2, referenceDistance == nil {
            referenceDistance = currentDistance
            velocityEstimator.add(scale, at: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let referenceDistance, let distance = currentDistance else { return }
        velocityEstimator.add(scale, at: event.timestamp)
        if state == .possible {
            if abs(distance - referenceDistance) >= hysteresis { state = .began }
        } else if state.isInProgress {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        fingerLifted(touches, finalState: .ended)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fingerLifted(touches, finalState: .cancelled)
    }

    open override func reset() {
        super.reset()
        fingers = []
        referenceDistance = nil
        scaleAtReference = 1
        velocityEstimator.removeAll()
    }

    private func fingerLifted(_ touches: Set<Touch>, finalState: State) {
        // Keep the last scale: read after the gesture, it stays put.
        let finalScale = scale
        fingers.removeAll { touches.contains($0) }
        scaleAtReference = finalScale
        referenceDistance = nil
        if state.isInProgress {
            state = finalState
        } else if state == .possible {
            state = .failed
        }
    }

    private var currentDistance: Double? {
        guard fingers.count == 2 else { return nil }
        return TwoFingerGeometry(first: fingers[0].location(in: nil), second: fingers[1].location(in: nil)).distance
    }
}
