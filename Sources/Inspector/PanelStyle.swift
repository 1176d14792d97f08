import CCairo
import Render
import TouchCore

/// How the inspector's panels look (the overlay's and the recognizer
/// timeline's): light monospace text in fixed lines on a dark, slightly
/// translucent fill, so columns line up and the drawing shows faintly
/// underneath. Lines have a fixed height, so where each one goes (and what
/// a change must damage) is known without measuring text.
public enum PanelStyle {
    /// Dark enough for light text over black lines, light enough that the
    /// drawing underneath is still seen.
    public static let background = Color(red: 0.08, green: 0.09, blue: 0.11, alpha: 0.86)
    public static let text = Color(red: 0.92, green: 0.93, blue: 0.95)
    /// Secondary text: headings, histories.
    static let dimText = Color(red: 0.66, green: 0.69, blue: 0.74)
    /// 11 points of the window (11 px at scale 1, twice as many pixels at
    /// scale 2), the least that reads at arm's length on a tablet (issue
    /// 36): Pango's absolute size, so no screen resolution shrinks it.
    static let font = "Monospace 11px"
    /// Points from one line of text to the next: the 11-point font's own
    /// line, so the smallest window still holds the panel's fixed lines.
    public static let lineHeight = 13.0
    /// Points between a panel's edge and its text.
    public static let padding = 6.0

    /// Fills `rect` (user space, points) with the panel's background.
    static func fill(_ rect: Rect, on cairo: OpaquePointer) {
        background.set(on: cairo)
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cairo)
    }

    /// The height of a line's mask: the line and its descenders.
    static let maskHeight = lineHeight + 3

    /// Runs `draw` with a `Writer` for `cairo` (user space in points, at
    /// `scale` device pixels a point), released afterwards; with a `cache`,
    /// lines drawn before are copied from it.
    static func withWriter(on cairo: OpaquePointer, scale: Double, cache: PanelTextCache? = nil,
                           _ draw: (Writer) -> Void) {
        let writer = Writer(cairo: cairo, scale: scale, cache: cache)
        defer { g_object_unref(UnsafeMutableRawPointer(writer.layout)) }
        draw(writer)
    }

    /// Writes lines of panel text on one Cairo context through one Pango
    /// layout, so a panel full of lines sets up the font once, not once a
    /// line, and, with a `PanelTextCache`, lays out only lines it has not
    /// drawn before.
    struct Writer {
        let cairo: OpaquePointer
        let layout: OpaquePointer
        let scale: Double
        let cache: PanelTextCache?

        fileprivate init(cairo: OpaquePointer, scale: Double, cache: PanelTextCache?) {
            self.cairo = cairo
            self.scale = scale
            self.cache = cache
            layout = PangoText.makeLayout("", font: PanelStyle.font, on: cairo)
        }

        /// Draws one line of `text` with its top-left at `origin`, cut with
        /// "…" (at `cut`) to `width` points.
        func line(_ text: String, at origin: Point, width: Double, color: Color,
                  cut: PangoEllipsizeMode = PANGO_ELLIPSIZE_END) {
            guard width > 0, !text.isEmpty else { return }
            color.set(on: cairo)
            guard let cache else {
                lay(text, width: width, cut: cut)
                cairo_move_to(cairo, origin.x, origin.y)
                pango_cairo_show_layout(cairo, layout)
                return
            }
            // The mask is in device pixels: put it on whole pixels, where
            // it was rasterized for.
            let mask = cache.mask(for: text, width: width, cut: cut, scale: scale, with: self)
            cairo_save(cairo)
            cairo_identity_matrix(cairo)
            cairo_mask_surface(cairo, mask, (origin.x * scale).rounded(), (origin.y * scale).rounded())
            cairo_restore(cairo)
        }

        /// Sets the layout to `text`, `width` points wide, cut at `cut`.
        func lay(_ text: String, width: Double, cut: PangoEllipsizeMode) {
            pango_layout_set_text(layout, text, -1)
            pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(layout, cut)
        }
    }

    /// A duration for a panel, in whole milliseconds below ten seconds.
    static func duration(_ seconds: Double) -> String {
        seconds < 10 ? "\(Int((seconds * 1000).rounded()))ms" : "\(Int(seconds.rounded()))s"
    }
}
