import CCairo
import Canvas
import TouchCore

extension CapsuleOutline {
    /// Adds the outline to Cairo's current path as a closed sub-path.
    func add(to cairo: OpaquePointer) {
        cairo_new_sub_path(cairo)
        switch shape {
        case .disc(let center, let radius):
            cairo_arc(cairo, center.x, center.y, radius, 0, 2 * Double.pi)
        case .hull(let begin, let r0, let end, let r1, let angle, let spread):
            cairo_arc(cairo, end.x, end.y, r1, angle - spread, angle + spread)
            cairo_arc(cairo, begin.x, begin.y, r0, angle + spread, angle - spread + 2 * Double.pi)
        }
        cairo_close_path(cairo)
    }
}

/// Paints freehand lines: the union of their capsules, filled at once (one
/// path, non-zero winding), so the antialiased edge is that of the whole
/// shape and the joins between pieces never show.
enum FreehandPainter {
    /// Fills pieces `segments` of `line` (all of them: nil) in `color`.
    static func fill(_ line: Line, segments: [Int]? = nil, _ color: Color, on cairo: OpaquePointer) {
        color.set(on: cairo)
        if let segments {
            for index in segments { add(line.capsule(index), to: cairo) }
        } else {
            for index in 0..<line.segmentCount { add(line.capsule(index), to: cairo) }
        }
        cairo_fill(cairo)
    }

    /// Adds `capsule`'s outline, a far one only by its part that can show
    /// (see `VisibleSegment`): the capsule cut where it leaves the visible
    /// area by more than its width, its widths there interpolated, which is
    /// the same shape inside.
    private static func add(_ capsule: Capsule, to cairo: OpaquePointer) {
        let reach = max(capsule.beginWidth, capsule.endWidth) + 1
        guard let part = VisibleSegment.part(from: capsule.begin, to: capsule.end, reach: reach, on: cairo) else { return }
        guard part.start > 0 || part.stop < 1 else { return CapsuleOutline(capsule).add(to: cairo) }
        func width(_ t: Double) -> Double { capsule.beginWidth + t * (capsule.endWidth - capsule.beginWidth) }
        let visible = Capsule(begin: VisibleSegment.point(part.start, from: capsule.begin, to: capsule.end),
                              end: VisibleSegment.point(part.stop, from: capsule.begin, to: capsule.end),
                              beginWidth: width(part.start), endWidth: width(part.stop))
        CapsuleOutline(visible).add(to: cairo)
    }

    /// The pieces of `line` whose centre line touches one of `rects`
    /// (callers outset them by `CanvasMetrics.paintReach`), in order:
    /// all that can paint there.
    static func segments(of line: Line, touchingAny rects: [Rect]) -> [Int] {
        var result: [Int] = []
        for index in 0..<line.segmentCount {
            let piece = line.segment(index)
            let bounds = piece.bounds
            for rect in rects where bounds.minX <= rect.maxX && bounds.maxX >= rect.minX
                && bounds.minY <= rect.maxY && bounds.maxY >= rect.minY && piece.intersects(rect) {
                result.append(index)
                break
            }
        }
        return result
    }
}
