import TouchCore

/// The canvas's fixed dimensions (SPEC §6), shared by the view (hit-testing,
/// damage) and the renderer (stroking).
public enum CanvasMetrics {
    /// Stroke width of every straight line, in points, and of a freehand
    /// line pressed fully (fingers and the mouse always are).
    public static let lineWidth = 10.0
    /// Width of a freehand line where the pen barely touches (pressure 0).
    public static let minimumFreehandWidth = 1.0

    /// The width of a freehand line where the pen pressed with `pressure`
    /// (0…1): linear from `minimumFreehandWidth` to `lineWidth`, so a light
    /// touch still leaves a visible line and a full press matches the lines.
    public static func freehandWidth(pressure: Double) -> Double {
        minimumFreehandWidth + (lineWidth - minimumFreehandWidth) * min(1, max(0, pressure))
    }

    /// A tap selects the nearest line at most this far away.
    public static let selectionRadius = 20.0
    /// How far a line's pixels reach beyond its points' bounding box: half
    /// the widest width (round caps), plus a point of antialiasing.
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
