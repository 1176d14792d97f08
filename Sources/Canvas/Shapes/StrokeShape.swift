import TouchCore

/// The shape a freehand stroke approximates (`ShapeRecognizer`), in drawing
/// coordinates: what hold to straighten turns the stroke into.
public enum StrokeShape: Equatable, Sendable {
    /// A straight line from where the stroke began to where it ended.
    case line(begin: Point, end: Point)
    /// A rectangle at any rotation: its four corners in the order the
    /// stroke went round them, the first nearest where it began.
    case rectangle(corners: [Point])
    /// An ellipse around `center`, `radiusX` along the direction `angle`
    /// (radians from the x axis) and `radiusY` across it.
    case ellipse(center: Point, radiusX: Double, radiusY: Double, angle: Double)
    /// Straight pieces through `vertices`: the stroke's two ends with one
    /// to six corners between them. Closed when the last vertex is the first.
    case polyline(vertices: [Point])

    /// Segments an ellipse is drawn with: at a radius of 1,000 points a
    /// chord strays 1 point from the curve.
    static let ellipseSegments = 72

    /// The shape as a line of the drawing: a straight line stays one (the
    /// file keeps it as such); the others become freehand lines through
    /// their corners (an ellipse through `ellipseSegments` points), every
    /// point pressed with `pressure`, so the width is even all round.
    public func line(style: StrokeStyle, pressure: Double) -> Line {
        switch self {
        case .line(let begin, let end):
            return Line(begin: begin, end: end, style: style)
        case .rectangle(let corners):
            return Line(freehand: (corners + [corners[0]]).map { FreehandPoint($0, pressure: pressure) }, style: style)
        case .ellipse(let center, let radiusX, let radiusY, let angle):
            let u = Vector(dx: Double.cos(angle), dy: Double.sin(angle)), v = Vector(dx: -u.dy, dy: u.dx)
            let points = (0...Self.ellipseSegments).map { step in
                let t = 2 * Double.pi * Double(step % Self.ellipseSegments) / Double(Self.ellipseSegments)
                return FreehandPoint(center + u * (radiusX * Double.cos(t)) + v * (radiusY * Double.sin(t)),
                                     pressure: pressure)
            }
            return Line(freehand: points, style: style)
        case .polyline(let vertices):
            return Line(freehand: vertices.map { FreehandPoint($0, pressure: pressure) }, style: style)
        }
    }

    /// The shape adjusted by a finger that straightened it at `hold` and
    /// has since moved by `offset` (QuickShape's drag to adjust): a line's
    /// end and a polyline's last vertex follow the finger (both ends of a
    /// closed one, so it stays closed); a rectangle's or an ellipse's
    /// corner nearest `hold` (of the ellipse's box, along its axes) follows
    /// it, the opposite corner stays, and the rotation is kept. Always
    /// computed from the shape as recognized, so the corner that follows
    /// never changes during one hold.
    public func dragged(from hold: Point, by offset: Vector) -> StrokeShape {
        switch self {
        case .line(let begin, let end):
            return .line(begin: begin, end: end + offset)
        case .polyline(var vertices):
            let isClosed = vertices.first == vertices.last
            vertices[vertices.count - 1] += offset
            if isClosed { vertices[0] = vertices[vertices.count - 1] }
            return .polyline(vertices: vertices)
        case .rectangle(let corners):
            let handle = corners.indices.min { corners[$0].distance(to: hold) < corners[$1].distance(to: hold) }!
            let anchor = corners[(handle + 2) % 4]
            let u = Self.unit(corners[1] - corners[0]), v = Self.unit(corners[3] - corners[0])
            let reach = corners[handle] + offset - anchor
            let alongU = u * Self.dot(reach, u), alongV = v * Self.dot(reach, v)
            let moved = corners.indices.map { index -> Point in
                if index == handle { return anchor + alongU + alongV }
                if index == (handle + 2) % 4 { return anchor }
                let side = corners[index] - anchor
                return abs(Self.dot(side, u)) > abs(Self.dot(side, v)) ? anchor + alongU : anchor + alongV
            }
            return .rectangle(corners: moved)
        case .ellipse(let center, let radiusX, let radiusY, let angle):
            let u = Vector(dx: Double.cos(angle), dy: Double.sin(angle)), v = Vector(dx: -u.dy, dy: u.dx)
            let toHold = hold - center
            let signU: Double = Self.dot(toHold, u) < 0 ? -1 : 1, signV: Double = Self.dot(toHold, v) < 0 ? -1 : 1
            let corner = center + u * (signU * radiusX) + v * (signV * radiusY)
            let anchor = center - u * (signU * radiusX) - v * (signV * radiusY)
            let reach = corner + offset - anchor
            return .ellipse(center: anchor + reach * 0.5, radiusX: abs(Self.dot(reach, u)) / 2,
                            radiusY: abs(Self.dot(reach, v)) / 2, angle: angle)
        }
    }

    /// What a person calls it (`--trace`, tests).
    public var name: String {
        switch self {
        case .line: "line"
        case .rectangle: "rectangle"
        case .ellipse: "ellipse"
        case .polyline(let vertices) where vertices.first == vertices.last: "closed polyline of \(vertices.count - 1) corners"
        case .polyline(let vertices): "polyline of \(vertices.count - 2) corners"
        }
    }

    static func dot(_ a: Vector, _ b: Vector) -> Double { a.dx * b.dx + a.dy * b.dy }

    /// `vector` scaled to length 1 (the zero vector stays zero).
    static func unit(_ vector: Vector) -> Vector {
        let length = vector.length
        return length > 0 ? vector / length : .zero
    }
}
