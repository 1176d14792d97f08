// The example of a custom recognizer: written only against the public
// subclassing API of `GestureRecognizer` (the touch methods, `state`,
// `reset()`, `Touch.location(in:)`), exactly as an app outside TouchCore
// would write it, so it may be copied as a starting point. It uses
// nothing internal to the library; keep it that way.

/// Recognizes a "tickle": one finger rubbing left and right, reversing
/// direction `requiredDirectionChanges` times, each time after a horizontal
/// stroke of at least `minimumStroke` points. Discrete: recognized at the
/// last reversal. A second finger, a lift or a cancel before then fails.
/// (The tickle of the UIGestureRecognizer tutorial's monkey and banana.)
open class TickleGestureRecognizer: GestureRecognizer {
    public var requiredDirectionChanges = 3
    public var minimumStroke = 25.0

    private var counter: DirectionChangeCounter?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard touches.count == 1, counter == nil, let touch = touches.first else {
            state = .failed
            return
        }
        counter = DirectionChangeCounter(startX: touch.location(in: nil).x, minimumStroke: minimumStroke)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let touch = touches.first else { return }
        counter?.move(to: touch.location(in: nil).x)
        if let changes = counter?.directionChanges, changes >= requiredDirectionChanges {
            state = .recognized
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        counter = nil
    }

    /// Counts horizontal direction changes that follow a long enough stroke.
    public struct DirectionChangeCounter: Sendable {
        public let minimumStroke: Double
        public private(set) var directionChanges = 0
        /// Where the current stroke started.
        private var anchor: Double
        /// The furthest point of the current stroke.
        private var extreme: Double
        /// +1 right, −1 left, 0 before the first movement.
        private var direction = 0.0

        public init(startX: Double, minimumStroke: Double) {
            self.minimumStroke = minimumStroke
            anchor = startX
            extreme = startX
        }

        public mutating func move(to x: Double) {
            if direction == 0 {
                if x != anchor {
                    direction = x > anchor ? 1 : -1
                    extreme = x
                }
            } else if (x - extreme) * direction >= 0 {
                extreme = x
            } else {
                // Reversal: it counts when the stroke before it was long enough.
                if abs(extreme - anchor) >= minimumStroke { directionChanges += 1 }
                anchor = extreme
                extreme = x
                direction = -direction
            }
        }
    }
}
