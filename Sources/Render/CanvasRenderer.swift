import CCairo
import Canvas
import Platform
import TouchCore

/// Draws the canvas fast: the canvas view's content in the app's drawing
/// pass (`WindowRenderer`), or a canvas alone into a pixel buffer.
///
/// Finished lines come from a cached layer (see `LineLayer`) that follows the
/// drawing's change log; a frame copies only the damaged pixels from it, then
/// draws, clipped to the damage, the selected line (ringed) and the lines in
/// progress (red); a selection a gesture moves is painted from its own
/// cached pixels (`SelectionLayer`) on top. A finger moving over thousands of lines thus costs a copy
/// of a small rectangle and one stroke. The pixels are those the canvas
/// view's own `draw(_:in:)` would give.
///
/// Damage is in logical points of the window; the canvas view fills the
/// window, or `canvasFrame` of it (below a client-side title bar), and shows
/// the drawing through its viewport (issue 23). While the view moves (a
/// pinch, a pan, a fling), a frame scales and shifts the cached pixels of
/// the last viewport instead of drawing every line again; once it rests,
/// and every `movingFramesPerSharpening` frames while it moves (as map apps
/// do), the cache is drawn again, sharp, at the new viewport, within the
/// frame budget, the old cache shown scaled until it is done. The caller owns the
/// damage bookkeeping per buffer: with several `wl_shm` buffers in rotation,
/// a buffer must be given the damage of every frame since it was last drawn.
public final class CanvasRenderer: ContentPainter {
    private var layer: LineLayer?
    /// The last complete cache of another viewport, shown scaled where the
    /// cache of the present one is not complete yet: a huge drawing fills
    /// in sharp over a blurred picture instead of over white paper.
    private var previous: LineLayer?
    /// Frames drawn from a complete cache of an earlier viewport since the
    /// view began moving or was last sharpened.
    private var framesScaled = 0
    /// While the view moves, the cache is drawn again at the moving
    /// viewport after this many frames scaled from a complete one: a long
    /// pinch or fling sharpens as it goes, and a long pan fills in what it
    /// uncovers. Only with a frame budget, so no such frame stalls input.
    static let movingFramesPerSharpening = 8
    /// What the last frame did, for tests and benchmarks.
    public private(set) var lastFrame = FrameStatistics()
    /// How long a frame may spend rendering the line cache from scratch (a
    /// new window size, a huge drawing just opened), in seconds, once it
    /// has stroked 200 lines; nil: as long as it takes. Work left over
    /// shows as paper and continues in the next frames: draw
    /// `unfinishedArea` again until it is empty.
    public var frameBudget: Double?
    /// Where the next frame must be drawn for a canvas the last frame left
    /// incomplete to fill in (logical points of the window): the caller
    /// asks for frames there until this is empty.
    public private(set) var unfinishedArea: [Rect] = []
    /// The canvas the fast path last drew, by identity (a weak reference
    /// would cost atomic operations every frame), and whether this frame drew it.
    private weak var drawnCanvas: CanvasView?
    private var drawnCanvasID: ObjectIdentifier?
    private var canvasDrawn = false
    /// `WindowRenderer.renderAll` is drawing: no frame budget.
    private var budgetSuspended = false
    /// The lasso's selection as pixels while a gesture reshapes it.
    private var movingSelection: SelectionLayer?

    public struct FrameStatistics: Equatable, Sendable {
        /// Pixels copied from the line cache.
        var pixelsCopied = 0
        /// Whether the line cache was redrawn from scratch for this frame.
        var rebuiltCache = false
        /// Finished lines the cache drew incrementally for this frame.
        var linesAppendedToCache = 0
        /// Cache tiles (256 px squares) re-rendered for removed, moved or
        /// (de)selected lines.
        var cacheTilesRepainted = 0
        /// Whether the frame showed the cache of an earlier viewport,
        /// scaled and shifted, because the view was moving.
        public var scaledCache = false
        /// Whether the frame began a sharp cache at the moving viewport
        /// (`movingFramesPerSharpening`).
        var sharpenedWhileMoving = false
        /// Whether the frame showed a selection being reshaped from its
        /// cached pixels (`SelectionLayer`) instead of stroking its lines.
        var movedSelectionPixels = false
    }

    public init() {}

    /// Forgets the line cache, so the next frame redraws every line (as after
    /// a resize); benchmarks use it to time a full redraw.
    public func invalidateCache() {
        layer = nil
        previous = nil
    }

    /// The size of the line cache the last frame drew the canvas from; nil
    /// before the first.
    public var lineCacheSize: LineCacheSize? {
        layer.map { LineCacheSize(width: $0.width, height: $0.height, scale: $0.scale) }
    }

