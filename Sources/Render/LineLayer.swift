import CCairo
import Canvas
import TouchCore
import Platform

/// The finished lines, already drawn, at the output's pixel size: the cache a
/// frame copies from so that a moving finger never repaints every line.
/// It shows the drawing through one `viewport` (another view is another
/// layer), and holds only the lines in view.
///
/// It holds every finished line except the selected one (drawn ringed on top
/// in each frame, so selecting never blends green over black), and catches up
/// with the drawing through the drawing's change log: new lines are stroked
/// on top; removed or moved lines (and selection changes) re-render only the
/// tiles they touch; a new size or scale makes a new layer.
///
/// Tiles that must be rendered from scratch (all of them for a new layer)
/// are rendered a slice at a time when a deadline is given
/// (`renderUnfinished(until:)`): a drawing of a million lines takes many
/// seconds to rasterize, and the window must not wait for it. Until a tile
/// is complete it shows the lines stroked so far on white paper. Lines of
/// one colour compose the same in any order, but a tile still strokes its
/// lines in drawing order, lines drawn meanwhile last, so the pixels never
/// depend on how the work was sliced.
///
/// The picture is cut into fixed tiles, each its own Cairo image reaching
/// `margin` pixels beyond the tile on every side. Cairo skips stroke geometry
/// outside the image it draws on, which nudges antialiased pixels near that
/// edge; with fixed tiles and margins out of sight, a tile's pixels depend
/// only on the lines stroked on it, so any sequence of incremental updates
/// gives exactly the pixels of a full redraw.
final class LineLayer {
    let width: Int
    let height: Int
    let scale: Double
    let viewport: CanvasViewport
    static let tileSize = 256
    private let margin: Int
    private let columns: Int
    private var tiles: [Tile] = []
    /// The drawing revision and the excluded (selected) line the pixels reflect.
    private var revision: UInt64?
    private var excluded: LineID?
    /// Lines with a higher identity than every line drawn so far can simply
    /// be stroked on top; older ones (brought back by undo) belong underneath.
    private var highestDrawn: LineID?
    private(set) var statistics = Statistics()
    /// Tiles not complete, in the order they are rendered.
    private var unfinished: [Int] = []
    /// Lines a frame strokes before it looks at its deadline: a small
    /// drawing is complete in its first frame however busy the machine,
    /// while a frame of a huge one stays within a few milliseconds.
    static let minimumStrokesPerFrame = 200
    /// Tiles a frame left unfinished: their pixels change outside the
    /// damage of the frames that finish them.
    private var behind = Set<Int>()
    /// See `fillInRects`.
    private var fillIn: [Int] = []

    /// What the last `update` did, for tests and benchmarks.
    struct Statistics: Equatable {
        var rebuilt = false
        var linesAppended = 0
        var tilesRepainted = 0
    }

    /// One tile: the visible pixels `rect` of the layer, plus the margin.
    private final class Tile {
        /// How far the tile's pixels are from showing every line.
        enum Progress {
            case complete
            /// To be rendered from scratch; shows paper (or older pixels).
            case waiting
            /// Rendering: `lines` to stroke, in drawing order, from `next` on.
            case rendering(lines: [LineID], next: Int)
        }

        var progress = Progress.complete
        var isComplete: Bool {
            if case .complete = progress { true } else { false }
        }
        let rect: PixelRect
        /// The area of the drawing whose lines can paint on the tile's
        /// visible pixels.
        let reach: Rect
        let surface: OpaquePointer
        let cairo: OpaquePointer
        let margin: Int

