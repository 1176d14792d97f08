import CCairo
import Canvas
import TouchCore

/// File formats the drawing exports to, each through its Cairo surface.
public enum ExportFormat: String, CaseIterable, Sendable {
    case png, svg, pdf

    /// The format named by `path`'s extension (case-insensitive), if known.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}

public enum ExportError: Error, Equatable, CustomStringConvertible {
    case unknownFormat(path: String)
    case badSize(Size)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownFormat(let path):
            "\(path): unknown export format (use a .png, .svg or .pdf file name)"
        case .badSize(let size):
            "cannot export at size \(size)"
        case .cannotWrite(let path, let reason):
            "\(path): cannot write the export: \(reason)"
        }
    }
}

/// Writes the finished lines of a drawing to a PNG, SVG or PDF file: white
/// paper, black lines, as on screen (without selection or lines in progress).
public enum Exporter {
    /// Space around the lines when the page is fitted to the drawing.
    public static let margin = 20.0
    /// Largest page side, in points, so a hostile drawing cannot ask for a
    /// gigantic image.
    public static let maximumSide = 16_384.0

    /// Exports to `path`, the format taken from its extension. `size` is the
    /// page in points, showing the canvas from (0, 0); nil fits the page to the
    /// lines' bounding box plus `margin` (an empty drawing gives a blank
    /// page of twice the margin). `scale` is PNG pixels per point.
    public static func export(_ drawing: Drawing, to path: String, size: Size? = nil,
                              scale: Double = 1) throws(ExportError) {
        guard let format = ExportFormat(path: path) else { throw .unknownFormat(path: path) }
        let (page, origin) = pageGeometry(for: drawing, size: size)
        guard page.width >= 1, page.height >= 1, page.width * scale <= maximumSide,
              page.height * scale <= maximumSide, scale > 0 else { throw .badSize(page) }

        let surface: OpaquePointer
        switch format {
        case .png:
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((page.width * scale).rounded(.up)),
                                                 Int32((page.height * scale).rounded(.up)))
        case .svg:
            surface = cairo_svg_surface_create(path, page.width, page.height)
        case .pdf:
            surface = cairo_pdf_surface_create(path, page.width, page.height)
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), path)

        let cairo = cairo_create(surface)!
        if format == .png { cairo_scale(cairo, scale, scale) }
        LineStyle.background.set(on: cairo)
        cairo_paint(cairo)
        cairo_translate(cairo, -origin.x, -origin.y)
        LineStyle.configure(cairo)
        for line in drawing.lines {
            LineStyle.stroke(line, LineStyle.finished, on: cairo)
        }
        cairo_show_page(cairo)
        let drawStatus = cairo_status(cairo)
        cairo_destroy(cairo)
        try check(drawStatus, path)

        if format == .png {
            try check(cairo_surface_write_to_png(surface, path), path)
        }
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface), path)
    }

    /// The page size and the canvas point at the page's top-left corner.
    static func pageGeometry(for drawing: Drawing, size: Size?) -> (Size, Point) {
        if let size { return (size, .zero) }
        guard let bounds = drawing.lines.map(\.paintedBounds).reduce(nil, { $0?.union($1) ?? $1 }) else {
            return (Size(width: 2 * margin, height: 2 * margin), .zero)
        }
        let page = bounds.insetBy(dx: -margin, dy: -margin)
        return (Size(width: page.width.rounded(.up), height: page.height.rounded(.up)), page.origin)
    }

    private static func check(_ status: cairo_status_t, _ path: String) throws(ExportError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw .cannotWrite(path: path, reason: String(cString: cairo_status_to_string(status)))
    }
}
