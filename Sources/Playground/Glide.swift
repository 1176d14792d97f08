import TouchCore

/// A picture gliding on after a pan: it leaves with the pan's velocity and
/// slows down exponentially (as a scroll view decelerates) to a stop, at a
/// target clamped so the picture stays on screen.
///
/// Unclamped, the picture travels `velocity / decay` and its speed at the
/// start is the pan's; clamped, it starts slower, so it never overshoots
/// and never bounces. It is at rest once within `restDistance` of the target.
public struct Glide: Equatable, Sendable {
    /// Per second: the speed falls to 1/e in 1/`decay` s (UIScrollView's
    /// normal rate is about 2; 4 stops a flick within about a second and a half).
    static let decay = 4.0
    /// Closer than this (points) to the target counts as there.
    static let restDistance = 0.25

    public let start: Point
    public let target: Point
    /// When it started, seconds on the window's clock.
    public let startTime: Double

    /// A glide from `start` at `velocity` (points per second), starting at
    /// `time`, whose target is kept inside `allowed` (the centers that keep
    /// the picture on screen).
    init(from start: Point, velocity: Vector, at time: Double, keepingInside allowed: Rect) {
        self.start = start
        self.startTime = time
        let natural = start + velocity / Self.decay
        target = Self.clamp(natural, to: allowed)
    }

    /// Where the glide is at `time`.
    public func position(at time: Double) -> Point {
        if isAtRest(at: time) { return target }
        let remaining = Double.exp(-Self.decay * max(0, time - startTime))
        return Point(x: target.x + (start.x - target.x) * remaining, y: target.y + (start.y - target.y) * remaining)
    }

    func isAtRest(at time: Double) -> Bool {
        let remaining = Double.exp(-Self.decay * max(0, time - startTime))
        return start.distance(to: target) * remaining < Self.restDistance
    }

    /// Whether there is anywhere to go.
    var moves: Bool { start.distance(to: target) >= Self.restDistance }

    /// The centers that keep a picture whose frame (in its superview) is
    /// `frame` inside `bounds` (a frame's center is its view's center,
    /// whatever the transform); a picture larger than the bounds may not
    /// leave their middle.
    static func allowedCenters(for frame: Rect, in bounds: Rect) -> Rect {
        let dx = min(frame.width / 2, bounds.width / 2), dy = min(frame.height / 2, bounds.height / 2)
        return bounds.insetBy(dx: dx, dy: dy)
    }

    static func clamp(_ point: Point, to rect: Rect) -> Point {
        Point(x: min(max(point.x, rect.minX), rect.maxX), y: min(max(point.y, rect.minY), rect.maxY))
    }
}
