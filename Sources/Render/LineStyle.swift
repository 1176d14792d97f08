import CCairo
import Canvas
import TouchCore

/// Cairo's source from the core's colours.
extension Color {
    func set(on cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, red, green, blue, alpha)
    }
}

/// How the canvas looks (SPEC §6): white paper, finished lines black, lines in
/// progress red, the selected line green, 10 points wide with round caps.
public enum LineStyle {
    public static let background = Color.white
    public static let finished = Color.black
    public static let inProgress = Color.red
    public static let selected = Color.green
    public static let width = CanvasMetrics.lineWidth

    /// Strokes one line on its own (never batched into one path, so every
    /// way of building a picture composes lines identically). A freehand
    /// line is filled instead, capsule by capsule (`FreehandPainter`).
    static func stroke(_ line: Line, _ color: Color, on cairo: OpaquePointer) {
        if line.isFreehand {
            FreehandPainter.fill(line, color, on: cairo)
            return
        }
        // A far line only by its part that can show (see `VisibleSegment`).
        guard let part = VisibleSegment.part(from: line.begin, to: line.end, reach: width, on: cairo) else { return }
        let begin = VisibleSegment.point(part.start, from: line.begin, to: line.end)
        let end = VisibleSegment.point(part.stop, from: line.begin, to: line.end)
        color.set(on: cairo)
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

    /// Sets the width, caps and joins every canvas line uses.
    static func configure(_ cairo: OpaquePointer) {
        cairo_set_line_width(cairo, width)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        cairo_set_antialias(cairo, CAIRO_ANTIALIAS_DEFAULT)
    }
}
