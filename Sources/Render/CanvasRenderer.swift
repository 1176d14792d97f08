import CCairo
import Canvas
import Platform
import TouchCore

/// Draws frames of the canvas into caller-provided pixel buffers.
///
/// Finished lines come from a cached layer (see `LineLayer`) that follows the
/// drawing's change log; a frame copies only the damaged pixels from it, then
/// draws, clipped to the damage, the selected line (green), the lines in
/// progress (red) and the menu. A finger moving over thousands of lines thus
/// costs a copy of a small rectangle and one stroke.
///
/// Damage and the menu are in logical points of the window; the canvas view
/// fills the window, or `canvasFrame` of it (below a client-side title bar),
/// and the drawing is in the canvas's own coordinates. The caller owns the
/// damage bookkeeping per buffer: with several `wl_shm` buffers in rotation,
/// a buffer must be given the damage of every frame since it was last drawn.
public final class CanvasRenderer {
    private var layer: LineLayer?
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

    public struct FrameStatistics: Equatable, Sendable {
        /// Pixels copied from the line cache.
        public var pixelsCopied = 0
        /// Whether the line cache was redrawn from scratch for this frame.
        public var rebuiltCache = false
        /// Finished lines the cache drew incrementally for this frame.
        public var linesAppendedToCache = 0
        /// Cache tiles (256 px squares) re-rendered for removed, moved or
        /// (de)selected lines.
        public var cacheTilesRepainted = 0
    }

    public init() {}

    /// Forgets the line cache, so the next frame redraws every line (as after
    /// a resize); benchmarks use it to time a full redraw.
    public func invalidateCache() {
        layer = nil
    }

    /// Draws the parts of the canvas inside `damage` (logical points of the
    /// window) into `buffer`; pixels outside the damage are left as they are.
    ///
    /// `canvasFrame` is where the canvas lies in the window (nil: the whole
    /// window); its edges are rounded to whole pixels, so it should sit on
    /// the pixel grid at the buffer's scale. Damage outside it is left to
    /// whoever draws there (a title bar), except for the menu, which is drawn
    /// over the whole window.
    public func render(_ drawing: Drawing, menu: MenuController? = nil, into buffer: PixelBuffer,
                       canvasFrame: Rect? = nil, damage: [Rect]) {
        lastFrame = FrameStatistics()
        let rects = damage.compactMap { buffer.pixelRect(covering: $0) }
        let canvasArea = if let canvasFrame {
            buffer.pixelRect(nearest: canvasFrame)
        } else {
            PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        }
        unfinishedArea = []
        if let canvasArea {
            renderCanvas(drawing, into: buffer.cropped(to: canvasArea),
                         damage: rects.compactMap { $0.intersection(canvasArea)?.offsetBy(dx: -canvasArea.x, dy: -canvasArea.y) })
            unfinishedArea = (layer?.fillInRects ?? []).map {
                $0.offsetBy(dx: canvasArea.x, dy: canvasArea.y).logical(scale: buffer.scale)
            }
        }
        guard let menu, let layout = menu.layout, !rects.isEmpty,
              rects.contains(where: { $0.logical(scale: buffer.scale).intersects(layout.frame) }) else { return }
        buffer.drawClipped(to: rects) { cairo in
            cairo_scale(cairo, buffer.scale, buffer.scale)
            MenuPainter.draw(layout, highlightedIndex: menu.highlightedIndex, on: cairo)
        }
    }

    /// Draws the canvas into `buffer`, which holds exactly the canvas;
    /// `rects` are its damaged pixels.
    private func renderCanvas(_ drawing: Drawing, into buffer: PixelBuffer, damage rects: [PixelRect]) {
        let layer = currentLayer(for: buffer)
        layer.update(from: drawing)
        layer.renderUnfinished(drawing, until: frameBudget.map { Time.monotonicSeconds() + $0 })
        lastFrame = FrameStatistics(rebuiltCache: layer.statistics.rebuilt,
                                    linesAppendedToCache: layer.statistics.linesAppended,
                                    cacheTilesRepainted: layer.statistics.tilesRepainted)
        guard !rects.isEmpty else { return }
        for rect in rects { lastFrame.pixelsCopied += layer.copy(rect, to: buffer) }

        let logicalDamage = rects.map { $0.logical(scale: buffer.scale) }
        func isDamaged(_ line: Line) -> Bool {
            let reach = line.paintedBounds
            return logicalDamage.contains { $0.intersects(reach) }
        }
        // What a line must reach to paint inside the damage.
        let reach = logicalDamage.map { $0.insetBy(dx: -CanvasMetrics.paintReach, dy: -CanvasMetrics.paintReach) }
        buffer.drawClipped(to: rects) { cairo in
            cairo_scale(cairo, buffer.scale, buffer.scale)
            LineStyle.configure(cairo)
            // Drawing order of the original app: finished, in progress, selected.
            for (touch, line) in drawing.linesInProgress where isDamaged(line) {
                if line.isFreehand {
                    paintFreehandInProgress(line, drawnBy: touch, in: drawing, reach: reach, on: cairo)
                } else {
                    LineStyle.stroke(line, LineStyle.inProgress, on: cairo)
                }
            }
            if let selected = drawing.selectedLine, isDamaged(selected) {
                LineStyle.stroke(selected, LineStyle.selected, on: cairo, within: reach)
            }
        }
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
        if !segments.isEmpty { FreehandPainter.fill(line, segments: segments, LineStyle.inProgress, on: cairo) }
    }

    /// Draws the whole buffer, every line (whatever the frame budget).
    public func renderAll(_ drawing: Drawing, menu: MenuController? = nil, into buffer: PixelBuffer) {
        let budget = frameBudget
        frameBudget = nil
        defer { frameBudget = budget }
        render(drawing, menu: menu, into: buffer, damage: [Rect(origin: .zero, size: buffer.logicalSize)])
    }

    private func currentLayer(for buffer: PixelBuffer) -> LineLayer {
        if let layer, layer.width == buffer.width, layer.height == buffer.height, layer.scale == buffer.scale {
            return layer
        }
        let fresh = LineLayer(width: buffer.width, height: buffer.height, scale: buffer.scale)
        layer = fresh
        return fresh
    }
}
