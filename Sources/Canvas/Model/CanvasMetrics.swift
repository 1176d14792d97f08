import TouchCore

/// The canvas's fixed dimensions (SPEC §6), shared by the view (hit-testing,
/// damage) and the renderer (stroking).
public enum CanvasMetrics {
    /// Stroke width of every line, in points.
    public static let lineWidth = 10.0
    /// A tap selects the nearest line at most this far away.
    public static let selectionRadius = 20.0
    /// How far a line's pixels reach beyond its end points' bounding box:
    /// half the width (round caps), plus a point of antialiasing.
    public static let paintReach = lineWidth / 2 + 1
    /// The eraser is a disc as wide as a line: it erases every line whose
    /// ink it touches, i.e. whose centre line passes within its radius plus
    /// half a line's width of the eraser's path.
    public static let eraserRadius = lineWidth / 2
    public static let eraserReach = eraserRadius + lineWidth / 2
}

extension Line {
    /// Everything the stroked line may paint: the rectangle to damage when
    /// it appears, disappears or moves.
    public var paintedBounds: Rect {
        bounds.insetBy(dx: -CanvasMetrics.paintReach, dy: -CanvasMetrics.paintReach)
    }
}