    /// Takes `prepared` as the line cache for `drawing`, whose first lines
    /// it was rasterized with (a drawing just opened; the lines after them,
    /// drawn while it opened, are stroked on top in the next frame).
    /// Returns false, and keeps its own cache, when the canvas is no longer
    /// the size it was prepared for.
    @discardableResult
    public func adopt(_ prepared: PreparedLineCache, showing drawing: Drawing) -> Bool {
        guard lineCacheSize == prepared.size else { return false }
        prepared.layer.adopt(drawing, openedCount: prepared.lineCount)
        layer = prepared.layer
        return true
    }

    /// Draws the parts of the canvas inside `damage` (logical points of the
    /// window) into `buffer`; pixels outside the damage are left as they are.
    /// (The app draws the canvas as a view, `draw(_:in:)` below; this draws
    /// a canvas alone.)
    ///
    /// `canvasFrame` is where the canvas lies in the window (nil: the whole
    /// window); its edges are rounded to whole pixels, so it should sit on
    /// the pixel grid at the buffer's scale. Damage outside it is left to
    /// whoever draws there.
    ///
    /// `viewport` is how the canvas shows the drawing; `moving`, whether it
    /// is in motion (see the type's comment).
    public func render(_ drawing: Drawing, into buffer: PixelBuffer, canvasFrame: Rect? = nil, damage: [Rect],
                       viewport: CanvasViewport = .actualSize, moving: Bool = false) {
        let rects = damage.compactMap { buffer.pixelRect(covering: $0) }
        let canvasArea = if let canvasFrame {
            buffer.pixelRect(nearest: canvasFrame)
        } else {
            PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        }
        guard let canvasArea else {
            lastFrame = FrameStatistics()
            unfinishedArea = []
            return
        }
        let local = rects.compactMap { $0.intersection(canvasArea) }
        buffer.drawClipped(to: local) { cairo in
            cairo_translate(cairo, Double(canvasArea.x), Double(canvasArea.y))
            cairo_scale(cairo, buffer.scale, buffer.scale)
            renderCanvas(drawing, viewport: viewport, moving: moving, into: buffer, at: canvasArea, damage: local,
                         strokingOn: cairo)
        }
    }

    /// The canvas view's fast path, for `WindowRenderer`: draws a
    /// `CanvasView` on the frame's context (set up by the drawing pass in
    /// the canvas's coordinates, clipped to its bounds and the damage) from
    /// the line cache, where the canvas lies on whole pixels of the buffer
    /// by a translation. Returns false, having drawn nothing, for other
    /// views and where it cannot (a rotated or scaled canvas, a scrolled
    /// one, or inside a translucent layer): the canvas then draws itself.
    public func paint(_ view: View, _ rect: Rect, in frame: RenderFrame) -> Bool {
        guard let canvas = view as? CanvasView else { return false }
        let cairo = frame.context.cairo, buffer = frame.buffer
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx == buffer.scale, matrix.yy == buffer.scale,
              canvas.bounds.origin == .zero, let target = cairo_get_target(cairo),
              cairo_get_group_target(cairo) == target else { return false }
        if drawnCanvasID != ObjectIdentifier(canvas) {
            drawnCanvas = canvas
            drawnCanvasID = ObjectIdentifier(canvas)
        }
        canvasDrawn = true
        let canvasFrame = Rect(x: matrix.x0 / buffer.scale, y: matrix.y0 / buffer.scale,
                               width: canvas.bounds.width, height: canvas.bounds.height)
        guard let canvasArea = buffer.pixelRect(nearest: canvasFrame) else { return true }
        let local = frame.damage.compactMap { $0.intersection(canvasArea) }
        cairo_surface_flush(target)
        let drawing = canvas.drawing
        let reshaping = drawing.isReshapingSelection
        renderCanvas(drawing, viewport: canvas.viewport, moving: canvas.navigation.isMoving,
                     predictedTips: canvas.predictedTips.values, selection: canvas.rules.selection,
                     leavingOutReshapedSelection: reshaping, into: buffer, at: canvasArea, damage: local,
                     strokingOn: cairo, beforeStroking: { cairo_surface_mark_dirty(target) })
        if reshaping {
            // Drawn over the lines in progress, as the rings are.
            let layer = movingSelection(of: canvas, width: canvasArea.width, height: canvasArea.height,
                                        scale: buffer.scale)
            layer.paint(placedBy: drawing.reshapeTransform, on: cairo)
            lastFrame.movedSelectionPixels = true
        } else {
            movingSelection = nil
        }
        if !drawing.selection.isEmpty || !canvas.selectionGestures.lassoes.isEmpty {
            canvas.drawSelection(rect, in: frame.context, ringingLines: !reshaping)
        }
        return true
    }

