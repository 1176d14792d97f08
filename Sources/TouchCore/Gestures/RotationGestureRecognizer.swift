/// Recognizes two fingers turning around each other
/// (UIRotationGestureRecognizer). Continuous: `began` once they have turned
/// by `hysteresis` radians, `changed` on each move, `ended` when a finger
/// lifts.
///
/// `rotation` is the angle turned since the second finger went down, in
/// radians, positive from +x towards +y (clockwise on screen, as in UIKit),
/// continuous across half turns. A third finger is not part of the gesture.
///
/// It also takes indirect pinches (a touchpad's, Shift+wheel): `began` once
/// they have turned by `hysteresis`, `ended` or `cancelled` with them;
/// `rotation` is then theirs, and `location(in:)` their centre.
open class RotationGestureRecognizer: GestureRecognizer {
    /// Radians the fingers must turn before the rotation begins (about 5°).
    public var hysteresis = Double.pi / 36

    private var fingers: [Touch] = []
    private var accumulator: AngleAccumulator?
    private var rotationAtStart = 0.0
    private var velocityEstimator = VelocityEstimator()
    /// The indirect pinch's rotation that `rotationAtStart` stands for.
    private var indirectReference: Double?

    /// Radians turned; settable, for example back to 0 to get increments.
    public var rotation: Double {
        get {
            if let indirectReference, let gesture = indirectGesture {
                return rotationAtStart + gesture.rotation - indirectReference
            }
            return rotationAtStart + (accumulator?.total ?? 0)
        }
        set {
            rotationAtStart = newValue
            if indirectReference != nil, let gesture = indirectGesture {
                indirectReference = gesture.rotation
            } else if accumulator != nil {
                accumulator = AngleAccumulator()
                if let angle = currentAngle { accumulator?.add(angle) }
            }
        }
    }

    /// Radians per second, over the last 0.1 s.
    public var velocity: Double { velocityEstimator.velocity.x }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        admitFingerPair(touches, into: &fingers, event: event)
        if fingers.count == 2, accumulator == nil, let angle = currentAngle {
            accumulator = AngleAccumulator()
            accumulator?.add(angle)
            velocityEstimator.add(rotation, at: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard accumulator != nil, let angle = currentAngle else { return }
        accumulator?.add(angle)
        velocityEstimator.add(rotation, at: event.timestamp)
        continuousGestureMoved(pastHysteresis: abs(accumulator?.total ?? 0) >= hysteresis)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        fingerLifted(touches, finalState: .ended)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fingerLifted(touches, finalState: .cancelled)
    }

    override func acceptsIndirectGesture(_ kind: IndirectGesture.Kind) -> Bool { kind == .pinch }

    override func indirectGestureBegan(_ gesture: IndirectGesture) {
        indirectReference = gesture.rotation
        velocityEstimator.add(rotation, at: gesture.timestamp)
    }

    override func indirectGestureChanged(_ gesture: IndirectGesture) {
        guard let indirectReference else { return }
        velocityEstimator.add(rotation, at: gesture.timestamp)
        continuousGestureMoved(pastHysteresis: abs(gesture.rotation - indirectReference) >= hysteresis)
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
        accumulator = nil
        rotationAtStart = 0
        velocityEstimator.removeAll()
    }

    private func fingerLifted(_ touches: Set<Touch>, finalState: State) {
        rotationAtStart = rotation
        accumulator = nil
        fingers.removeAll { touches.contains($0) }
        finish(as: finalState)
    }

    private func indirectGestureFinished(at time: Double, finalState: State) {
        // A pause before the end shows as zero velocity.
        velocityEstimator.add(rotation, at: time)
        rotationAtStart = rotation
        indirectReference = nil
        finish(as: finalState)
    }

    private var currentAngle: Double? {
        guard fingers.count == 2 else { return nil }
        return TwoFingerGeometry(first: fingers[0].location(in: nil), second: fingers[1].location(in: nil)).angle
    }
}
