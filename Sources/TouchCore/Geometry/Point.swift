/// A position in some view's coordinate space (points, y grows downwards).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Straight-line distance between two points.
    public func distance(to other: Point) -> Double {
        (other - self).length
    }

    /// The point moved by `transform` (linear part plus translation).
    public func applying(_ transform: AffineTransform) -> Point {
        Point(x: transform.a * x + transform.c * y + transform.tx,
              y: transform.b * x + transform.d * y + transform.ty)
    }

    public var description: String { "(\(x), \(y))" }

    /// The displacement that takes `rhs` to `lhs`.
    public static func - (lhs: Point, rhs: Point) -> Vector {
        Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y)
    }

    public static func + (point: Point, offset: Vector) -> Point {
        Point(x: point.x + offset.dx, y: point.y + offset.dy)
    }

    public static func - (point: Point, offset: Vector) -> Point {
        Point(x: point.x - offset.dx, y: point.y - offset.dy)
    }

    public static func += (point: inout Point, offset: Vector) {
        point = point + offset
    }
}