    /// The pixels of the selection `canvas`'s gesture reshapes, drawn when
    /// the gesture began (or the view or the pixel density changed).
    private func movingSelection(of canvas: CanvasView, width: Int, height: Int, scale: Double) -> SelectionLayer {
        let serial = canvas.drawing.reshapeSerial
        if let movingSelection, movingSelection.shows(serial, at: canvas.viewport, scale: scale) {
            return movingSelection
        }
        let layer = SelectionLayer(canvas.drawing.reshapingLines ?? [], of: canvas, serial: serial, width: width,
                                   height: height, scale: scale)
        movingSelection = layer
        return layer
    }

    public func frameBegins(complete: Bool) {
        canvasDrawn = false
        budgetSuspended = complete
    }

    /// A canvas no longer shown has nothing left to fill in.
    public func frameEnded() {
        budgetSuspended = false
        if !canvasDrawn, !(drawnCanvas.map(Self.isShown) ?? false) { unfinishedArea = [] }
    }

    /// Whether `view` is in a window and neither it nor a superview is hidden.
    private static func isShown(_ view: View) -> Bool {
        guard view.window != nil else { return false }
        var current: View? = view
        while let candidate = current {
            if candidate.isHidden { return false }
            current = candidate.superview
        }
        return true
    }

    /// Draws the canvas lying at `canvasArea` of `buffer`; `rects` are its
    /// damaged pixels (in `buffer`, inside `canvasArea`). The damaged
    /// pixels are copied from the line cache, then the lines in progress
    /// (with their predicted tips) and the selected line are stroked on `cairo`, whose user space is
    /// the canvas's and whose clip is the damage.
    private func renderCanvas(_ drawing: Drawing, viewport: CanvasViewport, moving: Bool,
                              predictedTips: some Collection<Line> = [Line](),
                              selection: CanvasRules.Selection = .accentRing,
                              leavingOutReshapedSelection: Bool = false,
                              into buffer: PixelBuffer, at canvasArea: PixelRect,
                              damage rects: [PixelRect], strokingOn cairo: OpaquePointer,
                              beforeStroking: () -> Void = {}) {
        lastFrame = FrameStatistics()
        let canvasBuffer = buffer.cropped(to: canvasArea)
        let deadline = budgetSuspended ? nil : frameBudget.map { Time.monotonicSeconds() + $0 }
        // While the view moves, the cache stays at the viewport it has, but
        // for a sharp one now and then.
        var moved = moving ? layer.flatMap { fits($0, canvasBuffer) ? $0 : nil } : nil
        var sharpening = false
        if let kept = moved, kept.isComplete, kept.viewport != viewport {
            framesScaled += 1
            if deadline != nil, framesScaled > Self.movingFramesPerSharpening {
                moved = nil
                sharpening = true
            }
        }
        if moved == nil { framesScaled = 0 }
        let layer = moved ?? currentLayer(for: canvasBuffer, viewport: viewport)
        layer.update(from: drawing, leavingOutReshapedSelection: leavingOutReshapedSelection)
        layer.renderUnfinished(drawing, until: deadline)
        lastFrame = FrameStatistics(rebuiltCache: layer.statistics.rebuilt,
                                    linesAppendedToCache: layer.statistics.linesAppended,
                                    cacheTilesRepainted: layer.statistics.tilesRepainted,
                                    sharpenedWhileMoving: sharpening)
        if layer.isComplete { previous = nil }
        let backdrop = layer.isComplete ? nil : previous
        if let backdrop {
            backdrop.update(from: drawing, leavingOutReshapedSelection: leavingOutReshapedSelection)
            backdrop.renderUnfinished(drawing, until: deadline)
        }
        let scaling = layer.viewport != viewport
        unfinishedArea = scaling ? [] : layer.fillInRects.map {
            $0.offsetBy(dx: canvasArea.x, dy: canvasArea.y).logical(scale: buffer.scale)
        }
        let rects = rects.map { $0.offsetBy(dx: -canvasArea.x, dy: -canvasArea.y) }
        guard !rects.isEmpty else { return }
        if scaling {
            beforeStroking()
            paintScaled(backdrop ?? layer, to: viewport, on: cairo)
            lastFrame.scaledCache = true
        } else if let backdrop {
            // The finished tiles sharp, the others blurred from the last view.
            for rect in rects { lastFrame.pixelsCopied += layer.copy(rect, to: canvasBuffer, onlyComplete: true) }
            beforeStroking()
            cairo_save(cairo)
            layer.clipToIncompleteTiles(cairo)
            paintScaled(backdrop, to: viewport, on: cairo)
            cairo_restore(cairo)
            lastFrame.scaledCache = true
        } else {
            for rect in rects { lastFrame.pixelsCopied += layer.copy(rect, to: canvasBuffer) }
            beforeStroking()
        }

        let logicalDamage = rects.map { viewport.drawingRect(fromView: $0.logical(scale: buffer.scale)) }
        func isDamaged(_ line: Line) -> Bool {
            let reach = line.paintedBounds
            return logicalDamage.contains { $0.intersects(reach) }
        }
        // What a line must reach to paint inside the damage.
        let reach = logicalDamage.map { $0.insetBy(dx: -CanvasMetrics.paintReach, dy: -CanvasMetrics.paintReach) }
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        Self.apply(viewport.transform, to: cairo)
        LineStyle.configure(cairo)
        // Drawing order of the original app: finished, in progress, selected.
        for (touch, line) in drawing.linesInProgress where isDamaged(line) {
            if line.isFreehand {
                paintFreehandInProgress(line, drawnBy: touch, in: drawing, reach: reach, on: cairo)
            } else {
                LineStyle.stroke(line, LineStyle.inProgressColor(of: line), on: cairo)
            }
        }
        // The predicted tips continue the lines in progress, in their ink.
        for tip in predictedTips where isDamaged(tip) { LineStyle.stroke(tip, LineStyle.inProgressColor(of: tip), on: cairo) }
        if let selected = drawing.selectedLine, isDamaged(selected) {
            switch selection {
            case .accentRing: LineStyle.strokeSelected(selected, on: cairo, within: reach)
            case .green: LineStyle.stroke(selected, CanvasRules.bookSelectionColor, on: cairo, within: reach)
            }
        }
    }

