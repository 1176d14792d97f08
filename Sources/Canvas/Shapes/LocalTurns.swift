import TouchCore

/// How sharply a stroke turns at each of its points: the angle between
/// the chord arriving from `reach` back along the stroke and the chord
/// leaving to `reach` ahead (or the stroke's ends, nearer than that).
/// Reads the points it was made from: valid while they are.
struct LocalTurns {
    private let points: UnsafeBufferPointer<Point>
    /// Length of the stroke up to each point.
    private let travelled: [Double]
    private let reach: Double

    init(_ points: UnsafeBufferPointer<Point>, reach: Double) {
        self.points = points
        self.reach = reach
        var travelled = [0.0]
        travelled.reserveCapacity(points.count)
        for index in 1..<points.count { travelled.append(travelled[index - 1] + points[index].distance(to: points[index - 1])) }
        self.travelled = travelled
    }

    /// Radians, 0…π.
    func turn(at index: Int) -> Double {
        var before = index, after = index
        while before > 0 && travelled[index] - travelled[before] < reach { before -= 1 }
        while after < points.count - 1 && travelled[after] - travelled[index] < reach { after += 1 }
        let incoming = points[index] - points[before], outgoing = points[after] - points[index]
        let lengths = incoming.length * outgoing.length
        guard lengths > 0 else { return 0 }
        return Double.acos(max(-1, min(1, StrokeShape.dot(incoming, outgoing) / lengths)))
    }
}
