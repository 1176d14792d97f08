import CCairo
import Canvas
import TouchCore

/// The lasso's selection as pixels while a gesture moves, scales or turns
/// it (issue 38): its lines, ringed, drawn once when the gesture begins,
/// then painted in each frame under the gesture's transform over the line
/// cache, which leaves them out meanwhile (`LineLayer`). A motion of ten
/// thousand selected lines thus costs what a motion of ten does: a copy
/// of the damage and one paint of these pixels. Turned or scaled they are
/// a little soft; the lines are drawn exactly once the gesture ends and
/// they take their places.
final class SelectionLayer {
    /// The reshaping gesture (`Drawing.reshapeSerial`), the view and the
    /// pixel density the pixels were drawn for.
    let serial: UInt64
    let viewport: CanvasViewport
    let scale: Double
    /// Where the pixels lie, in device pixels of the canvas (it may reach
    /// beyond the canvas, whose lines a turn brings into view).
    private let area: PixelRect?
    private let surface: OpaquePointer?

    /// How far beyond the canvas, as a share of its size on each side,
    /// the cached pixels reach: enough for a selection dragged or turned
    /// into view, without caching a huge drawing's far-away lines.
    static let reachBeyondCanvas = 0.5

    /// Draws `lines` (drawing coordinates, where the gesture found them)
    /// as `canvas` shows a selection, for a canvas `width` × `height`
    /// device pixels at `scale`.
    init(_ lines: [(id: LineID, line: Line)], of canvas: CanvasView, serial: UInt64, width: Int, height: Int,
         scale: Double) {
        self.serial = serial
        viewport = canvas.viewport
        self.scale = scale
        let reach = 2 * CanvasMetrics.paintReach
        let painted = lines.reduce(Rect.null) { $0.union($1.line.paintedBounds) }
        guard !painted.isNull else {
            area = nil
            surface = nil
            return
        }
        let view = viewport.viewRect(fromDrawing: painted.insetBy(dx: -reach, dy: -reach))
        let beyondX = Int(Double(width) * Self.reachBeyondCanvas), beyondY = Int(Double(height) * Self.reachBeyondCanvas)
        let x0 = max(Int((view.minX * scale).rounded(.down)), -beyondX)
        let y0 = max(Int((view.minY * scale).rounded(.down)), -beyondY)
        let x1 = min(Int((view.maxX * scale).rounded(.up)), width + beyondX)
        let y1 = min(Int((view.maxY * scale).rounded(.up)), height + beyondY)
        guard x0 < x1, y0 < y1 else {
            area = nil
            surface = nil
            return
        }
        area = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(x1 - x0), Int32(y1 - y0))!
        precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "out of memory for the selection's pixels")
        let cairo = cairo_create(surface)!
        cairo_translate(cairo, Double(-x0), Double(-y0))
        cairo_scale(cairo, scale, scale)
        canvas.drawSelectedLines(lines, in: CairoDrawingContext(cairo: cairo))
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        self.surface = surface
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    /// Whether these pixels show the selection of the gesture `serial` at
    /// `viewport` and `scale`.
    func shows(_ serial: UInt64, at viewport: CanvasViewport, scale: Double) -> Bool {
        self.serial == serial && self.viewport == viewport && self.scale == scale
    }

    /// Paints the pixels placed by `transform` (drawing coordinates, the
    /// gesture's) on `cairo`, whose user space is the canvas's view points
    /// and whose clip is the frame's damage.
    func paint(placedBy transform: AffineTransform, on cairo: OpaquePointer) {
        guard let surface, let area else { return }
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        let inView = viewport.transform.inverted().concatenating(transform).concatenating(viewport.transform)
        CanvasRenderer.apply(inView, to: cairo)
        cairo_scale(cairo, 1 / scale, 1 / scale)
        cairo_set_source_surface(cairo, surface, Double(area.x), Double(area.y))
        // A drag by whole pixels copies them; a turn or a scale filters.
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        let wholePixels = matrix.xy == 0 && matrix.yx == 0 && matrix.xx == 1 && matrix.yy == 1
            && matrix.x0 == matrix.x0.rounded() && matrix.y0 == matrix.y0.rounded()
        cairo_pattern_set_filter(cairo_get_source(cairo), wholePixels ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_paint(cairo)
    }
}
