// The example of a custom recognizer: written only against the public
// subclassing API of `GestureRecognizer` (the touch methods, `state`,
// `reset()`, `ignore(_:for:)`, `Touch.location(in:)` and
// `previousLocation(in:)`), exactly as an app
// outside TouchCore would write it, so it may be copied as a starting point.
// It uses nothing internal to the library; keep it that way.

/// Recognizes a "tickle": one finger rubbing left and right over its view,
/// the UIGestureRecognizer tutorial's recognizer (the monkey and the
/// banana), rule for rule:
/// - a tickle counts once the finger is `distanceForTickle` points (25)
///   left or right of where the last one counted (of where it went down,
///   for the first), the other way than the last one;
/// - it recognizes when the count passes `requiredTickles` (2): three
///   strokes, two reversals (100 → 130 → 100 → 130 tickles);
/// - distances are along the x axis of the view it is attached to, in its
///   units, so a scaled or turned picture is rubbed along its own width.
///   The tutorial reads `location(in: view)` of a finger of the message;
///   this adds up each move of the fingers converted into the view as it
///   is at that move (the one difference kept), which is the same while
///   the view stays put and one finger rubs, and still sees the rub when
///   the view moves under the finger (a picture its pan drags along, where
///   `location(in: view)` would barely change);
/// - it follows any finger in the view, as the tutorial's code does (it
///   takes whichever touch the message holds): a finger that goes down
///   starts the next tickle from where it is, keeping the count, and a
///   message of several moving fingers moves by their mean step, not by
///   the jump from one finger to another;
/// - lifting or cancelling any finger before then fails it.
/// Discrete: recognized at the counting move.
open class TickleGestureRecognizer: GestureRecognizer {
    /// Recognized when more tickles than this have counted.
    var requiredTickles = 2
    /// How far (points, in the view) the finger goes for a tickle to count.
    var distanceForTickle = 25.0

    /// How far the fingers have gone along the view's x axis since it went
    /// down, move by move.
    private var travelled = 0.0
    private var counter: TickleCounter?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if counter == nil {
            travelled = 0
            counter = TickleCounter(startX: 0, distance: distanceForTickle)
        } else {
            // The tutorial's `curTickleStart = location of the new touch`.
            counter?.restart(at: travelled)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, !touches.isEmpty else { return }
        var step = 0.0
        for touch in touches { step += touch.location(in: view).x - touch.previousLocation(in: view).x }
        travelled += step / Double(touches.count)
        counter?.move(to: travelled)
        if let count = counter?.count, count > requiredTickles {
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
        travelled = 0
        counter = nil
    }

    /// Counts the tutorial's tickles along one axis: a tickle counts when
    /// the finger is `distance` or more from where the last one counted, in
    /// the other direction than the last one (any direction for the first);
    /// farther the same way counts nothing and moves nothing.
    public struct TickleCounter: Sendable {
        public let distance: Double
        public private(set) var count = 0
        /// Where the last tickle counted; where the finger went down before
        /// the first.
        public private(set) var start: Double
        /// +1 right, −1 left, 0 before the first tickle.
        private var direction = 0.0

        init(startX: Double, distance: Double) {
            self.distance = distance
            start = startX
        }

        /// The next tickle counts from `x`; the count and the direction
        /// of the last one stay.
        mutating func restart(at x: Double) {
            start = x
        }

        public mutating func move(to x: Double) {
            let difference = x - start
            guard abs(difference) >= distance else { return }
            let towards: Double = difference < 0 ? -1 : 1
            guard towards != direction else { return }
            start = x
            direction = towards
            count += 1
        }
    }
}
