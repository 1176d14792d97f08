import TouchCore

/// How large a drawing may grow. The canvas stops at them and the drawing
/// file refuses more, so every drawing the app makes opens again.
extension Drawing {
    /// The plane a drawing lives in: coordinates beyond ± this many points
    /// are refused by the file, and the canvas keeps every point it adds and
    /// every move within it (`clamped`): a compositor may send any position
    /// during a drag, far outside the window.
    public static let coordinateLimit = 1e6
    /// Points a drawing's freehand lines may have in all: 4,000,000
    /// (20,000 lines of 200 points). Files with more are refused, and the
    /// canvas stops adding points at it.
    public static let pointLimit = 4_000_000
    /// Lines a drawing may have (the file refuses more: `Document.lineLimit`).
    public static let lineLimit = 1_000_000
    /// Points one freehand line may have: about 80 s of a pen sampled at
    /// 240 Hz. A stroke that goes on goes on as a new line.
    public static let strokePointLimit = 20_000

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
        Vector(dx: min(max(offset.dx, -coordinateLimit - bounds.minX), coordinateLimit - bounds.maxX),
               dy: min(max(offset.dy, -coordinateLimit - bounds.minY), coordinateLimit - bounds.maxY))
    }

    private static func clamped(_ value: Double) -> Double {
        min(max(value, -coordinateLimit), coordinateLimit)
    }
}