        init(rect: PixelRect, margin: Int, scale: Double, viewport: CanvasViewport) {
            self.rect = rect
            self.margin = margin
            reach = viewport.drawingRect(fromView: rect.logical(scale: scale))
                .insetBy(dx: -CanvasMetrics.paintReach, dy: -CanvasMetrics.paintReach)
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(rect.width + 2 * margin),
                                                 Int32(rect.height + 2 * margin))
            precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "out of memory for the line cache")
            cairo = cairo_create(surface)
            cairo_translate(cairo, Double(margin - rect.x), Double(margin - rect.y))
            cairo_scale(cairo, scale, scale)
            CanvasRenderer.apply(viewport.transform, to: cairo)
            LineStyle.configure(cairo)
            paintBackground()
        }

        func paintBackground() {
            cairo_save(cairo)
            cairo_identity_matrix(cairo)
            LineStyle.background.set(on: cairo)
            cairo_paint(cairo)
            cairo_restore(cairo)
        }

        /// Strokes the lines still to stroke, until `deadline` once
        /// `strokes` (counted across the frame's tiles) has reached
        /// `LineLayer.minimumStrokesPerFrame` (nil: all of them). Returns
        /// whether the tile is complete.
        func proceed(_ drawing: Drawing, excluding excluded: LineID?, until deadline: Double?,
                     strokes: inout Int) -> Bool {
            if case .waiting = progress {
                paintBackground()
                progress = .rendering(lines: drawing.lines(intersecting: reach).filter { $0 != excluded }, next: 0)
            }
            guard case .rendering(let lines, var next) = progress else { return true }
            while next < lines.count {
                if let line = drawing[lines[next]] { stroke(line) }
                next += 1
                strokes += 1
                // The clock is read every few lines: a stroke costs microseconds.
                if let deadline, strokes >= LineLayer.minimumStrokesPerFrame, strokes % 16 == 0,
                   Time.monotonicSeconds() >= deadline { break }
            }
            progress = next < lines.count ? .rendering(lines: lines, next: next) : .complete
            return next >= lines.count
        }

        /// Strokes `line` on the tile: a freehand line by the pieces that
        /// reach the tile's visible pixels, however it got here (a full
        /// render or an appended line), so the pixels never differ.
        func stroke(_ line: Line) {
            LineStyle.stroke(line, LineStyle.color(of: line), on: cairo, within: [reach])
        }

        deinit {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
        }


        /// Copies the visible pixels in `area` (layer pixels) to `buffer`.
        func copy(_ area: PixelRect, to buffer: PixelBuffer) -> Int {
            let left = max(area.x, rect.x), right = min(area.x + area.width, rect.x + rect.width)
            let top = max(area.y, rect.y), bottom = min(area.y + area.height, rect.y + rect.height)
            guard left < right && top < bottom else { return 0 }
            cairo_surface_flush(surface)
            let source = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
            let stride = Int(cairo_image_surface_get_stride(surface))
            for row in top..<bottom {
                (buffer.data + row * buffer.stride + 4 * left).copyMemory(
                    from: source + (row - rect.y + margin) * stride + 4 * (left - rect.x + margin),
                    byteCount: 4 * (right - left))
            }
            return (right - left) * (bottom - top)
        }
    }

    init(width: Int, height: Int, scale: Double, viewport: CanvasViewport = .actualSize) {
        self.width = width
        self.height = height
        self.scale = scale
        self.viewport = viewport
        // Zoomed in, lines reach farther in pixels, but a margin the width
        // of the widest line at 100 % already keeps the clipped geometry
        // out of sight; zoomed out, less is needed.
        margin = Int((CanvasMetrics.paintReach * scale * min(1, viewport.zoom)).rounded(.up)) + 2
        let size = Self.tileSize
        columns = (width + size - 1) / size
        for y in stride(from: 0, to: height, by: size) {
            for x in stride(from: 0, to: width, by: size) {
                let rect = PixelRect(x: x, y: y, width: min(size, width - x), height: min(size, height - y))
                tiles.append(Tile(rect: rect, margin: margin, scale: scale, viewport: viewport))
            }
        }
    }

    /// Brings the pixels up to date with `drawing`.
    func update(from drawing: Drawing) {
        statistics = Statistics()
        let selection = drawing.selectedLineID
        guard let revision, let changes = drawing.changes(since: revision) else {
            rebuild(from: drawing)
            return
        }
        var appended: [LineID] = []
        var stale = Set<Int>()
        for change in changes {
            switch change {
            case .added(let id, let line):
                if id == excluded { continue }
                if let highest = highestDrawn, id < highest {
                    stale.formUnion(tiles(touching: line))
                } else {
                    appended.append(id)
                }
            case .removed(let id, let line):
                if id != excluded { stale.formUnion(tiles(touching: line)) }
            case .moved(let id, let from, let to):
                if id != excluded { stale.formUnion(tiles(touching: from) + tiles(touching: to)) }
            case .cleared:
                rebuild(from: drawing)
                return
            }
        }
        if selection != excluded {
            for id in [excluded, selection].compactMap({ $0 }) {
                if let line = drawing[id] { stale.formUnion(tiles(touching: line)) }
            }
        }
        excluded = selection
        for id in appended {
            highestDrawn = max(highestDrawn ?? id, id)
            guard id != selection, let line = drawing[id] else { continue }
            // A stale tile is re-rendered with this line included.
            for index in tiles(touching: line) where !stale.contains(index) {
                let tile = tiles[index]
                switch tile.progress {
                case .complete: tile.stroke(line)
                case .waiting: break
                case .rendering(let lines, let next): tile.progress = .rendering(lines: lines + [id], next: next)
                }
            }
            statistics.linesAppended += 1
        }
        for index in stale.sorted() { schedule(index) }
        statistics.tilesRepainted = stale.count
        self.revision = drawing.revision
    }

    private func rebuild(from drawing: Drawing) {
        statistics.rebuilt = true
        excluded = drawing.selectedLineID
        for index in tiles.indices { schedule(index) }
        highestDrawn = drawing.store.ids.last
        revision = drawing.revision
    }

    /// Marks a tile to be rendered from scratch.
    private func schedule(_ index: Int) {
        if case .complete = tiles[index].progress { unfinished.append(index) }
        tiles[index].progress = .waiting
    }

    /// Renders tiles that are not complete, until `deadline` (monotonic
    /// seconds, see `Time.monotonicSeconds`; nil: all of them). Returns whether any
    /// remain.
    @discardableResult
    func renderUnfinished(_ drawing: Drawing, until deadline: Double?) -> Bool {
        var progressed: [Int] = []
        var strokes = 0
        while let index = unfinished.first {
            progressed.append(index)
            guard tiles[index].proceed(drawing, excluding: excluded, until: deadline, strokes: &strokes) else { break }
            unfinished.removeFirst()
            if let deadline, strokes >= Self.minimumStrokesPerFrame, Time.monotonicSeconds() >= deadline { break }
        }
        // A tile finished within the frame that started it changed only
        // pixels the frame's damage covers (the lines that changed); one
        // that a frame left behind has pixels to show beyond it.
        fillIn = progressed.filter { behind.contains($0) }
        for index in progressed { behind.remove(index) }
        behind.formUnion(unfinished)
        if let next = unfinished.first, !fillIn.contains(next) { fillIn.append(next) }
        return !unfinished.isEmpty
    }

    /// Where the next frame must copy for the picture to fill in: the tiles
    /// left behind by an earlier frame that the last `renderUnfinished`
    /// worked on, and the tile it works on next. Empty once every tile is
    /// complete and shown. Only these, not every unfinished tile: a frame
    /// copies a few tiles instead of the whole window.
    var fillInRects: [PixelRect] { fillIn.map { tiles[$0].rect } }

    /// Indices of the tiles `line` paints on: exactly those whose `reach`
    /// the segment crosses (the test `Tile.render` uses to pick lines).
    private func tiles(touching line: Line) -> [Int] {
        if line.isFreehand { return tiles(touchingFreehand: line) }
        guard let area = pixelRect(covering: viewport.viewRect(fromDrawing: line.paintedBounds)) else { return [] }
        let size = Self.tileSize
        var result: [Int] = []
        for row in (area.y / size)...((area.y + area.height - 1) / size) {
            for column in (area.x / size)...((area.x + area.width - 1) / size) {
                let index = row * columns + column
                if line.intersects(tiles[index].reach) { result.append(index) }
            }
        }
        return result
    }

    /// The tiles whose `reach` some piece of a freehand line crosses,
    /// found piece by piece (a long stroke's bounding box covers tiles it
    /// never touches), in order.
    private func tiles(touchingFreehand line: Line) -> [Int] {
        var found = Set<Int>()
        let size = Self.tileSize
        for index in 0..<line.segmentCount {
            let piece = line.segment(index)
            guard let area = pixelRect(covering: viewport.viewRect(fromDrawing: piece.paintedBounds)) else { continue }
            for row in (area.y / size)...((area.y + area.height - 1) / size) {
                for column in (area.x / size)...((area.x + area.width - 1) / size) {
                    let tile = row * columns + column
                    if !found.contains(tile), piece.intersects(tiles[tile].reach) { found.insert(tile) }
                }
            }
        }
        return found.sorted()
    }

    /// Copies the visible pixels in `area` to the same place in `buffer`
    /// (with `onlyComplete`, only from the tiles that show every line);
    /// returns how many were copied.
    func copy(_ area: PixelRect, to buffer: PixelBuffer, onlyComplete: Bool = false) -> Int {
        let size = Self.tileSize
        var copied = 0
        for row in (area.y / size)...((area.y + area.height - 1) / size) {
            for column in (area.x / size)...((area.x + area.width - 1) / size) {
                let tile = tiles[row * columns + column]
                if onlyComplete, !tile.isComplete { continue }
                copied += tile.copy(area, to: buffer)
            }
        }
        return copied
    }

    /// Whether every tile shows every line.
    var isComplete: Bool { unfinished.isEmpty }

    /// Narrows `cairo`'s clip (user space: the layer's view points) to the
    /// tiles that do not show every line yet.
    func clipToIncompleteTiles(_ cairo: OpaquePointer) {
        cairo_new_path(cairo)
        for tile in tiles {
            if tile.isComplete { continue }
            let rect = tile.rect.logical(scale: scale)
            cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        }
        cairo_clip(cairo)
    }

    /// Paints every tile's pixels, as they are, on `cairo`, whose user
    /// space is this layer's view points: drawn under another viewport's
    /// transform, the last frame scaled and shifted while the view moves,
    /// at a cost that follows the window's size, never the lines'.
    func paintPixels(on cairo: OpaquePointer) {
        cairo_save(cairo)
        cairo_scale(cairo, 1 / scale, 1 / scale)
        // Tiles meet exactly; antialiased edges would let paper show between them.
        cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
        for tile in tiles {
            cairo_surface_flush(tile.surface)
            cairo_set_source_surface(cairo, tile.surface, Double(tile.rect.x - tile.margin),
                                     Double(tile.rect.y - tile.margin))
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BILINEAR)
            cairo_rectangle(cairo, Double(tile.rect.x), Double(tile.rect.y), Double(tile.rect.width),
                            Double(tile.rect.height))
            cairo_fill(cairo)
        }
        cairo_restore(cairo)
    }

    func pixelRect(covering rect: Rect) -> PixelRect? {
        PixelRect(covering: rect, scale: scale, width: width, height: height)
    }
}
