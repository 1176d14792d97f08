import TouchCore

/// The straight line nearest a run of points in the least-squares sense
/// (total least squares: perpendicular distances), through their centroid
/// along the covariance's principal direction.
struct FittedLine {
    /// A point of the line: the points' centroid.
    let through: Point
    /// Unit vector along the line.
    let direction: Vector

    /// The line nearest `points[range]` (at least one point; for a single
    /// point, the horizontal through it).
    init(_ points: UnsafeBufferPointer<Point>, _ range: ClosedRange<Int>) {
        var sumX = 0.0, sumY = 0.0
        for index in range {
            sumX += points[index].x
            sumY += points[index].y
        }
        let count = Double(range.count)
        let meanX = sumX / count, meanY = sumY / count
        var xx = 0.0, xy = 0.0, yy = 0.0
        for index in range {
            let dx = points[index].x - meanX, dy = points[index].y - meanY
            xx += dx * dx
            xy += dx * dy
            yy += dy * dy
        }
        // The principal axis of the 2×2 covariance makes the angle
        // ½·atan2(2·xy, xx − yy) with the x axis.
        let angle = 0.5 * Double.atan2(y: 2 * xy, x: xx - yy)
        through = Point(x: meanX, y: meanY)
        direction = Vector(dx: Double.cos(angle), dy: Double.sin(angle))
    }

    /// Where `point` lands when dropped perpendicularly onto the line.
    func projection(of point: Point) -> Point {
        through + direction * StrokeShape.dot(point - through, direction)
    }

    /// Where this line crosses `other`, or nil when they are within about
    /// 6° of parallel (a crossing there is far off and means nothing).
    func intersection(with other: FittedLine) -> Point? {
        let cross = direction.dx * other.direction.dy - direction.dy * other.direction.dx
        guard abs(cross) > 0.1 else { return nil }
        let between = other.through - through
        let t = (between.dx * other.direction.dy - between.dy * other.direction.dx) / cross
        return through + direction * t
    }
}
