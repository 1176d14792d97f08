import CCairo
import Canvas
import TouchCore

/// Where a pen hovers over the canvas without touching it: the ring shows
/// where its ink would go, as wide as a line, so a tablet user can aim
/// before touching down (the screen shows no other sign of a pen that is
/// not touching).
public struct HoverRing: Hashable, Sendable {
    /// Window coordinates, logical points.
    public var center: Point

    public init(center: Point) {
        self.center = center
    }

    /// The ring's radius: a line's half width, the size of the pen's ink.
    public static let radius = CanvasMetrics.lineWidth / 2
    /// Mid grey, 1.5 points wide: it shows on white paper and on black,
    /// red and green lines alike.
    static let color = Color(red: 0.5, green: 0.5, blue: 0.5)
    static let strokeWidth = 1.5

    /// Everything the ring paints, antialiasing included: what to damage
    /// when it appears, moves or goes.
    public var paintedBounds: Rect {
        let reach = Self.radius + Self.strokeWidth / 2 + 1
        return Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)
    }
}

/// Paints hover rings over everything else (they stand for the pen's
/// cursor), clipped to the frame's damage.
public enum HoverRingPainter {
    public static func paint(_ rings: [HoverRing], into buffer: PixelBuffer, damage: [Rect]) {
        let touched = rings.filter { ring in damage.contains { $0.intersects(ring.paintedBounds) } }
        guard !touched.isEmpty else { return }
        buffer.drawClipped(to: damage.compactMap { buffer.pixelRect(covering: $0) }) { cairo in
            cairo_scale(cairo, buffer.scale, buffer.scale)
            HoverRing.color.set(on: cairo)
            cairo_set_line_width(cairo, HoverRing.strokeWidth)
            for ring in touched {
                cairo_new_sub_path(cairo)
                cairo_arc(cairo, ring.center.x, ring.center.y, HoverRing.radius, 0, 2 * Double.pi)
            }
            cairo_stroke(cairo)
        }
    }
}
