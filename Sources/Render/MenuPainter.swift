import CCairo
import TouchCore

/// Draws the visible context menu the way iOS draws its edit menu: a dark
/// rounded bubble, light titles, thin separators between items, and a
/// lighter fill under the highlighted item.
public enum MenuPainter {
    public static let bubble = Color(red: 0.11, green: 0.11, blue: 0.12, alpha: 0.94)
    public static let highlight = Color(red: 0.33, green: 0.33, blue: 0.36)
    public static let separator = Color(red: 1, green: 1, blue: 1, alpha: 0.25)
    public static let title = Color(red: 1, green: 1, blue: 1)
    public static let cornerRadius = 8.0

    /// Draws `layout` (window coordinates) on a Cairo context whose user
    /// space is window points.
    static func draw(_ layout: MenuLayout, highlightedIndex: Int?, on cairo: OpaquePointer) {
        cairo_save(cairo)
        roundedRectangle(layout.frame, on: cairo)
        cairo_clip_preserve(cairo)
        bubble.set(on: cairo)
        cairo_fill(cairo)
        for (index, item) in layout.items.enumerated() {
            if index == highlightedIndex {
                highlight.set(on: cairo)
                cairo_rectangle(cairo, item.frame.minX, item.frame.minY, item.frame.width, item.frame.height)
                cairo_fill(cairo)
            }
            if index > 0 {
                separator.set(on: cairo)
                cairo_set_line_width(cairo, 1)
                switch layout.axis {
                case .horizontal:
                    cairo_move_to(cairo, item.frame.minX, item.frame.minY + 6)
                    cairo_line_to(cairo, item.frame.minX, item.frame.maxY - 6)
                case .vertical:
                    cairo_move_to(cairo, item.frame.minX + 6, item.frame.minY)
                    cairo_line_to(cairo, item.frame.maxX - 6, item.frame.minY)
                }
                cairo_stroke(cairo)
            }
            drawTitle(item.title, centredIn: item.frame, on: cairo)
        }
        cairo_restore(cairo)
    }

    private static func drawTitle(_ text: String, centredIn frame: Rect, on cairo: OpaquePointer) {
        let layout = PangoText.makeLayout(text, on: cairo)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let size = PangoText.size(of: layout)
        title.set(on: cairo)
        cairo_move_to(cairo, frame.midX - size.width / 2, frame.midY - size.height / 2)
        pango_cairo_show_layout(cairo, layout)
    }

    private static func roundedRectangle(_ rect: Rect, on cairo: OpaquePointer) {
        let radius = min(cornerRadius, rect.width / 2, rect.height / 2)
        let quarter = Double.pi / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - radius, rect.minY + radius, radius, -quarter, 0)
        cairo_arc(cairo, rect.maxX - radius, rect.maxY - radius, radius, 0, quarter)
        cairo_arc(cairo, rect.minX + radius, rect.maxY - radius, radius, quarter, 2 * quarter)
        cairo_arc(cairo, rect.minX + radius, rect.minY + radius, radius, 2 * quarter, 3 * quarter)
        cairo_close_path(cairo)
    }
}
