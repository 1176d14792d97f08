import TouchCore

/// The ellipse a closed stroke approximates: the conic
/// `A·x² + B·xy + C·y² + D·x + E·y = 1` nearest the stroke's points in the
/// least-squares sense (algebraic distance; the points taken about their
/// centroid and in units of the stroke's size, so the five sums stay well
/// conditioned), kept when that conic is an ellipse; and how far the stroke
/// strays from it, measured along the ray from its centre.
struct EllipseFit {
    let center: Point
    let radiusX: Double
    let radiusY: Double
    /// Radians from the x axis to the `radiusX` axis.
    let angle: Double
    /// Root mean square of the points' distances to the ellipse.
    let rmsDistance: Double

    /// Nil when the nearest conic is no ellipse (a hyperbola, parabola or
    /// line: the points lie along a line, or curve only one way).
    init?(_ points: UnsafeBufferPointer<Point>, size: Double) {
        guard size > 0 else { return nil }
        var meanX = 0.0, meanY = 0.0
        for point in points {
            meanX += point.x
            meanY += point.y
        }
        meanX /= Double(points.count)
        meanY /= Double(points.count)
        // Normal equations of the five unknowns, each row with its right
        // side in lane 5 (lane 5 of a point's terms is the 1 it should equal).
        var rows = [SIMD8<Double>](repeating: .zero, count: 5)
        for point in points {
            let x = (point.x - meanX) / size, y = (point.y - meanY) / size
            let terms = SIMD8<Double>(x * x, x * y, y * y, x, y, 1, 0, 0)
            for i in 0..<5 { rows[i] += terms * terms[i] }
        }
        var matrix = rows.map { row in (0..<6).map { row[$0] } }
        guard let conic = Self.solve(&matrix) else { return nil }
        let (a, b, c, d, e) = (conic[0], conic[1], conic[2], conic[3], conic[4])
        let determinant = 4 * a * c - b * b
        guard determinant > 1e-12 else { return nil }
        // The centre, where the gradient vanishes.
        let x0 = (b * e - 2 * c * d) / determinant, y0 = (b * d - 2 * a * e) / determinant
        let level = 1 - (a * x0 * x0 + b * x0 * y0 + c * y0 * y0 + d * x0 + e * y0)
        let angle = 0.5 * Double.atan2(y: b, x: a - c)
        let cosine = Double.cos(angle), sine = Double.sin(angle)
        let alongU = a * cosine * cosine + b * sine * cosine + c * sine * sine
        let alongV = a * sine * sine - b * sine * cosine + c * cosine * cosine
        guard alongU * level > 0, alongV * level > 0 else { return nil }
        center = Point(x: meanX + x0 * size, y: meanY + y0 * size)
        radiusX = (level / alongU).squareRoot() * size
        radiusY = (level / alongV).squareRoot() * size
        self.angle = angle
        var sum = 0.0
        for point in points {
            let distance = Self.radialDistance(of: point, center: center, radiusX: radiusX, radiusY: radiusY,
                                               cosine: cosine, sine: sine)
            sum += distance * distance
        }
        rmsDistance = (sum / Double(points.count)).squareRoot()
    }

    /// How far `point` is from the ellipse along the ray from its centre
    /// through it: close to the true distance for the round shapes a
    /// person draws, and exact for a circle.
    private static func radialDistance(of point: Point, center: Point, radiusX: Double, radiusY: Double,
                                       cosine: Double, sine: Double) -> Double {
        let offset = point - center
        let u = offset.dx * cosine + offset.dy * sine, v = -offset.dx * sine + offset.dy * cosine
        let scaled = ((u / radiusX) * (u / radiusX) + (v / radiusY) * (v / radiusY)).squareRoot()
        guard scaled > 0 else { return min(radiusX, radiusY) }
        return offset.length * abs(1 - 1 / scaled)
    }

    /// Solves the augmented 5×6 system in place by Gaussian elimination
    /// with partial pivoting; nil when it is singular.
    private static func solve(_ matrix: inout [[Double]]) -> [Double]? {
        let count = matrix.count
        for column in 0..<count {
            let pivot = (column..<count).max { abs(matrix[$0][column]) < abs(matrix[$1][column]) }!
            guard abs(matrix[pivot][column]) > 1e-15 else { return nil }
            matrix.swapAt(column, pivot)
            for row in (column + 1)..<count {
                let factor = matrix[row][column] / matrix[column][column]
                for entry in column...count { matrix[row][entry] -= factor * matrix[column][entry] }
            }
        }
        var solution = [Double](repeating: 0, count: count)
        for row in stride(from: count - 1, through: 0, by: -1) {
            var value = matrix[row][count]
            for column in (row + 1)..<count { value -= matrix[row][column] * solution[column] }
            solution[row] = value / matrix[row][row]
        }
        return solution
    }
}
