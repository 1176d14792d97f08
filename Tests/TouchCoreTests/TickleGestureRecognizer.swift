// A gesture that is not in the library, written with the public API only
// (this file imports TouchCore without @testable): it proves that apps can
// define their own recognizers by overriding the touch methods, setting
// `state` and overriding `reset()`.
import TouchCore

/// Recognizes a "tickle": one finger rubbing left and right, reversing
/// direction `requiredDirectionChanges` times, each time after a horizontal
/// stroke of at least `minimumStroke` points. Discrete: recognized at the
/// last reversal. A second finger, a lift or a cancel before then fails.
final class TickleGestureRecognizer: GestureRecognizer {
    var requiredDirectionChanges = 3
    var minimumStroke = 25.0

    private var counter: TickleCounter?

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard touches.count == 1, counter == nil, let touch = touches.first else {
            state = .failed
            return
        }
        counter = TickleCounter(startX: touch.location(in: nil).x, minimumStroke: minimumStroke)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let touch = touches.first else { return }
        counter?.move(to: touch.location(in: nil).x)
        if let changes = counter?.directionChanges, changes >= requiredDirectionChanges {
            state = .recognized
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    override func reset() {
        super.reset()
        counter = nil
    }
}

/// Counts horizontal direction changes that follow a long enough stroke.
struct TickleCounter {
    let minimumStroke: Double
    private(set) var directionChanges = 0
    /// Where the current stroke started.
    private var anchor: Double
    /// The furthest point of the current stroke.
    private var extreme: Double
    /// +1 right, −1 left, 0 before the first movement.
    private var direction = 0.0

    init(startX: Double, minimumStroke: Double) {
        self.minimumStroke = minimumStroke
        anchor = startX
        extreme = startX
    }

    mutating func move(to x: Double) {
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
