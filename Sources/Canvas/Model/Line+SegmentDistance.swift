import TouchCore

extension Line {
    /// The exact squared distance between this segment and `other`: 0 when
    /// they cross, otherwise the least distance from an end point of one to
    /// the other segment (two segments that do not cross are closest at an
    /// end point of one of them).
    public func squaredDistance(to other: Line) -> Double {
        if crosses(other) { return 0 }
        return min(squaredDistance(to: other.begin), squaredDistance(to: other.end),
                   other.squaredDistance(to: begin), other.squaredDistance(to: end))
    }

    /// Whether the two segments share a point, touching ends and collinear
    /// overlaps included (orientation tests).
    private func crosses(_ other: Line) -> Bool {
        func orientation(_ a: Point, _ b: Point, _ c: Point) -> Double {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        let d1 = orientation(other.begin, other.end, begin)
        let d2 = orientation(other.begin, other.end, end)
        let d3 = orientation(begin, end, other.begin)
        let d4 = orientation(begin, end, other.end)
        // Collinear or touching cases give a zero orientation; the end point
        // distances of `squaredDistance(to:)` answer those exactly.
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }
}
