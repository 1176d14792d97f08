import TouchCore

/// The canvas's fixed dimensions (SPEC §6), shared by the view (hit-testing,
/// damage) and the renderer (stroking).
public enum CanvasMetrics {
    /// Stroke width of a line of the standard width (10 pt), in points,
    /// and of such a freehand line pressed fully (fingers and the mouse
    /// always are).
    public static let lineWidth = StrokeWidth.standard.points
    /// The widest a line can be (30 pt).
    static let widestLine = StrokeWidth.allCases.map(\.points).max()!
    /// Width of a standard freehand line where the pen barely touches
    /// (pressure 0).
    static let minimumFreehandWidth = 1.0

    /// The width of a freehand line of `fullWidth` where the pen pressed
    /// with `pressure` (0…1): at the standard width, linear from
    /// `minimumFreehandWidth` to `lineWidth`, so a light touch still leaves
    /// a visible line and a full press matches the lines; other widths
    /// scale that in proportion (a 30 pt line's lightest touch is 3 pt,
    /// a 1 pt line's a tenth of a point: its shape, at its width).
    public static func freehandWidth(pressure: Double, fullWidth: Double = lineWidth) -> Double {
        let standard = minimumFreehandWidth + (lineWidth - minimumFreehandWidth) * min(1, max(0, pressure))
        return standard * fullWidth / lineWidth
    }

    /// A tap selects the nearest line at most this far away.
    public static let selectionRadius = 20.0
    /// The selected line is ringed (in the accent colour) this far beyond
    /// its edge, past a white gap of `selectionGap` (points), so the
    /// selection shows on a line of any colour.
    public static let selectionGap = 2.0
    public static let selectionRing = 3.0
    /// How far a line's pixels reach beyond its points' bounding box: half
    /// the widest width (round caps), the selection's gap and ring, plus
    /// a point of antialiasing. One reach for every line, so a damaged
    /// rectangle outset by it finds every line that paints there, whatever
    /// its width, selected or not.
    public static let paintReach = widestLine / 2 + selectionGap + selectionRing + 1

    /// How far `line`'s own pixels reach, selected or not: as
    /// `paintReach`, for its width.
    public static func paintReach(for line: Line) -> Double {
        line.width / 2 + selectionGap + selectionRing + 1
    }
    /// The eraser is a disc as wide as a standard line: it erases every
    /// line whose ink it touches, i.e. whose centre line passes within its
    /// radius plus half that line's width of the eraser's path.
    static let eraserRadius = lineWidth / 2
    /// How far from the eraser's path the eraser erases `line`.
    static func eraserReach(for line: Line) -> Double { eraserRadius + line.width / 2 }
}

extension Line {
    /// Everything the stroked line may paint: the rectangle to damage when
    /// it appears, disappears or moves.
    /// Where the line's ink is: half its width around its points (round
    /// caps) and a point of antialiasing; what an export fits its page to.
    public var inkBounds: Rect {
        let reach = width / 2 + 1
        return bounds.insetBy(dx: -reach, dy: -reach)
    }

    public var paintedBounds: Rect {
        let reach = CanvasMetrics.paintReach(for: self)
        return bounds.insetBy(dx: -reach, dy: -reach)
    }
}
