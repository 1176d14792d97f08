import TouchCore

/// A stroke of the drawing: straight (the book's line, from where a finger
/// went down to where it is or was lifted), or freehand (every point the
/// finger, mouse or pen passed through, each with its pressure, which sets
/// the width there).
///
/// A freehand line is a chain of capsules: capsule `i` joins point `i`
/// and point `i + 1` with the convex hull of two discs whose diameters are
/// the widths at those points (`CanvasMetrics.freehandWidth`); a line of
/// one point is one disc.
///
/// Every line has its own colour and width (`style`); a freehand line's
/// pressures scale its width. Everything that measures a line (hit-testing,
/// the eraser, the grid index) measures the polyline through the points.
public struct Line: Hashable, Sendable {
    enum Shape {
        case straight(begin: Point, end: Point)
        /// The samples as drawn, and how far the line has moved since: a
        /// move is a new offset, never a copy of the points.
        case freehand(FreehandStorage, offset: Vector)
    }

    private(set) var shape: Shape
    /// Its colour and width.
    public private(set) var style: StrokeStyle

    public init(begin: Point, end: Point, style: StrokeStyle = .standard) {
        shape = .straight(begin: begin, end: end)
        self.style = style
    }

    /// A freehand line through `points` (at least one), moved by `offset`.
    public init(freehand points: some Sequence<FreehandPoint>, offset: Vector = .zero, style: StrokeStyle = .standard) {
        shape = .freehand(FreehandStorage(ContiguousArray(points)), offset: offset)
        self.style = style
    }

    /// The same line in another colour or width (a freehand line shares
    /// its points with this one).
    public func restyled(_ style: StrokeStyle) -> Line {
        var line = self
        line.style = style
        return line
    }

    /// Points across the line where it is pressed fully (all of a straight
    /// line).
    public var width: Double { style.width.points }

    /// The first point (of a freehand line: its first sample).
    public var begin: Point {
        switch shape {
        case .straight(let begin, _): begin
        case .freehand(let storage, let offset): storage.points[0].location + offset
        }
    }

    /// The last point.
    public var end: Point {
        switch shape {
        case .straight(_, let end): end
        case .freehand(let storage, let offset): storage.points[storage.points.count - 1].location + offset
        }
    }

    public var isFreehand: Bool {
        if case .freehand = shape { return true }
        return false
    }

    /// The points of a freehand line where it is now; nil for a straight line.
    public var freehandPoints: FreehandPoints? {
        guard case .freehand(let storage, let offset) = shape else { return nil }
        return FreehandPoints(storage: storage, offset: offset)
    }

    /// How many points a freehand line has (0 for a straight line).
    public var freehandPointCount: Int {
        guard case .freehand(let storage, _) = shape else { return 0 }
        return storage.points.count
    }

    /// The smallest rectangle holding every point (zero width or height
    /// for horizontal and vertical lines). Stroke width is the renderer's
    /// business: callers outset it (see `paintedBounds`).
    public var bounds: Rect {
        switch shape {
        case .straight(let begin, let end):
            let x0 = min(begin.x, end.x), y0 = min(begin.y, end.y)
            return Rect(x: x0, y: y0, width: max(begin.x, end.x) - x0, height: max(begin.y, end.y) - y0)
        case .freehand(let storage, let offset):
            return storage.bounds.offsetBy(dx: offset.dx, dy: offset.dy)
        }
    }

    /// Every coordinate is a finite number (never NaN or infinite), and
    /// every pressure a finite one within 0…1.
    public var isFinite: Bool {
        switch shape {
        case .straight(let begin, let end):
            return begin.x.isFinite && begin.y.isFinite && end.x.isFinite && end.y.isFinite
        case .freehand(let storage, let offset):
            let bounds = storage.bounds
            return offset.dx.isFinite && offset.dy.isFinite && bounds.minX.isFinite && bounds.maxX.isFinite
                && bounds.minY.isFinite && bounds.maxY.isFinite
                && (bounds.minX + offset.dx).isFinite && (bounds.maxX + offset.dx).isFinite
                && (bounds.minY + offset.dy).isFinite && (bounds.maxY + offset.dy).isFinite
                && storage.points.allSatisfy(\.isValid)
        }
    }

    /// The same line moved by `offset` (a freehand line shares its points
    /// with this one).
    public func translated(by offset: Vector) -> Line {
        var moved = self
        switch shape {
        case .straight(let begin, let end): moved.shape = .straight(begin: begin + offset, end: end + offset)
        case .freehand(let storage, let old): moved.shape = .freehand(storage, offset: old + offset)
        }
        return moved
    }

    /// The same freehand line with its offset set to `offset`; a straight
    /// line as it is.
    public func withFreehandOffset(_ offset: Vector) -> Line {
        guard case .freehand(let storage, _) = shape else { return self }
        var moved = self
        moved.shape = .freehand(storage, offset: offset)
        return moved
    }

    // MARK: Capsules

