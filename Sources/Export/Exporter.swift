import CCairo
import Canvas
import Document
import TouchCore
import Platform
import Render

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
    /// The target exists and is not a regular file (a FIFO, a directory, a device).
    case notAFile(path: String, kind: String)
    /// The target is the drawing being exported: replacing it would lose the drawing.
    case wouldOverwriteDrawing(path: String)

    public var description: String {
        switch self {
        case .unknownFormat(let path):
            "\(path): unknown export format (use a .png, .svg or .pdf file name)"
        case .badSize(let size):
            "cannot export at size \(size)"
        case .cannotWrite(let path, let reason):
            "\(path): cannot write the export: \(reason)"
        case .notAFile(let path, let kind):
            "\(path): cannot export onto \(kind)"
        case .wouldOverwriteDrawing(let path):
            "\(path) is the drawing itself; export it to another file"
        }
    }
}

/// What an export wrote.
public struct ExportSummary: Equatable, Sendable {
    /// The file written (symbolic links at the end of the path given resolved).
    public var path: String
    /// The page, in points (PNG: pixels are `page × scale`).
    public var page: Size
    /// Below 1 when the drawing was scaled down to fit `Exporter.maximumSide`,
    /// or the paper.
    public var fit: Double
    /// The paper the drawing was fitted to, if one was chosen.
    public var paper: ExportOptions.Paper?

    init(path: String, page: Size, fit: Double, paper: ExportOptions.Paper? = nil) {
        self.path = path
        self.page = page
        self.fit = fit
        self.paper = paper
    }

    /// Tells the user the export was scaled down, or nil when it was not.
    public var note: String? {
        guard fit < 1 else { return nil }
        let percent = fit * 100 >= 1 ? String(Int((fit * 100).rounded())) : String(fit * 100)
        if let paper {
            return "the drawing is larger than \(paper.title) within its margins, so it was scaled to \(percent)% to fit"
        }
        return "the drawing is larger than \(Int(Exporter.maximumSide)) points across, so it was scaled to \(percent)% to fit"
    }
}

/// Writes the finished lines of a drawing to a PNG, SVG or PDF file: white
/// paper, black lines, as on screen (without selection or lines in progress).
/// PNG is drawn by Cairo; SVG and PDF are written line by line by
/// `SVGWriter` and `PDFWriter`, in memory that does not grow with the drawing.
///
/// The file is written beside the target and renamed over it once complete
/// and flushed to disk, so a failed export (a full disk) leaves any previous
/// file of that name as it was, and the error names the system's reason.
public enum Exporter {
    /// Space around the lines when the page is fitted to the drawing.
    static let margin = 20.0
    /// The least space between the lines and a sheet of paper's edges:
    /// half an inch, inside what printers leave blank.
    static let paperMargin = 36.0
    /// Largest page side, in points (PNG: pixels), so a hostile drawing cannot
    /// ask for a gigantic image. Larger drawings are scaled down to fit:
    /// every drawing the loader accepts (`Drawing.coordinateLimit`) exports.
    public static let maximumSide = 16_384.0

    /// Exports to `path`, the format taken from its extension. `size` is the
    /// page in points, showing the canvas from (0, 0); nil fits the page to the
    /// lines' bounding box plus `margin` (an empty drawing gives a blank
    /// page of twice the margin), or, when `options` name a paper, is the
    /// paper with the lines centred on it. `options` also give the PNG's
    /// pixels per point and background.
    /// `drawingPath`, the file the drawing was read from, is never overwritten.
    @discardableResult
    public static func export(_ drawing: Drawing, to path: String, size: Size? = nil,
                              options: ExportOptions = ExportOptions(),
                              sparing drawingPath: String? = nil) throws(ExportError) -> ExportSummary {
        try export(drawing.lines, to: path, size: size, options: options, sparing: drawingPath)
    }

    /// Exports `lines` in drawing order.
    @discardableResult
    public static func export(_ lines: [Line], to path: String, size: Size? = nil,
                              options: ExportOptions = ExportOptions(),
                              sparing drawingPath: String? = nil) throws(ExportError) -> ExportSummary {
        try export(bounds: inkBounds(of: lines), to: path, size: size, options: options, sparing: drawingPath) { body in
            for line in lines where !body(line) { return false }
            return true
        }
    }

    /// Exports a drawing read from its file a line at a time, as `--export`
    /// does: the file is read again as the lines are drawn instead of
    /// holding them, so the memory an SVG export takes does not grow with
    /// the drawing (PNG: the page, besides).
    /// Throws an `ExportError`, or the `DocumentError` of a file that no
    /// longer reads as it did when opened.
    @discardableResult
    public static func export(_ drawing: SavedDrawing, to path: String, size: Size? = nil,
                              options: ExportOptions = ExportOptions(),
                              sparing drawingPath: String? = nil) throws -> ExportSummary {
        var readError: DocumentError?
        do {
            return try export(bounds: drawing.inkBounds, to: path, size: size, options: options,
                              sparing: drawingPath) { body in
                do throws(DocumentError) {
                    return try drawing.forEachLine(body)
                } catch {
                    readError = error
                    return false
                }
            }
        } catch {
            // The export stopped because the drawing could not be read: say that.
            if let readError { throw readError }
            throw error
        }
    }

