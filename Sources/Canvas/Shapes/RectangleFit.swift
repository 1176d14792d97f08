import TouchCore

/// The rectangle, at any rotation, that a closed stroke approximates, and
/// how far the stroke strays from it.
///
/// 1. A first rotation: a rectangle's sides run along two perpendicular
///    directions, which are one direction modulo 90°. Each chord of the
///    stroke (`chordSpan` samples long, so jitter hardly turns it) votes for
///    its direction times four (which folds the four directions of the
///    sides into one), weighted by its length; the mean of the votes,
///    divided by four again, is the rotation.
/// 2. The sides at a rotation: in the rectangle's own axes, each point
///    belongs to the side it is nearest; each side sits at the mean of its
///    points' coordinate across it (the least-squares position), starting
///    from the points' bounds and repeated `settlingRounds` times.
/// 3. The rotation is refined to the one whose sides the points stray from
///    least (root mean square), searching ±8° around the first in halving
///    steps down to ⅛°, on at most `searchSamples` of the points evenly
///    spread (the search's 15 fits would cost 15 times the points); the
///    sides at the rotation found are then fitted to all of them.
struct RectangleFit {
    /// The corners in the order the stroke went round them, the first
    /// nearest where it began.
    let corners: [Point]
    /// Root mean square of the points' distances to the rectangle's outline.
    let rmsDistance: Double
    /// The shorter side's length over the longer's.
    let aspect: Double

    static let settlingRounds = 3
    static let chordSpan = 8
    static let searchSamples = 256

    /// The sides found at one rotation, in the rectangle's own axes.
    private struct Sides {
        var angle: Double
        var left = Double.infinity, right = -Double.infinity, top = Double.infinity, bottom = -Double.infinity
        var rmsDistance = Double.infinity
    }

    init?(_ points: UnsafeBufferPointer<Point>) {
        guard points.count >= 4 else { return nil }
        let sampled = stride(from: 0, to: points.count, by: max(1, points.count / Self.searchSamples)).map { points[$0] }
        var best = sampled.withUnsafeBufferPointer { sampled in
            var best = Self.sides(of: sampled, at: Self.firstRotation(points))
            var step = 8 * Double.pi / 180
            while step >= Double.pi / 1440 {
                for angle in [best.angle - step, best.angle + step] {
                    let sides = Self.sides(of: sampled, at: angle)
                    if sides.rmsDistance < best.rmsDistance { best = sides }
                }
                step /= 2
            }
            return best
        }
        best = Self.sides(of: points, at: best.angle)
        guard best.right > best.left, best.bottom > best.top else { return nil }
        rmsDistance = best.rmsDistance
        let width = best.right - best.left, height = best.bottom - best.top
        aspect = min(width, height) / max(width, height)
        let u = Vector(dx: Double.cos(best.angle), dy: Double.sin(best.angle)), v = Vector(dx: -u.dy, dy: u.dx)
        let global = { (x: Double, y: Double) in Point.zero + u * x + v * y }
        var corners = [global(best.left, best.top), global(best.right, best.top), global(best.right, best.bottom),
                       global(best.left, best.bottom)]
        // Round in the stroke's direction (the sign of its shoelace area),
        // from the corner nearest its start.
        if Self.signedArea(points) < 0 { corners.reverse() }
        let first = corners.indices.min { corners[$0].distance(to: points[0]) < corners[$1].distance(to: points[0]) }!
        self.corners = Array(corners[first...] + corners[..<first])
    }

    private static func firstRotation(_ points: UnsafeBufferPointer<Point>) -> Double {
        var sumCos = 0.0, sumSin = 0.0
        let span = min(chordSpan, points.count - 1)
        for index in span..<points.count {
            let chord = points[index] - points[index - span]
            let length = chord.length
            guard length > 0 else { continue }
            let direction = 4 * Double.atan2(y: chord.dy, x: chord.dx)
            sumCos += length * Double.cos(direction)
            sumSin += length * Double.sin(direction)
        }
        return Double.atan2(y: sumSin, x: sumCos) / 4
    }

    private static func sides(of points: UnsafeBufferPointer<Point>, at angle: Double) -> Sides {
        let u = Vector(dx: Double.cos(angle), dy: Double.sin(angle)), v = Vector(dx: -u.dy, dy: u.dx)
        func local(_ point: Point) -> (x: Double, y: Double) {
            (point.x * u.dx + point.y * u.dy, point.x * v.dx + point.y * v.dy)
        }
        var sides = Sides(angle: angle)
        for point in points {
            let (x, y) = local(point)
            sides.left = min(sides.left, x)
            sides.right = max(sides.right, x)
            sides.top = min(sides.top, y)
            sides.bottom = max(sides.bottom, y)
        }
        for _ in 0..<settlingRounds {
            var sumLeft = 0.0, sumRight = 0.0, sumTop = 0.0, sumBottom = 0.0
            var countLeft = 0, countRight = 0, countTop = 0, countBottom = 0
            for point in points {
                let (x, y) = local(point)
                let toLeft = abs(x - sides.left), toRight = abs(x - sides.right)
                let toTop = abs(y - sides.top), toBottom = abs(y - sides.bottom)
                let nearest = min(toLeft, toRight, toTop, toBottom)
                if nearest == toLeft {
                    sumLeft += x
                    countLeft += 1
                } else if nearest == toRight {
                    sumRight += x
                    countRight += 1
                } else if nearest == toTop {
                    sumTop += y
                    countTop += 1
                } else {
                    sumBottom += y
                    countBottom += 1
                }
            }
            if countLeft > 0 { sides.left = sumLeft / Double(countLeft) }
            if countRight > 0 { sides.right = sumRight / Double(countRight) }
            if countTop > 0 { sides.top = sumTop / Double(countTop) }
            if countBottom > 0 { sides.bottom = sumBottom / Double(countBottom) }
        }
        var sum = 0.0
        for point in points {
            let (x, y) = local(point)
            let outsideX = max(sides.left - x, 0, x - sides.right), outsideY = max(sides.top - y, 0, y - sides.bottom)
            let distance: Double
            if outsideX > 0 || outsideY > 0 {
                distance = (outsideX * outsideX + outsideY * outsideY).squareRoot()
            } else {
                distance = min(x - sides.left, sides.right - x, y - sides.top, sides.bottom - y)
            }
            sum += distance * distance
        }
        sides.rmsDistance = (sum / Double(points.count)).squareRoot()
        return sides
    }

    /// Twice the shoelace area of the closed stroke: positive when it goes
    /// round the way x turns into y (clockwise on screen).
    private static func signedArea(_ points: UnsafeBufferPointer<Point>) -> Double {
        var area = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        return area
    }
}
