import CCairo
import TouchCore

/// Draws the banner that tells the user the drawing is not being saved: a
/// red strip across the canvas with the reason in white, cut with "…" when
/// it does not fit. It stays on screen as long as saves fail, so a full
/// disk or a read-only folder is never discovered only after quitting.
public enum BannerPainter {
    public static let background = Color(red: 0.75, green: 0.10, blue: 0.10)
    public static let foreground = Color(red: 1, green: 1, blue: 1)
    /// The banner's height in points.
    public static let height = 28.0
    static let textMargin = 10.0

    /// Paints the parts of the banner at `frame` (logical points of the
    /// window) inside `damage` into `buffer`; other pixels are left as they are.
    public static func paint(_ text: String, frame: Rect, into buffer: PixelBuffer, damage: [Rect]) {
        guard let area = buffer.pixelRect(nearest: frame) else { return }
        let rects = damage.compactMap { buffer.pixelRect(covering: $0)?.intersection(area) }
        guard !rects.isEmpty else { return }
        buffer.drawClipped(to: rects) { cairo in
            background.set(on: cairo)
            cairo_paint(cairo)
            cairo_scale(cairo, buffer.scale, buffer.scale)
            let available = frame.width - 2 * textMargin
            guard available > 0, !text.isEmpty else { return }
            let layout = PangoText.makeLayout(text, ellipsizedTo: available, on: cairo)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let size = PangoText.size(of: layout)
            foreground.set(on: cairo)
            cairo_move_to(cairo, frame.minX + textMargin, frame.midY - size.height / 2)
            pango_cairo_show_layout(cairo, layout)
        }
    }
}
