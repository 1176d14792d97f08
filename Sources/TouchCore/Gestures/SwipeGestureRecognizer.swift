import Timing

/// Recognizes a quick straight stroke in one of the permitted directions
/// (UISwipeGestureRecognizer). Discrete: recognized while the fingers are
/// still moving, as soon as the stroke qualifies.
///
/// Thresholds (UIKit does not document its own; these feel alike): the
/// fingers' centroid must travel `minimumDistance` (50) points along the
/// stroke's axis within `maximumDuration` (0.5 s) of the fingers going down,
/// while straying at most `maximumOffAxisRatio` (0.5, about 27°) of that
/// distance across it. Exactly `numberOfTouchesRequired` fingers must be
/// down. A stroke in a direction that is not permitted, a wrong finger
/// count, a lift or a timeout fails.
///
/// It also takes indirect swipes (a touchpad's), judged by the same
/// thresholds on their centre's travel from `began`, whatever their number
/// of fingers (a touchpad swipe needs three or more); one that ends or is
/// cancelled before it qualifies fails.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Directions on screen: `up` is towards smaller y.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8

        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The permitted directions. Default `.right`, as in UIKit.
    public var direction: Direction = .right
    public var numberOfTouchesRequired = 1
    var minimumDistance = 50.0
    var maximumDuration = 0.5
    var maximumOffAxisRatio = 0.5

    private var fingers: [Touch] = []
    private var start: Point?
    private var timer: TimerHandle?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if fingers.isEmpty {
            timer = schedule(after: maximumDuration) { $0.fail() }
        }
        fingers.append(contentsOf: touches.sorted { $0.serial < $1.serial })
        if fingers.count > numberOfTouchesRequired {
            fail()
        } else if fingers.count == numberOfTouchesRequired {
            start = centroidOfFingers()
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let start, let current = centroidOfFingers() else { return }
        judge(current - start)
    }

    /// Recognizes, fails or waits on the stroke so far.
    private func judge(_ displacement: Vector) {
        let classifier = SwipeClassifier(minimumDistance: minimumDistance, maximumOffAxisRatio: maximumOffAxisRatio)
        switch classifier.classify(displacement, permitted: direction) {
        case .undecided:
            break
        case .recognized:
            timer?.cancel()
            state = .recognized
        case .failed:
            fail()
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        fail()
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fail()
    }

    override func acceptsIndirectGesture(_ kind: IndirectGesture.Kind) -> Bool { kind == .swipe }

    override func indirectGestureBegan(_ gesture: IndirectGesture) {
        start = gesture.location
        timer = schedule(after: maximumDuration) { $0.fail() }
    }

    override func indirectGestureChanged(_ gesture: IndirectGesture) {
        guard state == .possible, let start else { return }
        judge(gesture.location - start)
    }

    override func indirectGestureEnded(_ gesture: IndirectGesture) {
        fail()
    }

    override func indirectGestureCancelled(_ gesture: IndirectGesture) {
        fail()
    }

    open override func reset() {
        super.reset()
        timer?.cancel()
        timer = nil
        fingers.removeAll(keepingCapacity: true)  // the next gesture reuses the storage
        start = nil
    }

    private func centroidOfFingers() -> Point? {
        centroid(of: fingers.lazy.map { $0.location(in: nil) })
    }

    private func fail() {
        timer?.cancel()
        if state == .possible { state = .failed }
    }
}

/// Decides whether a displacement is a swipe, and in which direction.
struct SwipeClassifier {
    enum Verdict: Equatable {
        case undecided
        case recognized(SwipeGestureRecognizer.Direction)
        case failed
    }

    let minimumDistance: Double
    let maximumOffAxisRatio: Double

    /// Judged along the dominant axis once the stroke is long enough on it.
    func classify(_ displacement: Vector, permitted: SwipeGestureRecognizer.Direction) -> Verdict {
        let horizontal = abs(displacement.dx) >= abs(displacement.dy)
        let along = horizontal ? abs(displacement.dx) : abs(displacement.dy)
        let across = horizontal ? abs(displacement.dy) : abs(displacement.dx)
        guard along >= minimumDistance else { return .undecided }
        guard across <= along * maximumOffAxisRatio else { return .failed }
        let direction: SwipeGestureRecognizer.Direction = horizontal
            ? (displacement.dx > 0 ? .right : .left)
            : (displacement.dy > 0 ? .down : .up)
        return permitted.contains(direction) ? .recognized(direction) : .failed
    }
}
