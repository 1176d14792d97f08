/// Recognizes two fingers moving apart or together (UIPinchGestureRecognizer).
/// Continuous: `began` once the distance between the fingers has changed by
/// `hysteresis` points, `changed` on each move, `ended` when a finger lifts.
///
/// `scale` is the current distance over the distance when the second finger
/// went down (times whatever `scale` was last set to). A third finger is not
/// part of the gesture.
///
/// It also takes indirect pinches (a touchpad's, Ctrl+wheel): `began` once
/// their scale has changed by `indirectHysteresis`, `ended` or `cancelled`
/// with them; `scale` is then theirs, and `location(in:)` their centre.
open class PinchGestureRecognizer: GestureRecognizer {
    /// Points the distance must change before the pinch begins.
    public var hysteresis = 8.0
    /// How far an indirect pinch's scale must move from 1 before the pinch
    /// begins (5 %: one Ctrl+wheel click is 10 %).
    var indirectHysteresis = 0.05

    private var fingers: [Touch] = []
    private var referenceDistance: Double?
    private var scaleAtReference = 1.0
    private var velocityEstimator = VelocityEstimator()
    /// The indirect pinch's scale that `scaleAtReference` stands for.
    private var indirectReference: Double?

    /// The current distance over the distance at the start; settable, for
    /// example back to 1 to get incremental scales.
    public var scale: Double {
        get {
            if let indirectReference, let gesture = indirectGesture, indirectReference > 0 {
                return scaleAtReference * gesture.scale / indirectReference
            }
            guard let referenceDistance, referenceDistance > 0, let distance = currentDistance else {
                return scaleAtReference
            }
            return scaleAtReference * distance / referenceDistance
        }
        set {
            scaleAtReference = newValue
            if indirectReference != nil, let gesture = indirectGesture {
                indirectReference = gesture.scale
            } else {
                referenceDistance = currentDistance ?? referenceDistance
            }
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
        continuousGestureMoved(pastHysteresis: abs(distance - referenceDistance) >= hysteresis)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        fingerLifted(touches, finalState: .ended)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fingerLifted(touches, finalState: .cancelled)
    }

    override func acceptsIndirectGesture(_ kind: IndirectGesture.Kind) -> Bool { kind == .pinch }

    override func indirectGestureBegan(_ gesture: IndirectGesture) {
        indirectReference = gesture.scale
        velocityEstimator.add(scale, at: gesture.timestamp)
    }

    override func indirectGestureChanged(_ gesture: IndirectGesture) {
        guard let indirectReference, indirectReference > 0 else { return }
        velocityEstimator.add(scale, at: gesture.timestamp)
        continuousGestureMoved(pastHysteresis: abs(gesture.scale / indirectReference - 1) >= indirectHysteresis)
    }

    override func indirectGestureEnded(_ gesture: IndirectGesture) {
        indirectGestureFinished(at: gesture.timestamp, finalState: .ended)
    }

    override func indirectGestureCancelled(_ gesture: IndirectGesture) {
        indirectGestureFinished(at: gesture.timestamp, finalState: .cancelled)
    }

    open override func reset() {
        super.reset()
        indirectReference = nil
        fingers.removeAll(keepingCapacity: true)  // the next gesture reuses the storage
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
        finish(as: finalState)
    }

    private func indirectGestureFinished(at time: Double, finalState: State) {
        // A pause before the end shows as zero velocity.
        velocityEstimator.add(scale, at: time)
        scaleAtReference = scale
        indirectReference = nil
        finish(as: finalState)
    }

    private var currentDistance: Double? {
        guard fingers.count == 2 else { return nil }
        return TwoFingerGeometry(first: fingers[0].location(in: nil), second: fingers[1].location(in: nil)).distance
    }
}
