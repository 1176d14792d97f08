/// Recognizes fingers dragging (UIPanGestureRecognizer). Continuous: `began`
/// once the fingers' centroid has moved `hysteresis` points with between
/// `minimumNumberOfTouches` and `maximumNumberOfTouches` fingers down,
/// `changed` on each move, `ended` when fewer than the minimum remain.
/// More fingers than the maximum before it begins, or a lift before it
/// begins, fails; fingers beyond the maximum once it runs are ignored.
///
/// The translation is the centroid's displacement since the pan began, so
/// it is zero at `.began`, as in UIKit. The hysteresis distance the fingers
/// moved before that is `translationBeforeBegan(in:)`: content that should
/// stay under the finger from the moment it went down adds it once, at
/// `.began`. Fingers joining or leaving shift the centroid but not the
/// translation.
///
/// It also takes indirect swipes (a touchpad's), whatever their number of
/// fingers: `began` once their centre has moved `hysteresis` points,
/// `changed` on each step, `ended` or `cancelled` with them; the
/// translation and velocity are then theirs.
open class PanGestureRecognizer: GestureRecognizer {
    var minimumNumberOfTouches = 1
    public var maximumNumberOfTouches = Int.max
    /// Points the centroid must move before the pan begins, so a tap or a
    /// press that wobbles is not a pan. UIKit uses about 10 points.
    public var hysteresis = 10.0

    /// The fingers of the pan, in the order they went down.
    private var fingers: [Touch] = []
    /// Translation = centroid − origin, in window coordinates. Before the
    /// pan begins, the origin is where enough fingers went down; from then
    /// on, where the centroid was as it began.
    private var origin: Point?
    /// How far the centroid had moved from where enough fingers went down
    /// when the pan asked to begin, in window coordinates.
    private var displacementBeforeBegan = Vector.zero
    private var centroid = Point.zero
    private var velocityEstimator = VelocityEstimator()

    /// The translation in `view`'s coordinates (window coordinates when nil).
    public func translation(in view: View?) -> Vector {
        guard let origin else { return .zero }
        return WindowVector.convert(centroid - origin, to: view)
    }

    /// How far the fingers' centroid moved, in `view`'s coordinates (window
    /// coordinates when nil), from where enough fingers went down to where
    /// the pan began: the hysteresis that `translation(in:)` does not hold.
    /// UIKit has no such method (its pan just starts at zero); the canvas,
    /// the pictures and the scroll view add it at `.began` so that what they
    /// drag stays under the finger instead of 10 points behind it.
    public func translationBeforeBegan(in view: View?) -> Vector {
        WindowVector.convert(displacementBeforeBegan, to: view)
    }

    /// Makes the current translation `translation` (in `view`'s
    /// coordinates), for example zero after applying it, so the next
    /// `changed` reports only the movement since.
    public func setTranslation(_ translation: Vector, in view: View?) {
        origin = centroid - WindowVector.convert(translation, from: view)
    }