    /// The pieces a freehand line is measured and painted by: one per pair
    /// of neighbouring points, or one (a dot) for a line of one point. A
    /// straight line is one piece.
    public var segmentCount: Int {
        switch shape {
        case .straight: 1
        case .freehand(let storage, _): max(1, storage.points.count - 1)
        }
    }

    /// The centre line of piece `index`: a straight line from one point to
    /// the next (begin equal to end for the dot of a one-point line).
    public func segment(_ index: Int) -> Line {
        switch shape {
        case .straight:
            return self
        case .freehand(let storage, let offset):
            let points = storage.points
            let a = points[index], b = points[min(index + 1, points.count - 1)]
            return Line(begin: a.location + offset, end: b.location + offset, style: style)
        }
    }

    /// Piece `index` as painted: its two end points and the width at each.
    public func capsule(_ index: Int) -> Capsule {
        switch shape {
        case .straight(let begin, let end):
            return Capsule(begin: begin, end: end, beginWidth: width, endWidth: width)
        case .freehand(let storage, let offset):
            let points = storage.points
            let a = points[index], b = points[min(index + 1, points.count - 1)]
            return Capsule(begin: a.location + offset, end: b.location + offset,
                           beginWidth: CanvasMetrics.freehandWidth(pressure: a.pressure, fullWidth: width),
                           endWidth: CanvasMetrics.freehandWidth(pressure: b.pressure, fullWidth: width))
        }
    }

    /// Whether every piece of the line is as wide as every other (a
    /// straight line; a freehand line drawn with a finger or the mouse).
    public var hasUniformWidth: Bool {
        guard case .freehand(let storage, _) = shape else { return true }
        let first = storage.points[0].pressure
        return storage.points.allSatisfy { $0.pressure == first }
    }

    // MARK: Measuring

    /// The exact squared distance from `point` to the closest point of the
    /// line (of a freehand line: of the polyline through its points; an
    /// end point when the perpendicular foot falls outside a segment).
    /// Squared so that comparisons against a radius stay exact for integer
    /// inputs: 20 pt is within 20, 20.000001 is not.
    func squaredDistance(to point: Point) -> Double {
        switch shape {
        case .straight(let begin, let end):
            return Self.squaredDistance(from: point, toSegment: begin, end)
        case .freehand(let storage, let offset):
            // Measured in the samples' own frame: the point moves instead of every sample.
            let local = point - offset
            return storage.points.withUnsafeBufferPointer { points in
                guard points.count > 1 else {
                    return Self.squaredDistance(from: local, toSegment: points[0].location, points[0].location)
                }
                var best = Double.infinity
                for index in 1..<points.count {
                    best = min(best, Self.squaredDistance(from: local, toSegment: points[index - 1].location,
                                                          points[index].location))
                }
                return best
            }
        }
    }

    /// The least squared distance from `point` to pieces `segments` of the
    /// line (the grid index measures only the pieces near a point).
    func squaredDistance(to point: Point, segments: ClosedRange<Int>) -> Double {
        guard case .freehand(let storage, let offset) = shape else { return squaredDistance(to: point) }
        let local = point - offset
        return storage.points.withUnsafeBufferPointer { points in
            var best = Double.infinity
            for index in segments {
                best = min(best, Self.squaredDistance(from: local, toSegment: points[index].location,
                                                      points[min(index + 1, points.count - 1)].location))
            }
            return best
        }
    }

    /// The exact squared distance from `point` to the segment from `begin`
    /// to `end`.
    static func squaredDistance(from point: Point, toSegment begin: Point, _ end: Point) -> Double {
        let sx = end.x - begin.x, sy = end.y - begin.y
        let px = point.x - begin.x, py = point.y - begin.y
        let lengthSquared = sx * sx + sy * sy
        var t = 0.0
        if lengthSquared > 0 {
            t = min(1, max(0, (px * sx + py * sy) / lengthSquared))
        }
        let dx = px - t * sx, dy = py - t * sy
        return dx * dx + dy * dy
    }

    /// The exact distance from `point` to the line.
    public func distance(to point: Point) -> Double {
        squaredDistance(to: point).squareRoot()
    }

    /// Whether any point of the line lies inside or on the edge of `rect`.
    public func intersects(_ rect: Rect) -> Bool {
        switch shape {
        case .straight(let begin, let end):
            return Self.segment(begin, end, intersects: rect)
        case .freehand:
            let box = bounds
            guard box.minX <= rect.maxX, box.maxX >= rect.minX, box.minY <= rect.maxY, box.maxY >= rect.minY
            else { return false }
            return segments(intersecting: rect, in: 0...(segmentCount - 1))
        }
    }

    /// Whether any of pieces `range` touches `rect`.
    func segments(intersecting rect: Rect, in range: ClosedRange<Int>) -> Bool {
        guard case .freehand(let storage, let offset) = shape else { return intersects(rect) }
        let local = rect.offsetBy(dx: -offset.dx, dy: -offset.dy)
        return storage.points.withUnsafeBufferPointer { points in
            for index in range where Self.segment(points[index].location, points[min(index + 1, points.count - 1)].location,
                                                  intersects: local) {
                return true
            }
            return false
        }
    }

