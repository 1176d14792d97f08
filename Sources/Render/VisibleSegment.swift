import CCairo
import Canvas
import TouchCore

/// Cairo keeps a path's points in 24.8 fixed point, in device pixels, and
/// its rasterizer loses a segment that reaches far from the surface: a
/// line from (−100,000, −100,000) to (100,000, 100,000), within a drawing
/// file's limits, painted nothing across a 200 × 100 window, where one from
/// (−50,000, −50,000) painted its diagonal. So a far segment is clipped, in
/// floating point, to what `cairo` can show before Cairo sees it: the
/// pixels are those of the whole segment, its cut ends lying beyond the
/// visible area by more than its ink reaches.
enum VisibleSegment {
    /// Device coordinates Cairo draws exactly, with room to spare; a
    /// segment within them (every line of an ordinary drawing) goes to
    /// Cairo as it is, without a look at the clip.
    static let safeMagnitude = 32_768.0

    /// The part of the segment from `begin` to `end` (user space) that can
    /// paint on `cairo`'s clip, with ink reaching `reach` around the
    /// segment, as the fractions of the way where it starts and stops
    /// (0 and 1: all of it); nil when none of it can.
    static func part(from begin: Point, to end: Point, reach: Double,
                     on cairo: OpaquePointer) -> (start: Double, stop: Double)? {
        var x0 = begin.x, y0 = begin.y, x1 = end.x, y1 = end.y
        cairo_user_to_device(cairo, &x0, &y0)
        cairo_user_to_device(cairo, &x1, &y1)
        if max(abs(x0), abs(y0), abs(x1), abs(y1)) < safeMagnitude { return (0, 1) }
        var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0
        cairo_clip_extents(cairo, &left, &top, &right, &bottom)
        let visible = Rect(x: left, y: top, width: right - left, height: bottom - top)
            .insetBy(dx: -reach, dy: -reach)
        return Line.clip(begin, end, to: visible)
    }

    /// The point a fraction `t` of the way from `begin` to `end`.
    static func point(_ t: Double, from begin: Point, to end: Point) -> Point {
        if t == 0 { return begin }
        if t == 1 { return end }
        return Point(x: begin.x + t * (end.x - begin.x), y: begin.y + t * (end.y - begin.y))
    }
}
