import CCairo

/// Lines of panel text already laid out and rasterized, as alpha masks in
/// device pixels, so painting a line seen before is one small mask copy
/// instead of a Pango layout (tens of microseconds a line). With the
/// inspector open most lines of a motion's frame are lines of the frame
/// before: the frames shift down one line, a recognizer's row repeats.
///
/// Owned by whoever paints the panel frame after frame (the app's
/// inspector); single-threaded, like the painting.
public final class PanelTextCache {
    struct Key: Hashable {
        var text: String
        var width: Double
        var cut: UInt32
        var scale: Double
    }

    private var masks: [Key: OpaquePointer] = [:]
    /// Past this many lines the cache starts again: unique lines (ages,
    /// frame numbers) would otherwise pile up.
    static let capacity = 256
    /// Lines rasterized, for tests.
    private(set) var misses = 0

    init() {}

    deinit {
        for mask in masks.values { cairo_surface_destroy(mask) }
    }

    /// The mask of `text` for `writer`'s context at `scale`, its pixels'
    /// origin at the line's top-left corner.
    func mask(for text: String, width: Double, cut: PangoEllipsizeMode, scale: Double,
              with writer: PanelStyle.Writer) -> OpaquePointer {
        let key = Key(text: text, width: width, cut: cut.rawValue, scale: scale)
        if let mask = masks[key] { return mask }
        misses += 1
        if masks.count >= Self.capacity {
            for mask in masks.values { cairo_surface_destroy(mask) }
            masks = [:]
        }
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32((width * scale).rounded(.up)),
                                              Int32((PanelStyle.maskHeight * scale).rounded(.up)))!
        let cairo = cairo_create(mask)!
        cairo_scale(cairo, scale, scale)
        writer.lay(text, width: width, cut: cut)
        pango_cairo_show_layout(cairo, writer.layout)
        cairo_destroy(cairo)
        cairo_surface_flush(mask)
        masks[key] = mask
        return mask
    }
}
