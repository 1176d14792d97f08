/// A displacement between two points (a translation, a velocity per second).
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = Vector(dx: 0, dy: 0)

    /// Euclidean length.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }

    /// The vector with its linear part transformed; translation does not
    /// move a displacement.
    public func applying(_ transform: AffineTransform) -> Vector {
        Vector(dx: transform.a * dx + transform.c * dy,
               dy: transform.b * dx + transform.d * dy)
    }

    public var description: String { "(\(dx), \(dy))" }

    public static func + (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy)
    }

    public static func - (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy)
    }

    public static prefix func - (vector: Vector) -> Vector {
        Vector(dx: -vector.dx, dy: -vector.dy)
    }

    public static func * (vector: Vector, factor: Double) -> Vector {
        Vector(dx: vector.dx * factor, dy: vector.dy * factor)
    }

    public static func / (vector: Vector, divisor: Double) -> Vector {
        Vector(dx: vector.dx / divisor, dy: vector.dy / divisor)
    }
}
