/// An axis-aligned rectangle: an origin and a size.
///
/// Like CGRect, the min/max accessors and the set operations work on the
/// standardized rectangle, so a negative width or height is allowed. The
/// `null` rectangle (no area and no position) is what an empty intersection
/// returns and is the identity of `union`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// The smallest rectangle containing every point of `points`, or `null`
    /// when there are none. Any sequence of points will do (a buffer, a
    /// lazy map of samples), so no caller copies its points into an array
    /// to measure them; `@inlinable` so that a loaded drawing's freehand
    /// lines are measured by a specialized loop.
    @inlinable
    public init<Points: Sequence<Point>>(enclosing points: Points) {
        var remaining = points.makeIterator()
        guard let first = remaining.next() else {
            self = .null
            return
        }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        while let point = remaining.next() {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var midX: Double { origin.x + size.width / 2 }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: width, height: height)
    }

    public var isNull: Bool { origin.x.isInfinite || origin.y.isInfinite }

    /// True for the null rectangle and for any rectangle without area.
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// Whether `point` lies inside; the max edges are outside, so adjacent
    /// rectangles never both contain a point.
    public func contains(_ point: Point) -> Bool {
        !isEmpty && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        if other.isNull { return true }
        return !isNull && other.minX >= minX && other.maxX <= maxX
            && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the two rectangles share some area.
    public func intersects(_ other: Rect) -> Bool {
        !intersection(other).isEmpty
    }

    /// The shared area, or `null` when there is none.
    public func intersection(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let left = max(minX, other.minX), right = min(maxX, other.maxX)
        let top = max(minY, other.minY), bottom = min(maxY, other.maxY)
        guard left < right, top < bottom else { return .null }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        if isNull { return other.standardized }
        if other.isNull { return standardized }
        let left = min(minX, other.minX), right = max(maxX, other.maxX)
        let top = min(minY, other.minY), bottom = max(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Shrinks (positive values) or grows (negative values) every edge.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        return Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        return Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The bounding box of the four transformed corners.
    public func applying(_ transform: AffineTransform) -> Rect {
        if isNull { return self }
        if transform.b == 0 && transform.c == 0 {
            // Scale and translation only (every view without a rotation):
            // the corners' box without building them.
            let x0 = transform.a * minX + transform.tx, x1 = transform.a * maxX + transform.tx
            let y0 = transform.d * minY + transform.ty, y1 = transform.d * maxY + transform.ty
            return Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
        }
        let corners = [Point(x: minX, y: minY), Point(x: maxX, y: minY),
                       Point(x: minX, y: maxY), Point(x: maxX, y: maxY)]
        return Rect(enclosing: corners.map { $0.applying(transform) })
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
