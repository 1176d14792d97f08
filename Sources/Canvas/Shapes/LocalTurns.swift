import TouchCore

/// How sharply a stroke turns at each of its points: the angle between the
/// way it runs over the stretch that arrives there from `reach` away
/// (straight-line distance) and the way it runs over the stretch that
/// leaves it for `reach` away. Each way is from the mean of the stretch's
/// first half to the mean of its second half, so one sample's jitter (the
/// farthest point Ramer–Douglas–Peucker keeps is often just that) turns
/// nothing, and a curve of radius r turns only about reach / r there.
/// Reads the points it was made from: valid while they are.
struct LocalTurns {
    private let points: UnsafeBufferPointer<Point>
    private let reach: Double

    init(_ points: UnsafeBufferPointer<Point>, reach: Double) {
        self.points = points
        self.reach = reach
    }

    /// Radians, 0…π; 0 where either stretch has fewer than two points
    /// (the stroke's ends are no corners).
    func turn(at index: Int) -> Double {
        let vertex = points[index]
        var before = index, after = index
        while before > 0 && points[before].distance(to: vertex) < reach { before -= 1 }
        while after < points.count - 1 && points[after].distance(to: vertex) < reach { after += 1 }
        guard index - before >= 1, after - index >= 1 else { return 0 }
        let incoming = way(from: before, to: index), outgoing = way(from: index, to: after)
        let lengths = incoming.length * outgoing.length
        guard lengths > 0 else { return 0 }
        return Double.acos(max(-1, min(1, StrokeShape.dot(incoming, outgoing) / lengths)))
    }

    /// From the mean of the first half of `points[first...last]` to the
    /// mean of its second half.
    private func way(from first: Int, to last: Int) -> Vector {
        let middle = (first + last + 1) / 2
        return mean(middle...last) - mean(first...(middle - 1))
    }

    private func mean(_ range: ClosedRange<Int>) -> Point {
        var sumX = 0.0, sumY = 0.0
        for index in range {
            sumX += points[index].x
            sumY += points[index].y
        }
        return Point(x: sumX / Double(range.count), y: sumY / Double(range.count))
    }
}
