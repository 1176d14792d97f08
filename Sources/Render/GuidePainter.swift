import CCairo
import TouchCore

/// The ring of `check --live`'s "hold" step, under the held finger: grey
/// while the press is too short, green once it lasted long enough.
public struct GuideRing: Hashable, Sendable {
    /// Window coordinates, logical points.
    public var center: Point
    public var isReady: Bool

    public init(center: Point, isReady: Bool) {
        self.center = center
        self.isReady = isReady
    }

    /// Larger than a fingertip, so the ring shows around it.
    public static let radius = 36.0
    static let strokeWidth = 4.0
    static let waiting = Color(red: 0.55, green: 0.55, blue: 0.55)
    static let ready = Color(red: 0.1, green: 0.65, blue: 0.2)

    /// Everything the ring paints, antialiasing included.
    public var paintedBounds: Rect {
        let reach = Self.radius + Self.strokeWidth / 2 + 1
        return Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)
    }
}

/// Paints `check --live`'s guide over the canvas: the step to do, in a
/// strip along the canvas's top, and the hold step's ring. The drawing
/// underneath is not the guide's: it only paints over it.
public enum GuidePainter {
    static let background = Color(red: 1, green: 0.95, blue: 0.7)
    static let foreground = Color(red: 0.15, green: 0.15, blue: 0.15)
    /// The strip's height in points.
    public static let height = 32.0
    static let textMargin = 10.0

    /// Where the strip goes on a canvas at `canvasFrame` (window coordinates).
    public static func stripFrame(in canvasFrame: Rect) -> Rect {
        Rect(x: canvasFrame.minX, y: canvasFrame.minY, width: canvasFrame.width,
             height: min(height, canvasFrame.height))
    }

    public static func paint(_ text: String, ring: GuideRing?, canvasFrame: Rect, into buffer: PixelBuffer,
                             damage: [Rect]) {
        let frame = stripFrame(in: canvasFrame)
        if let area = buffer.pixelRect(nearest: frame) {
            let rects = damage.compactMap { buffer.pixelRect(covering: $0)?.intersection(area) }
            if !rects.isEmpty {
                buffer.drawClipped(to: rects) { cairo in
                    background.set(on: cairo)
                    cairo_paint(cairo)
                    cairo_scale(cairo, buffer.scale, buffer.scale)
                    let available = frame.width - 2 * textMargin
                    guard available > 0 else { return }
                    let layout = PangoText.makeLayout(text, ellipsizedTo: available, on: cairo)
                    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                    let size = PangoText.size(of: layout)
                    foreground.set(on: cairo)
                    cairo_move_to(cairo, frame.minX + textMargin, frame.midY - size.height / 2)
                    pango_cairo_show_layout(cairo, layout)
                }
            }
        }
        guard let ring, damage.contains(where: { $0.intersects(ring.paintedBounds) }) else { return }
        buffer.drawClipped(to: damage.compactMap { buffer.pixelRect(covering: $0) }) { cairo in
            cairo_scale(cairo, buffer.scale, buffer.scale)
            (ring.isReady ? GuideRing.ready : GuideRing.waiting).set(on: cairo)
            cairo_set_line_width(cairo, GuideRing.strokeWidth)
            cairo_arc(cairo, ring.center.x, ring.center.y, GuideRing.radius, 0, 2 * Double.pi)
            cairo_stroke(cairo)
        }
    }
}
