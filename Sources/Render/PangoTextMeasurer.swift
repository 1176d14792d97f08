import CCairo
import TouchCore

/// Measures menu titles with Pango (real shaping and the system font), so the
/// menu controller lays items out at the size `MenuPainter` draws them.
public final class PangoTextMeasurer: TextMeasuring {
    private let surface: OpaquePointer
    private let cairo: OpaquePointer

    public init() {
        // Measuring needs a Cairo context but draws nothing: a 1×1 image will do.
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        cairo = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    public func size(of text: String) -> Size {
        let layout = PangoText.makeLayout(text, on: cairo)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let size = PangoText.size(of: layout)
        return Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }

    public func size(of text: String, font: Font, wrappedTo width: Double) -> Size {
        let layout = PangoText.makeLayout(text, font: CairoDrawingContext.pangoDescription(of: font),
                                          wrappedTo: width, on: cairo)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let size = PangoText.size(of: layout)
        return Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }
}
