import Canvas
import TouchCore

/// Reproducible pseudo-random freehand drawings for benchmarks and
/// randomized tests, shaped like pen strokes.
public enum SampleStrokes {
    /// `count` freehand lines of `points` points each: each starts uniform
    /// in `area` and wanders like a pen, a step of 1 to 4 points per
    /// sample in a direction that turns a little each time, with a
    /// pressure that rises and falls between 0.2 and 1. The same seed
    /// always gives the same lines.
    public static func random(count: Int, points: Int, in area: Rect, seed: UInt64 = 11) -> [Line] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var x = area.minX + random.unit() * area.width, y = area.minY + random.unit() * area.height
            var heading = random.unit() * 2 * Double.pi
            var turn = 0.0
            let phase = random.unit() * 2 * Double.pi
            var samples: [FreehandPoint] = []
            samples.reserveCapacity(points)
            for index in 0..<points {
                let pressure = 0.6 + 0.4 * Double.sin(phase + Double(index) / 20)
                samples.append(FreehandPoint(x: x, y: y, pressure: (pressure * 1000).rounded() / 1000))
                turn = 0.8 * turn + (random.unit() - 0.5) * 0.12
                heading += turn
                let step = 1 + random.unit() * 3
                x = min(area.maxX, max(area.minX, x + step * Double.cos(heading)))
                y = min(area.maxY, max(area.minY, y + step * Double.sin(heading)))
            }
            return Line(freehand: samples)
        }
    }
}