    /// Exports the lines `forEachLine` hands to its argument in drawing
    /// order (false from the argument stops it, and it then returns false),
    /// `bounds` their painted bounds.
    private static func export(bounds: Rect?, to path: String, size: Size?, options: ExportOptions,
                               sparing drawingPath: String?,
                               _ forEachLine: ((Line) -> Bool) -> Bool) throws(ExportError) -> ExportSummary {
        guard let format = ExportFormat(path: path) else { throw .unknownFormat(path: path) }
        let target = try checkedTarget(path, sparing: drawingPath)
        let (requested, origin, paperFit) = pageGeometry(bounds: bounds, size: size, page: options.page)
        guard requested.width >= 1, requested.height >= 1, options.scale > 0 else { throw .badSize(requested) }
        let scale = Double(options.scale)
        let pixelsPerPoint = format == .png ? scale : 1
        let sideFit = min(1, maximumSide / (requested.width * pixelsPerPoint),
                          maximumSide / (requested.height * pixelsPerPoint))
        let page = sideFit < 1
            ? Size(width: max(1, (requested.width * sideFit).rounded(.down)),
                   height: max(1, (requested.height * sideFit).rounded(.down)))
            : requested
        let fit = sideFit * paperFit
        let paper: ExportOptions.Paper? = if size == nil, case .paper(let paper, _) = options.page { paper } else { nil }

        let file = try ExportFile(target: target)
        if format != .png {
            let written = format == .svg
                ? SVGWriter.write(forEachLine, page: page, origin: origin, fit: fit, to: file)
                : PDFWriter.write(forEachLine, page: page, origin: origin, fit: fit, to: file)
            guard written else { throw file.failure(CAIRO_STATUS_WRITE_ERROR) }
            try file.commit()
            return ExportSummary(path: target, page: page, fit: fit, paper: paper)
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((page.width * scale).rounded(.up)),
                                                 Int32((page.height * scale).rounded(.up)))!
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), file)

        let cairo = cairo_create(surface)!
        cairo_scale(cairo, scale, scale)
        // A new image surface is transparent: white paper is painted on it.
        if options.background == .white {
            LineStyle.background.set(on: cairo)
            cairo_paint(cairo)
        }
        if fit < 1 { cairo_scale(cairo, fit, fit) }
        cairo_translate(cairo, -origin.x, -origin.y)
        LineStyle.configure(cairo)
        let complete = forEachLine { line in
            LineStyle.stroke(line, LineStyle.color(of: line), on: cairo)
            return true
        }
        guard complete else {
            cairo_destroy(cairo)
            throw file.failure(CAIRO_STATUS_READ_ERROR)
        }
        cairo_show_page(cairo)
        let drawStatus = cairo_status(cairo)
        cairo_destroy(cairo)
        try check(drawStatus, file)

        try check(cairo_surface_write_to_png_stream(surface, ExportFile.cairoWrite, file.cairoClosure), file)
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface), file)
        try file.commit()
        return ExportSummary(path: target, page: page, fit: fit, paper: paper)
    }

    /// The file to write for `path`: a symbolic link at its end is followed
    /// (the export replaces the link's target, the link stays), and anything
    /// but a regular file, or the drawing itself, is refused.
    static func checkedTarget(_ path: String, sparing drawingPath: String?) throws(ExportError) -> String {
        let target: String
        do {
            target = try Document.resolvingSymbolicLinks(path)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        guard let info = try? FileStatus(path: target) else { return target }
        guard info.kind == .regular else { throw .notAFile(path: path, kind: info.kind.userName) }
        if let drawingPath, let drawingTarget = try? Document.resolvingSymbolicLinks(drawingPath) {
            if drawingTarget == target || (try? FileStatus(path: drawingTarget))?.isSameFile(as: info) == true {
                throw .wouldOverwriteDrawing(path: path)
            }
        }
        return target
    }

    /// The page size, the canvas point at the page's top-left corner and
    /// the scale the lines are drawn at on it (below 1 to fit a paper).
    /// `bounds` are the lines' painted bounds (nil: no lines).
    static func pageGeometry(bounds: Rect?, size: Size?, page: ExportOptions.Page) -> (Size, Point, Double) {
        if let size { return (size, .zero, 1) }
        if let paper = page.paperSize {
            guard let bounds else { return (paper, .zero, 1) }
            let fit = min(1, (paper.width - 2 * paperMargin) / max(1, bounds.width),
                          (paper.height - 2 * paperMargin) / max(1, bounds.height))
            // The lines' centre on the paper's: (centre − origin) × fit = paper / 2.
            let origin = Point(x: bounds.midX - paper.width / 2 / fit, y: bounds.midY - paper.height / 2 / fit)
            return (paper, origin, fit)
        }
        guard let bounds else {
            return (Size(width: 2 * margin, height: 2 * margin), .zero, 1)
        }
        let fitted = bounds.insetBy(dx: -margin, dy: -margin)
        return (Size(width: fitted.width.rounded(.up), height: fitted.height.rounded(.up)), fitted.origin, 1)
    }

    static func inkBounds(of lines: [Line]) -> Rect? {
        lines.reduce(nil) { (bounds: Rect?, line) in bounds?.union(line.inkBounds) ?? line.inkBounds }
    }

    private static func check(_ status: cairo_status_t, _ file: ExportFile) throws(ExportError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw file.failure(status)
    }
}
