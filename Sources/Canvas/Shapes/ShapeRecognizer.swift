import TouchCore

/// Decides which shape a freehand stroke approximates, for hold to
/// straighten. Pure: points in, a shape (or nil) out.
///
/// Every threshold is a fraction of the stroke's **size**, the diagonal of
/// its bounding box, so a small shape and a large one are judged alike.
/// The rule (docs/usage.md states it too):
///
/// 1. A stroke whose size is 0 (a dot) stays as drawn.
/// 2. **Closed**: the stroke's last quarter comes back within
///    `closingGap` (15 %) of the size to where it began. A closed stroke is
///    fitted by least squares both as an ellipse (`EllipseFit`) and as a
///    rectangle at any rotation (`RectangleFit`), and becomes the one whose
///    points stray less (root mean square distance), when that is at most
///    `closedShapeError` (3 %) of the size and the shape is not a sliver
///    (its short side or axis at least `smallestAspect`, 10 %, of its long one).
/// 3. Otherwise (or when neither closed fit is good enough), the stroke is
///    fitted as a polyline (`PolylineFit`: corners where it turns by 35° or
///    more between the stretches 5 % of the size long either side); it becomes a straight line (no
///    corners) or a polyline of at most `maximumCorners` (6) corners when
///    its points stray at most `polylineError` (2.5 %) of the size in root
///    mean square and nowhere more than `polylineMaximumDeviation` (8 %).
///    A closed stroke's polyline is closed (a triangle).
/// 4. Anything else (a scribble, a curve, a spiral) stays as drawn.
public enum ShapeRecognizer {
    static let closingGap = 0.15
    static let closedShapeError = 0.03
    static let smallestAspect = 0.1
    static let polylineError = 0.025
    static let polylineMaximumDeviation = 0.08
    static let maximumCorners = 6

    /// The shape `points` (in drawing order) approximate, or nil: the
    /// stroke stays as drawn.
    public static func shape(of points: [Point]) -> StrokeShape? {
        guard points.count >= 2 else { return nil }
        return points.withUnsafeBufferPointer { shape(of: $0) }
    }

    static func shape(of points: UnsafeBufferPointer<Point>) -> StrokeShape? {
        let box = Rect(enclosing: points)
        let size = Vector(dx: box.width, dy: box.height).length
        guard size > 0 else { return nil }
        let closed = isClosed(points, size: size)
        if closed, let shape = closedShape(points, size: size) { return shape }
        guard let polyline = PolylineFit(points, size: size, closing: closed),
              polyline.cornerCount <= maximumCorners,
              polyline.rmsDistance <= polylineError * size,
              polyline.maximumDistance <= polylineMaximumDeviation * size else { return nil }
        if polyline.cornerCount == 0 { return .line(begin: polyline.vertices[0], end: polyline.vertices[1]) }
        return .polyline(vertices: polyline.vertices)
    }

    /// Whether a point of the stroke's last quarter is within `closingGap`
    /// of the size from its first point (a shape drawn round, perhaps
    /// overshooting where it began).
    static func isClosed(_ points: UnsafeBufferPointer<Point>, size: Double) -> Bool {
        let reach = closingGap * size
        let lastQuarter = (points.count * 3 / 4)..<points.count
        return lastQuarter.contains { points[$0].distance(to: points[0]) <= reach }
            && pathLength(points) > 2 * size
    }

    /// The better of the ellipse and the rectangle, if good enough.
    private static func closedShape(_ points: UnsafeBufferPointer<Point>, size: Double) -> StrokeShape? {
        var best: (shape: StrokeShape, error: Double)?
        if let ellipse = EllipseFit(points, size: size),
           min(ellipse.radiusX, ellipse.radiusY) >= smallestAspect * max(ellipse.radiusX, ellipse.radiusY) {
            best = (.ellipse(center: ellipse.center, radiusX: ellipse.radiusX, radiusY: ellipse.radiusY,
                             angle: ellipse.angle), ellipse.rmsDistance)
        }
        if let rectangle = RectangleFit(points), rectangle.aspect >= smallestAspect,
           rectangle.rmsDistance < best?.error ?? .infinity {
            best = (.rectangle(corners: rectangle.corners), rectangle.rmsDistance)
        }
        guard let best, best.error <= closedShapeError * size else { return nil }
        return best.shape
    }

    private static func pathLength(_ points: UnsafeBufferPointer<Point>) -> Double {
        var length = 0.0
        for index in 1..<points.count { length += points[index].distance(to: points[index - 1]) }
        return length
    }
}