    /// Whether any point of the segment from `begin` to `end` lies inside
    /// or on the edge of `rect`.
    static func segment(_ begin: Point, _ end: Point, intersects rect: Rect) -> Bool {
        clip(begin, end, to: rect) != nil
    }

    /// The part of the segment from `begin` to `end` inside or on the edge
    /// of `rect`, as the fractions of the way from `begin` to `end` where it
    /// starts and stops (Liang–Barsky clipping, in floating point); nil
    /// when no point of it is there.
    public static func clip(_ begin: Point, _ end: Point, to rect: Rect) -> (start: Double, stop: Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = end.x - begin.x, dy = end.y - begin.y
        // Each pair is (p, q) for one edge: the segment is outside where p*t > q.
        func clip(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 {
                if t > t1 { return false }
                t0 = max(t0, t)
            } else {
                if t < t0 { return false }
                t1 = min(t1, t)
            }
            return true
        }
        guard clip(-dx, begin.x - rect.minX), clip(dx, rect.maxX - begin.x),
              clip(-dy, begin.y - rect.minY), clip(dy, rect.maxY - begin.y) else { return nil }
        return (t0, t1)
    }

    // MARK: Equality

    /// Lines are equal when they are of the same kind and style and their
    /// points are where the other's are (with the same pressures), however
    /// they got there: a freehand line moved by 10 equals one drawn 10
    /// further.
    public static func == (lhs: Line, rhs: Line) -> Bool {
        guard lhs.style == rhs.style else { return false }
        switch (lhs.shape, rhs.shape) {
        case (.straight(let a0, let a1), .straight(let b0, let b1)):
            return a0 == b0 && a1 == b1
        case (.freehand(let a, let aOffset), .freehand(let b, let bOffset)):
            if a === b && aOffset == bOffset { return true }
            guard a.points.count == b.points.count else { return false }
            let lhsPoints = FreehandPoints(storage: a, offset: aOffset)
            let rhsPoints = FreehandPoints(storage: b, offset: bOffset)
            return lhsPoints.elementsEqual(rhsPoints)
        default:
            return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(isFreehand)
        hasher.combine(style)
        hasher.combine(freehandPointCount)
        hasher.combine(begin)
        hasher.combine(end)
    }
}

/// One piece of a line as painted: the convex hull of a disc of
/// `beginWidth` around `begin` and one of `endWidth` around `end` (for
/// equal widths, a segment with round caps).
public struct Capsule: Hashable, Sendable {
    public var begin: Point
    public var end: Point
    public var beginWidth: Double
    public var endWidth: Double

    public init(begin: Point, end: Point, beginWidth: Double, endWidth: Double) {
        self.begin = begin
        self.end = end
        self.beginWidth = beginWidth
        self.endWidth = endWidth
    }
}

extension Line: CustomStringConvertible {
    public var description: String {
        switch shape {
        case .straight(let begin, let end):
            "Line(\(begin) → \(end)\(style.isStandard ? "" : ", \(style)"))"
        case .freehand(let storage, let offset):
            "Line(freehand: \(storage.points.count) points from \(begin), moved by \(offset)"
                + (style.isStandard ? ")" : ", \(style))")
        }
    }
}

extension Line {
    /// Appends `point` to a freehand line being drawn; returns false for a
    /// straight line. Only the drawing's line in progress calls it: its
    /// samples are held by no other value, so they grow in place.
    mutating func appendFreehandPoint(_ point: FreehandPoint) -> Bool {
        guard case .freehand(var storage, let offset) = shape else { return false }
        // Let go of the shape's reference first, so that `storage` is the
        // only one and grows in place instead of being copied.
        shape = .straight(begin: .zero, end: .zero)
        if !isKnownUniquelyReferenced(&storage) { storage = FreehandStorage(storage.points) }
        storage.append(point - offset)
        shape = .freehand(storage, offset: offset)
        return true
    }

    /// Replaces the last point of a freehand line being drawn (same rules
    /// as `appendFreehandPoint`); returns false for a straight line.
    mutating func replaceLastFreehandPoint(_ point: FreehandPoint) -> Bool {
        guard case .freehand(var storage, let offset) = shape else { return false }
        shape = .straight(begin: .zero, end: .zero)
        if !isKnownUniquelyReferenced(&storage) { storage = FreehandStorage(storage.points) }
        storage.replaceLast(point - offset)
        shape = .freehand(storage, offset: offset)
        return true
    }

    /// The same line with its samples in storage of their exact size (a
    /// line that was drawn point by point keeps up to twice the room).
    func compacted() -> Line {
        guard case .freehand(let storage, let offset) = shape else { return self }
        var line = self
        line.shape = .freehand(storage.compacted(), offset: offset)
        return line
    }
}

extension FreehandPoint {
    /// The sample moved back by `offset`.
    static func - (point: FreehandPoint, offset: Vector) -> FreehandPoint {
        FreehandPoint(x: point.x - offset.dx, y: point.y - offset.dy, pressure: point.pressure)
    }
}
