import TouchCore

/// A straight stroke of the drawing, from where a finger went down to where
/// it is (or was lifted).
public struct Line: Hashable, Sendable {
    public var begin: Point
    public var end: Point

    public init(begin: Point, end: Point) {
        self.begin = begin
        self.end = end
    }

    /// The smallest rectangle holding both end points (zero width or height
    /// for horizontal and vertical lines). Stroke width is the renderer's
    /// business: callers outset it by half the width.
    public var bounds: Rect {
        let x0 = min(begin.x, end.x), y0 = min(begin.y, end.y)
        return Rect(x: x0, y: y0, width: max(begin.x, end.x) - x0, height: max(begin.y, end.y) - y0)
    }

    /// Both end points are finite numbers (never NaN or infinite).
    public var isFinite: Bool {
        begin.x.isFinite && begin.y.isFinite && end.x.isFinite && end.y.isFinite
    }

    /// The same line moved by `offset`.
    public func translated(by offset: Vector) -> Line {
        Line(begin: begin + offset, end: end + offset)
    }

    /// The exact squared distance from `point` to the closest point of the
    /// segment (an end point when the perpendicular foot falls outside it).
    /// Squared so that comparisons against a radius stay exact for integer
    /// inputs: 20 pt is within 20, 20.000001 is not.
    public func squaredDistance(to point: Point) -> Double {
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

    /// The exact distance from `point` to the segment.
    public func distance(to point: Point) -> Double {
        squaredDistance(to: point).squareRoot()
    }

    /// Whether any point of the segment lies inside or on the edge of `rect`
    /// (Liang–Barsky clipping of the segment against the rectangle).
    public func intersects(_ rect: Rect) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let dx = end.x - begin.x, dy = end.y - begin.y
        // Each pair is (p, q) for one edge: the segment is outside where p*t > q.
        let edges = [(-dx, begin.x - rect.minX), (dx, rect.maxX - begin.x),
                     (-dy, begin.y - rect.minY), (dy, rect.maxY - begin.y)]
        for (p, q) in edges {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let t = q / p
                if p < 0 {
                    if t > t1 { return false }
                    t0 = max(t0, t)
                } else {
                    if t < t0 { return false }
                    t1 = min(t1, t)
                }
            }
        }
        return true
    }
}
