import TouchCore

/// The plane a drawing lives in: ±`coordinate` points on each axis, what a
/// drawing file holds (`DrawingFileFormat`). The canvas keeps every line
/// it makes inside it, so that every drawing it saves opens again: a
/// compositor may send any position during a drag, far outside the window.
public enum DrawingLimits {
    public static let coordinate = 1e6

    /// `point` moved onto the plane, each coordinate on its own.
    static func clamped(_ point: Point) -> Point {
        Point(x: clamped(point.x), y: clamped(point.y))
    }

    static func clamped(_ point: FreehandPoint) -> FreehandPoint {
        FreehandPoint(x: clamped(point.x), y: clamped(point.y), pressure: point.pressure)
    }

    /// `offset` shortened on each axis so that `bounds` moved by it stays
    /// on the plane (a line moved against the edge stops there).
    static func clamped(_ offset: Vector, moving bounds: Rect) -> Vector {
        Vector(dx: min(max(offset.dx, -coordinate - bounds.minX), coordinate - bounds.maxX),
               dy: min(max(offset.dy, -coordinate - bounds.minY), coordinate - bounds.maxY))
    }

    private static func clamped(_ value: Double) -> Double {
        min(max(value, -coordinate), coordinate)
    }
}
