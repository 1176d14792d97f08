/// The span between two fingers, as pinch and rotation read it.
struct TwoFingerGeometry {
    let first: Point
    let second: Point

    var distance: Double { first.distance(to: second) }

    /// Direction from the first finger to the second, in radians in
    /// (−π, π], measured like `AffineTransform(rotationAngle:)` (from +x
    /// towards +y).
    var angle: Double {
        let span = second - first
        return Double.atan2(y: span.dy, x: span.dx)
    }
}

/// Turns successive angles into a continuous rotation: crossing ±π does not
/// jump by 2π, and several turns add up.
struct AngleAccumulator {
    private(set) var total = 0.0
    private var last: Double?

    mutating func add(_ angle: Double) {
        if let last {
            var delta = angle - last
            while delta > .pi { delta -= 2 * .pi }
            while delta <= -.pi { delta += 2 * .pi }
            total += delta
        }
        last = angle
    }
}
