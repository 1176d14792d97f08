import CCairo
import TouchCore

/// The core's `DrawingContext` on a Cairo context: what views draw into
/// in the app. Paths and the graphics state are Cairo's own; the fill and
/// stroke colours, which Cairo keeps as one source, are kept here and set
/// as the source before each fill or stroke. Text goes through Pango, set
/// up as `PangoText` does, so what the menu measures is what it draws.
public final class CairoDrawingContext: DrawingContext {
    /// The Cairo context drawn on; owned by the caller (who may point this
    /// context at another, with no state saved).
    public var cairo: OpaquePointer {
        didSet {
            precondition(saved.isEmpty, "a saved state belongs to the Cairo context it was saved on")
            fillColor = .black
            strokeColor = .black
        }
    }
    private var fillColor = Color.black
    private var strokeColor = Color.black
    private var saved: [(fill: Color, stroke: Color)] = []

    public init(cairo: OpaquePointer) {
        self.cairo = cairo
        saved.reserveCapacity(16)
    }

    // MARK: Graphics state

    public func saveState() {
        cairo_save(cairo)
        saved.append((fillColor, strokeColor))
    }

    public func restoreState() {
        cairo_restore(cairo)
        if let (fill, stroke) = saved.popLast() {
            fillColor = fill
            strokeColor = stroke
        }
    }

    public func concatenate(_ transform: AffineTransform) {
        if transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1 {
            if transform.tx != 0 || transform.ty != 0 { cairo_translate(cairo, transform.tx, transform.ty) }
            return
        }
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                    x0: transform.tx, y0: transform.ty)
        cairo_transform(cairo, &matrix)
    }

    public func clip(to rect: Rect) {
        cairo_new_path(cairo)
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cairo)
    }

    public func clipToPath() {
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cairo)
    }

    public func beginTransparencyLayer() {
        cairo_push_group(cairo)
    }

    public func endTransparencyLayer(alpha: Double) {
        cairo_pop_group_to_source(cairo)
        cairo_paint_with_alpha(cairo, alpha)
    }

    // MARK: Style

    public func setFillColor(_ color: Color) { fillColor = color }
    public func setStrokeColor(_ color: Color) { strokeColor = color }
    public func setLineWidth(_ width: Double) { cairo_set_line_width(cairo, width) }

    public func setLineCap(_ cap: LineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_SQUARE)
        }
    }

    public func setLineJoin(_ join: LineJoin) {
        switch join {
        case .miter: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_BEVEL)
        }
    }

    // MARK: Paths

    public func beginPath() { cairo_new_path(cairo) }
    public func move(to point: Point) { cairo_move_to(cairo, point.x, point.y) }
    public func addLine(to point: Point) { cairo_line_to(cairo, point.x, point.y) }

    public func addCurve(to point: Point, control1: Point, control2: Point) {
        cairo_curve_to(cairo, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
    }

    public func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, decreasing: Bool) {
        if decreasing {
            cairo_arc_negative(cairo, center.x, center.y, radius, startAngle, endAngle)
        } else {
            cairo_arc(cairo, center.x, center.y, radius, startAngle, endAngle)
        }
    }

    public func closePath() { cairo_close_path(cairo) }

    public func fillPath() {
        fillColor.set(on: cairo)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
        cairo_fill(cairo)
    }

    public func strokePath() {
        strokeColor.set(on: cairo)
        cairo_stroke(cairo)
    }

    // MARK: Text

    public func size(of text: String, font: Font, width: Double?) -> Size {
        let layout = makeLayout(text, font: font, width: width, truncation: .end)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let size = PangoText.size(of: layout)
        return Size(width: size.width, height: size.height)
    }

    public func draw(_ text: String, at origin: Point, font: Font, color: Color, width: Double?,
                     truncation: TextTruncation) {
        guard !text.isEmpty, width.map({ $0 > 0 }) ?? true else { return }
        let layout = makeLayout(text, font: font, width: width, truncation: truncation)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        color.set(on: cairo)
        cairo_move_to(cairo, origin.x, origin.y)
        pango_cairo_show_layout(cairo, layout)
        cairo_new_path(cairo)
    }

    public func size(of text: String, font: Font, wrappedTo width: Double) -> Size {
        let layout = PangoText.makeLayout(text, font: Self.pangoDescription(of: font), wrappedTo: width, on: cairo)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let size = PangoText.size(of: layout)
        return Size(width: size.width, height: size.height)
    }

    public func draw(_ text: String, at origin: Point, font: Font, color: Color, wrappedTo width: Double,
                     alignment: TextAlignment) {
        guard !text.isEmpty, width > 0 else { return }
        let layout = PangoText.makeLayout(text, font: Self.pangoDescription(of: font), wrappedTo: width,
                                          alignment: alignment, on: cairo)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        color.set(on: cairo)
        cairo_move_to(cairo, origin.x, origin.y)
        pango_cairo_show_layout(cairo, layout)
        cairo_new_path(cairo)
    }

    private func makeLayout(_ text: String, font: Font, width: Double?, truncation: TextTruncation)
        -> OpaquePointer {
        let layout = PangoText.makeLayout(text, font: Self.pangoDescription(of: font), on: cairo)
        if let width {
            pango_layout_set_width(layout, Int32(max(0, width) * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(layout, truncation == .start ? PANGO_ELLIPSIZE_START : PANGO_ELLIPSIZE_END)
        }
        return layout
    }

    /// "Sans 11", "Monospace Bold 8"…
    static func pangoDescription(of font: Font) -> String {
        let family = switch font.family {
        case .sans: "Sans"
        case .monospace: "Monospace"
        }
        let size = font.size == font.size.rounded() ? String(Int(font.size)) : String(font.size)
        return "\(family)\(font.isBold ? " Bold" : "") \(size)"
    }
}
