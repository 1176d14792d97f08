import CCairo
import Canvas
import TouchCore

/// Cairo's source from the core's colours.
extension Color {
    public func set(on cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, red, green, blue, alpha)
    }
}

/// How the canvas looks (SPEC §6, as `CanvasView.draw` paints it): white
/// paper, each line in its own colour and width with round caps (a black
/// one red while it is drawn), the selected line ringed in the accent
/// colour past a white gap.
public enum LineStyle {
    public static let background = CanvasView.paperColor
    static let selection = CanvasView.selectionColor

    /// The colour `line` is painted in while in progress.
    static func inProgressColor(of line: Line) -> Color { CanvasView.inProgressColor(of: line) }

    /// The colour `line` is painted in once finished.
    public static func color(of line: Line) -> Color { line.style.color.color }

    /// Strokes one line on its own in `color` (never batched into one
    /// path, so every way of building a picture composes lines
    /// identically). A freehand line is filled instead, capsule by capsule
    /// (`FreehandPainter`).
    public static func stroke(_ line: Line, _ color: Color, on cairo: OpaquePointer) {
        if line.isFreehand {
            FreehandPainter.fill(line, color, on: cairo)
            return
        }
        // A far line only by its part that can show (see `VisibleSegment`).
        guard let part = VisibleSegment.part(from: line.begin, to: line.end, reach: line.width, on: cairo) else { return }
        let begin = VisibleSegment.point(part.start, from: line.begin, to: line.end)
        let end = VisibleSegment.point(part.stop, from: line.begin, to: line.end)
        color.set(on: cairo)
        cairo_set_line_width(cairo, line.width)
        cairo_move_to(cairo, begin.x, begin.y)
        cairo_line_to(cairo, end.x, end.y)
        cairo_stroke(cairo)
    }

    /// Strokes what of `line` can paint inside `rects` (already outset by
    /// `CanvasMetrics.paintReach`): the whole of a straight line, the
    /// pieces of a freehand one that touch them. Inside the rectangles the
    /// pixels are those of the whole line.
    static func stroke(_ line: Line, _ color: Color, on cairo: OpaquePointer, within rects: [Rect]) {
        guard line.isFreehand else { return stroke(line, color, on: cairo) }
        let segments = FreehandPainter.segments(of: line, touchingAny: rects)
        if !segments.isEmpty { FreehandPainter.fill(line, segments: segments, color, on: cairo) }
    }

    /// The selected line: a ring in the accent colour, a white gap inside
    /// it, and the line in its own colour, so the selection shows on a line
    /// of any colour (`CanvasMetrics.selectionGap`, `selectionRing`). The
    /// ring and gap follow the line's centre line (through a freehand
    /// line's points), at its full width.
    static func strokeSelected(_ line: Line, on cairo: OpaquePointer, within rects: [Rect]) {
        let gap = line.width + 2 * CanvasMetrics.selectionGap
        strokeCentreLine(line, width: gap + 2 * CanvasMetrics.selectionRing, selection, on: cairo)
        strokeCentreLine(line, width: gap, background, on: cairo)
        stroke(line, color(of: line), on: cairo, within: rects)
    }

    private static func strokeCentreLine(_ line: Line, width: Double, _ color: Color, on cairo: OpaquePointer) {
        color.set(on: cairo)
        cairo_set_line_width(cairo, width)
        cairo_move_to(cairo, line.begin.x, line.begin.y)
        if let points = line.freehandPoints, points.count > 1 {
            for point in points.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
        } else {
            cairo_line_to(cairo, line.end.x, line.end.y)
        }
        cairo_stroke(cairo)
    }

    /// Sets the caps and joins every canvas line uses.
    public static func configure(_ cairo: OpaquePointer) {
        cairo_set_line_width(cairo, CanvasMetrics.lineWidth)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        cairo_set_antialias(cairo, CAIRO_ANTIALIAS_DEFAULT)
    }
}
