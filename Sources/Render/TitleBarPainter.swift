import CCairo
import Decorations
import TouchCore

/// Draws the app's own title bar, for compositors that leave decorations to
/// the client (weston, GNOME): a dark bar, the title centred, and minimize,
/// maximize and close glyphs at the right end. The active window's bar is
/// darker with brighter text, as desktops mark the focused window.
public enum TitleBarPainter {
    public static let activeBackground = Color(red: 0.17, green: 0.17, blue: 0.19)
    public static let inactiveBackground = Color(red: 0.32, green: 0.32, blue: 0.34)
    public static let activeForeground = Color(red: 0.96, green: 0.96, blue: 0.96)
    public static let inactiveForeground = Color(red: 0.68, green: 0.68, blue: 0.70)
    /// Under a pressed button; the close button turns red instead.
    public static let pressedFill = Color(red: 1, green: 1, blue: 1, alpha: 0.22)
    public static let pressedCloseFill = Color(red: 0.82, green: 0.22, blue: 0.20)
    /// Side of the square each glyph fits in, in points.
    static let glyphSize = 10.0
    /// Space kept between the title and the bar's ends or the buttons.
    static let titleMargin = 12.0

    /// Paints the parts of `bar` inside `damage` (logical points of the
    /// window) into `buffer`; pixels outside the damage are left as they are.
    public static func paint(_ bar: TitleBarAppearance, into buffer: PixelBuffer, damage: [Rect]) {
        guard let area = buffer.pixelRect(nearest: bar.frame) else { return }
        let rects = damage.compactMap { buffer.pixelRect(covering: $0)?.intersection(area) }
        guard !rects.isEmpty else { return }
        buffer.drawClipped(to: rects) { cairo in
            // The background covers the bar's whole pixels, the rest is drawn
            // in points.
            (bar.isActive ? activeBackground : inactiveBackground).set(on: cairo)
            cairo_paint(cairo)
            cairo_scale(cairo, buffer.scale, buffer.scale)

            let foreground = bar.isActive ? activeForeground : inactiveForeground
            for slot in bar.buttons {
                if slot.button == bar.pressedButton {
                    (slot.button == .close ? pressedCloseFill : pressedFill).set(on: cairo)
                    let radius = min(slot.frame.width, slot.frame.height) / 2 - 4
                    cairo_new_sub_path(cairo)
                    cairo_arc(cairo, slot.frame.midX, slot.frame.midY, radius, 0, 2 * Double.pi)
                    cairo_fill(cairo)
                }
                drawGlyph(slot.button, maximized: bar.isMaximized, centredAt: slot.frame.center,
                          colour: foreground, on: cairo)
            }
            let buttonsStart = bar.buttons.map(\.frame.minX).min() ?? bar.frame.maxX
            drawTitle(bar.title, in: bar.frame, leftOf: buttonsStart, colour: foreground, on: cairo)
        }
    }

    private static func drawGlyph(_ button: TitleBarAppearance.Button, maximized: Bool, centredAt centre: Point,
                                  colour: Color, on cairo: OpaquePointer) {
        let half = glyphSize / 2
        colour.set(on: cairo)
        cairo_set_line_width(cairo, 1.5)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        switch button {
        case .minimize:
            cairo_move_to(cairo, centre.x - half, centre.y + half - 1)
            cairo_line_to(cairo, centre.x + half, centre.y + half - 1)
        case .maximize where maximized:
            // Restore: two overlapping windows.
            cairo_rectangle(cairo, centre.x - half, centre.y - half + 3, glyphSize - 3, glyphSize - 3)
            cairo_move_to(cairo, centre.x - half + 3, centre.y - half + 3)
            cairo_line_to(cairo, centre.x - half + 3, centre.y - half)
            cairo_line_to(cairo, centre.x + half, centre.y - half)
            cairo_line_to(cairo, centre.x + half, centre.y + half - 3)
            cairo_line_to(cairo, centre.x + half - 3, centre.y + half - 3)
        case .maximize:
            cairo_rectangle(cairo, centre.x - half, centre.y - half, glyphSize, glyphSize)
        case .close:
            cairo_move_to(cairo, centre.x - half, centre.y - half)
            cairo_line_to(cairo, centre.x + half, centre.y + half)
            cairo_move_to(cairo, centre.x + half, centre.y - half)
            cairo_line_to(cairo, centre.x - half, centre.y + half)
        }
        cairo_stroke(cairo)
    }

    /// Centres the title in the bar when it fits clear of the buttons, else
    /// in the space left of them, cut with "…".
    private static func drawTitle(_ title: String, in frame: Rect, leftOf buttonsStart: Double,
                                  colour: Color, on cairo: OpaquePointer) {
        let available = buttonsStart - frame.minX - 2 * titleMargin
        guard available > 0, !title.isEmpty else { return }
        let layout = PangoText.makeLayout(title, ellipsizedTo: available, on: cairo)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let size = PangoText.size(of: layout)
        var x = frame.midX - size.width / 2
        if x + size.width > buttonsStart - titleMargin {
            x = frame.minX + titleMargin + (available - size.width) / 2
        }
        colour.set(on: cairo)
        cairo_move_to(cairo, x, frame.midY - size.height / 2)
        pango_cairo_show_layout(cairo, layout)
    }
}
