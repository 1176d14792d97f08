/// The average of `points`, or nil when there are none: where a gesture of
/// several fingers is.
func centroid<Points: Collection>(of points: Points) -> Point? where Points.Element == Point {
    guard !points.isEmpty else { return nil }
    let sum = points.reduce(Vector.zero) { $0 + ($1 - .zero) }
    return .zero + sum / Double(points.count)
}
