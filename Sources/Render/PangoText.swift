import CCairo
import TouchCore

/// Pango text set up the same way for measuring and for drawing, so a
/// title's measured size is the size it is drawn at: one font description,
/// and metric hinting off so sizes do not depend on the output scale.
package enum PangoText {
    /// The system's sans-serif face through fontconfig.
    package static let font = "Sans 11"

    /// A layout for `text` on `cairo` in `font` (a Pango font description);
    /// the caller releases it with `g_object_unref`.
    package static func makeLayout(_ text: String, font: String = font, on cairo: OpaquePointer) -> OpaquePointer {
        let layout = pango_cairo_create_layout(cairo)!
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        cairo_font_options_destroy(options)
        pango_layout_context_changed(layout)
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// A layout for `text` at most `width` points wide, cut with "…" when it
    /// does not fit: at the end (a title, a banner's reason) or, with
    /// `PANGO_ELLIPSIZE_START`, at the start (a history whose newest part
    /// is at its end).
    static func makeLayout(_ text: String, ellipsizedTo width: Double, at cut: PangoEllipsizeMode = PANGO_ELLIPSIZE_END,
                           font: String = font, on cairo: OpaquePointer) -> OpaquePointer {
        let layout = makeLayout(text, font: font, on: cairo)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, cut)
        return layout
    }

    /// A layout for `text` wrapped into lines at most `width` points wide
    /// (`.infinity`: one line),
    /// between words (inside one only where it is wider alone), never cut;
    /// its lines placed as `alignment` says in a box `width` wide.
    static func makeLayout(_ text: String, font: String = font, wrappedTo width: Double,
                           alignment: TextAlignment = .leading, on cairo: OpaquePointer) -> OpaquePointer {
        let layout = makeLayout(text, font: font, on: cairo)
        // An unbounded width is one line: Pango's -1.
        pango_layout_set_width(layout, width.isFinite ? Int32(max(0, width) * Double(PANGO_SCALE)) : -1)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        let pangoAlignment = switch alignment {
        case .leading: PANGO_ALIGN_LEFT
        case .centre: PANGO_ALIGN_CENTER
        case .trailing: PANGO_ALIGN_RIGHT
        }
        pango_layout_set_alignment(layout, pangoAlignment)
        return layout
    }

    /// The logical size of a layout in user-space units (points).
    static func size(of layout: OpaquePointer) -> (width: Double, height: Double) {
        var rect = PangoRectangle()
        pango_layout_get_extents(layout, nil, &rect)
        return (Double(rect.width) / Double(PANGO_SCALE), Double(rect.height) / Double(PANGO_SCALE))
    }
}