    /// Paints the paper, then `layer`'s pixels where they show under
    /// `viewport`: scaled by the ratio of the zooms, shifted by the
    /// difference of the origins. `cairo`'s user space is the canvas's
    /// view points, clipped to the damage.
    private func paintScaled(_ layer: LineLayer, to viewport: CanvasViewport, on cairo: OpaquePointer) {
        cairo_save(cairo)
        LineStyle.background.set(on: cairo)
        cairo_paint(cairo)
        let old = layer.viewport
        let factor = viewport.zoom / old.zoom
        cairo_translate(cairo, (old.origin.x - viewport.origin.x) * viewport.zoom,
                        (old.origin.y - viewport.origin.y) * viewport.zoom)
        cairo_scale(cairo, factor, factor)
        layer.paintPixels(on: cairo)
        cairo_restore(cairo)
    }

    static func apply(_ transform: AffineTransform, to cairo: OpaquePointer) {
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                    x0: transform.tx, y0: transform.ty)
        cairo_transform(cairo, &matrix)
    }

    /// Whether `layer` covers `buffer`'s pixels, at any viewport.
    private func fits(_ layer: LineLayer, _ buffer: PixelBuffer) -> Bool {
        layer.width == buffer.width && layer.height == buffer.height && layer.scale == buffer.scale
    }

    /// Paints a freehand line in progress inside the damage `reach`: the
    /// pieces its index finds there, in one fill, so a frame's cost follows
    /// its damage and never the length of the stroke. (Cairo's antialiasing
    /// of a pixel depends a little on the other edges of its row in the same
    /// fill, so these pixels may differ from a full redraw's by a few levels
    /// at the line's edges; the finished line is drawn exactly.)
    private func paintFreehandInProgress(_ line: Line, drawnBy touch: ObjectIdentifier, in drawing: Drawing,
                                         reach: [Rect], on cairo: OpaquePointer) {
        var segments: [Int] = []
        for rect in reach { segments += drawing.freehandSegmentsInProgress(for: touch, touching: rect) }
        if reach.count > 1 {
            segments.sort()
            var unique: [Int] = []
            for index in segments where index != unique.last { unique.append(index) }
            segments = unique
        }
        if !segments.isEmpty { FreehandPainter.fill(line, segments: segments, LineStyle.inProgressColor(of: line), on: cairo) }
    }

    /// Draws the whole buffer, every line (whatever the frame budget).
    public func renderAll(_ drawing: Drawing, into buffer: PixelBuffer) {
        let budget = frameBudget
        frameBudget = nil
        defer { frameBudget = budget }
        render(drawing, into: buffer, damage: [Rect(origin: .zero, size: buffer.logicalSize)])
    }

    /// Forgets the area left to fill in (the canvas is no longer shown).
    private func currentLayer(for buffer: PixelBuffer, viewport: CanvasViewport) -> LineLayer {
        if let layer, fits(layer, buffer), layer.viewport == viewport {
            return layer
        }
        if let layer, fits(layer, buffer), layer.isComplete {
            previous = layer
        } else if let previous, !fits(previous, buffer) {
            self.previous = nil
        }
        let fresh = LineLayer(width: buffer.width, height: buffer.height, scale: buffer.scale, viewport: viewport)
        layer = fresh
        return fresh
    }
}