    /// How fast the centroid moves, in `view`'s points per second (window
    /// coordinates when nil), over the last 0.1 s.
    public func velocity(in view: View?) -> Vector {
        let velocity = velocityEstimator.velocity
        return WindowVector.convert(Vector(dx: velocity.x, dy: velocity.y), to: view)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        var joining = touches.sorted { $0.serial < $1.serial }
        if state.isInProgress {
            // Fingers beyond the maximum are not part of a running pan.
            let room = max(0, maximumNumberOfTouches - fingers.count)
            for touch in joining.dropFirst(room) { ignore(touch, for: event) }
            joining = Array(joining.prefix(room))
        }
        guard state == .possible || state.isInProgress else { return }
        changeFingers(adding: joining, removing: [], at: event.timestamp)
        if state == .possible && fingers.count > maximumNumberOfTouches {
            state = .failed
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        centroid = currentCentroid()
        velocityEstimator.add(SIMD2(centroid.x, centroid.y), at: event.timestamp)
        if state == .possible {
            if fingers.count < minimumNumberOfTouches {
                // Too few fingers to pan yet: the translation counts from
                // when there are enough.
                origin = centroid
            } else if fingers.count <= maximumNumberOfTouches, !isAwaitingFailure, let origin,
                      (centroid - origin).length >= hysteresis {
                begin(from: origin)
            }
        } else if state.isInProgress {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        fingersLeft(touches, at: event.timestamp, finalState: .ended)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fingersLeft(touches, at: event.timestamp, finalState: .cancelled)
    }

    override func acceptsIndirectGesture(_ kind: IndirectGesture.Kind) -> Bool { kind == .swipe }

    override func indirectGestureBegan(_ gesture: IndirectGesture) {
        origin = gesture.location
        centroid = gesture.location
        velocityEstimator.add(SIMD2(centroid.x, centroid.y), at: gesture.timestamp)
    }

    override func indirectGestureChanged(_ gesture: IndirectGesture) {
        centroid = gesture.location
        velocityEstimator.add(SIMD2(centroid.x, centroid.y), at: gesture.timestamp)
        if state == .possible {
            if !isAwaitingFailure, let origin, (centroid - origin).length >= hysteresis { begin(from: origin) }
        } else if state.isInProgress {
            state = .changed
        }
    }

    override func indirectGestureEnded(_ gesture: IndirectGesture) {
        indirectGestureFinished(at: gesture.timestamp, finalState: .ended)
    }

    override func indirectGestureCancelled(_ gesture: IndirectGesture) {
        indirectGestureFinished(at: gesture.timestamp, finalState: .cancelled)
    }

    open override func reset() {
        super.reset()
        fingers.removeAll(keepingCapacity: true)  // the next gesture reuses the storage
        origin = nil
        displacementBeforeBegan = .zero
        centroid = .zero
        velocityEstimator.removeAll()
    }

    /// Asks to begin, the translation counting from here. While the pan
    /// waits for a recognizer it requires to fail, it asks no more, so the
    /// translation at its `.began` holds the moves made while it waited.
    private func begin(from downOrigin: Point) {
        displacementBeforeBegan = centroid - downOrigin
        origin = centroid
        state = .began
    }

    private func fingersLeft(_ touches: Set<Touch>, at time: Double, finalState: State) {
        changeFingers(adding: [], removing: touches, at: time)
        if fingers.isEmpty {
            // The last fingers lifted where they were: a pause before the
            // lift shows as zero velocity.
            velocityEstimator.add(SIMD2(centroid.x, centroid.y), at: time)
        }
        if state == .possible {
            if fingers.isEmpty { state = .failed }
        } else if state.isInProgress && fingers.count < minimumNumberOfTouches {
            state = finalState
        }
    }

    private func indirectGestureFinished(at time: Double, finalState: State) {
        // As for lifted fingers: a pause before the end shows as zero velocity.
        velocityEstimator.add(SIMD2(centroid.x, centroid.y), at: time)
        if state == .possible {
            state = .failed
        } else if state.isInProgress {
            state = finalState
        }
    }

    /// Adds and removes fingers, moving the origin with the centroid so the
    /// translation does not jump.
    private func changeFingers(adding added: [Touch], removing removed: Set<Touch>, at time: Double) {
        let before = fingers.isEmpty ? nil : currentCentroid()
        fingers.removeAll { removed.contains($0) }
        fingers.append(contentsOf: added)
        guard !fingers.isEmpty else { return }
        let after = currentCentroid()
        if let before, let origin {
            self.origin = origin + (after - before)
        } else if origin == nil {
            origin = after
        }
        centroid = after
        velocityEstimator.removeAll()
        velocityEstimator.add(SIMD2(after.x, after.y), at: time)
    }

    private func currentCentroid() -> Point {
        TouchCore.centroid(of: fingers.lazy.map { $0.location(in: nil) }) ?? centroid
    }
}
