import CCairo
import TouchCore

/// Draws the banner across the bottom of the canvas: a strip with white
/// text, cut with "…" when it does not fit. Red when the drawing is not
/// being saved (it stays on screen as long as saves fail, so a full disk or
/// a read-only folder is never discovered only after quitting); dark grey
/// for a notice, such as a large drawing still being opened.
public enum BannerPainter {
    public enum Style: Sendable {
        case warning, notice

        var background: Color {
            switch self {
            case .warning: Color(red: 0.75, green: 0.10, blue: 0.10)
            case .notice: Color(red: 0.25, green: 0.25, blue: 0.28)
            }
        }
    }

    public static let foreground = Color(red: 1, green: 1, blue: 1)
    /// The banner's height in points.
    public static let height = 28.0
    static let textMargin = 10.0

    /// Paints the parts of the banner at `frame` (logical points of the
    /// window) inside `damage` into `buffer`; other pixels are left as they are.
    public static func paint(_ text: String, style: Style, frame: Rect, into buffer: PixelBuffer, damage: [Rect]) {
        guard let area = buffer.pixelRect(nearest: frame) else { return }
        let rects = damage.compactMap { buffer.pixelRect(covering: $0)?.intersection(area) }
        guard !rects.isEmpty else { return }
        buffer.drawClipped(to: rects) { cairo in
            style.background.set(on: cairo)
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
