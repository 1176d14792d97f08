import TouchCore

/// Reproducible strokes that look hand-drawn: points along an ideal path,
/// at even steps, with a slow wobble across the path and a finger's jitter
/// on top, for the shape recognizer's tests and benchmark and the
/// hold-to-straighten tests.
public struct HandDrawnStrokes {
    public var random: SplitMix64
    /// Amplitude of the slow wobble, as a fraction of the path's size.
    var wobble = 0.01
    /// Largest jitter of one point, as a fraction of the size.
    public var jitter = 0.004

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// `count` points along the polyline through `vertices`, roughened.
    public mutating func along(_ vertices: [Point], count: Int = 200) -> [Point] {
        let lengths = (1..<vertices.count).map { vertices[$0].distance(to: vertices[$0 - 1]) }
        let total = lengths.reduce(0, +)
        return roughened(count: count) { t in
            var distance = t * total, piece = 0
            while piece < lengths.count - 1 && distance > lengths[piece] {
                distance -= lengths[piece]
                piece += 1
            }
            let fraction = lengths[piece] > 0 ? min(1, distance / lengths[piece]) : 0
            return vertices[piece] + (vertices[piece + 1] - vertices[piece]) * fraction
        }
    }

    /// `count` points round an ellipse, starting at `start` radians and
    /// going `turns` times round.
    public mutating func ellipse(center: Point, radiusX: Double, radiusY: Double, angle: Double, start: Double = 0,
                          turns: Double = 1, count: Int = 200) -> [Point] {
        let u = Vector(dx: Double.cos(angle), dy: Double.sin(angle)), v = Vector(dx: -u.dy, dy: u.dx)
        return roughened(count: count) { t in
            let phase = start + 2 * Double.pi * turns * t
            return center + u * (radiusX * Double.cos(phase)) + v * (radiusY * Double.sin(phase))
        }
    }

    /// A scribble: a random walk of `count` steps that keeps turning.
    public mutating func scribble(from start: Point, count: Int = 200, step: Double = 6) -> [Point] {
        var points = [start], heading = 0.0
        for _ in 1..<count {
            heading += (random.unit() - 0.5) * 2.4
            points.append(points[points.count - 1] + Vector(dx: Double.cos(heading), dy: Double.sin(heading)) * step)
        }
        return points
    }

    private mutating func roughened(count: Int, _ ideal: (Double) -> Point) -> [Point] {
        let clean = (0..<count).map { ideal(Double($0) / Double(count - 1)) }
        let box = Rect(enclosing: clean)
        let size = Vector(dx: box.width, dy: box.height).length
        let phase = random.unit() * 2 * Double.pi
        return clean.enumerated().map { index, point in
            let t = Double(index) / Double(count - 1)
            let slow = Double.sin(phase + 5 * Double.pi * t) * wobble * size
            let jitterX = (random.unit() - 0.5) * 2 * jitter * size, jitterY = (random.unit() - 0.5) * 2 * jitter * size
            return Point(x: point.x + slow + jitterX, y: point.y - slow + jitterY)
        }
    }
}
