import Canvas
import TouchCore

/// Reproducible pseudo-random drawings for benchmarks and randomized tests.
public enum SampleLines {
    /// `count` lines shaped like finger strokes: midpoints uniform in
    /// `area`, random direction, length uniform in `lengths`. The same seed
    /// always gives the same lines.
    public static func random(count: Int, in area: Rect, lengths: ClosedRange<Double> = 5...150,
                              seed: UInt64 = 1) -> [Line] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let mid = Point(x: area.minX + random.unit() * area.width, y: area.minY + random.unit() * area.height)
            let length = lengths.lowerBound + random.unit() * (lengths.upperBound - lengths.lowerBound)
            let direction = random.direction()
            let half = Vector(dx: direction.dx * length / 2, dy: direction.dy * length / 2)
            return Line(begin: mid + Vector(dx: -half.dx, dy: -half.dy), end: mid + half)
        }
    }

    /// `count` points uniform in `area`, for query workloads.
    public static func randomPoints(count: Int, in area: Rect, seed: UInt64 = 2) -> [Point] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            Point(x: area.minX + random.unit() * area.width, y: area.minY + random.unit() * area.height)
        }
    }
}

private extension SplitMix64 {
    /// A uniformly distributed unit vector (rejection sampling in the unit
    /// disc, so no trigonometry is needed).
    mutating func direction() -> Vector {
        while true {
            let dx = unit() * 2 - 1, dy = unit() * 2 - 1
            let lengthSquared = dx * dx + dy * dy
            if lengthSquared > 1e-6 && lengthSquared <= 1 {
                let length = lengthSquared.squareRoot()
                return Vector(dx: dx / length, dy: dy / length)
            }
        }
    }
}
