import TouchCore

/// The outline of one capsule of a line (see `Capsule`): a disc when one
/// end's disc holds the other's, else the convex hull of the two discs,
/// an arc around each end joined by the two outer tangents. What Cairo
/// fills on screen and in PNG and PDF files, what the SVG writer spells out,
/// and what the canvas view draws itself with, so every picture of a freehand line has the same shape.
public struct CapsuleOutline {
    public enum Shape {
        case disc(center: Point, radius: Double)
        /// The end's arc runs from `angle − spread` to `angle + spread`
        /// (through `angle`, the direction from begin to end), the begin's
        /// from `angle + spread` on to `angle − spread + 2π`; both in the
        /// direction of growing angles, so every outline winds the same
        /// way and overlapping ones fill as their union.
        case hull(begin: Point, beginRadius: Double, end: Point, endRadius: Double, angle: Double, spread: Double)
    }

    public let shape: Shape

    public init(_ capsule: Capsule) {
        let r0 = capsule.beginWidth / 2, r1 = capsule.endWidth / 2
        let dx = capsule.end.x - capsule.begin.x, dy = capsule.end.y - capsule.begin.y
        let distance = (dx * dx + dy * dy).squareRoot()
        if distance <= abs(r0 - r1) || distance == 0 {
            shape = r0 >= r1 ? .disc(center: capsule.begin, radius: r0) : .disc(center: capsule.end, radius: r1)
        } else {
            shape = .hull(begin: capsule.begin, beginRadius: r0, end: capsule.end, endRadius: r1,
                          angle: Double.atan2(y: dy, x: dx), spread: Double.acos(max(-1, min(1, (r0 - r1) / distance))))
        }
    }

    /// Adds the outline to `context`'s current path as a closed sub-path.
    public func add(to context: DrawingContext) {
        switch shape {
        case .disc(let center, let radius):
            context.addCircle(center: center, radius: radius)
        case .hull(let begin, let r0, let end, let r1, let angle, let spread):
            context.move(to: Point(x: end.x + r1 * Double.cos(angle - spread), y: end.y + r1 * Double.sin(angle - spread)))
            context.addArc(center: end, radius: r1, startAngle: angle - spread, endAngle: angle + spread,
                           decreasing: false)
            context.addArc(center: begin, radius: r0, startAngle: angle + spread,
                           endAngle: angle - spread + 2 * .pi, decreasing: false)
            context.closePath()
        }
    }
}
