import TouchCore

extension Line {
    /// The exact squared distance between this line and `other`: 0 when
    /// they cross, otherwise the least distance between a piece of one and
    /// a piece of the other (two segments that do not cross are closest at
    /// an end point of one of them).
    func squaredDistance(to other: Line) -> Double {
        if !isFreehand && !other.isFreehand {
            return Self.squaredDistance(between: begin, end, and: other.begin, other.end)
        }
        var best = Double.infinity
        for index in 0..<segmentCount {
            let piece = segment(index)
            for otherIndex in 0..<other.segmentCount {
                let otherPiece = other.segment(otherIndex)
                best = min(best, Self.squaredDistance(between: piece.begin, piece.end, and: otherPiece.begin, otherPiece.end))
                if best == 0 { return 0 }
            }
        }
        return best
    }

    /// The exact squared distance between segments a0–a1 and b0–b1.
    static func squaredDistance(between a0: Point, _ a1: Point, and b0: Point, _ b1: Point) -> Double {
        if crosses(a0, a1, b0, b1) { return 0 }
        return min(squaredDistance(from: b0, toSegment: a0, a1), squaredDistance(from: b1, toSegment: a0, a1),
                   squaredDistance(from: a0, toSegment: b0, b1), squaredDistance(from: a1, toSegment: b0, b1))
    }

    /// Whether the two segments cross properly (orientation tests).
    /// Collinear or touching cases give a zero orientation; the end point
    /// distances of `squaredDistance(between:and:)` answer those exactly.
    private static func crosses(_ a0: Point, _ a1: Point, _ b0: Point, _ b1: Point) -> Bool {
        func orientation(_ a: Point, _ b: Point, _ c: Point) -> Double {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        let d1 = orientation(b0, b1, a0)
        let d2 = orientation(b0, b1, a1)
        let d3 = orientation(a0, a1, b0)
        let d4 = orientation(a0, a1, b1)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }
}
