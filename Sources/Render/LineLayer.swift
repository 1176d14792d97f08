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
/// in each frame, so selecting never blends green over black) and the lasso's
/// selection while a gesture reshapes it (moved as cached pixels on top, see
/// `SelectionLayer`), and catches up
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
    /// The drawing revision and the excluded lines (see `excludedLines`)
    /// the pixels reflect.
    private var revision: UInt64?
    private var excluded = Set<LineID>()
    /// Whether the last `update` left out the selection a gesture reshapes.
    private var leavesOutReshapedSelection = false
    /// What `excluded` was taken from.
    private var excludedKey: ExclusionKey?

    /// What the excluded lines follow from: the selected line, and the
    /// reshaping gesture with the number of its lines (an eraser may take
    /// some). While it stays the same, so do they.
    private struct ExclusionKey: Equatable {
        let selectedLine: LineID?
        let reshaping: UInt64?
        let reshapedCount: Int

        init(_ drawing: Drawing, leavingOutReshapedSelection: Bool) {
            selectedLine = drawing.selectedLineID
            let reshaping = leavingOutReshapedSelection && drawing.isReshapingSelection
            self.reshaping = reshaping ? drawing.reshapeSerial : nil
            reshapedCount = reshaping ? drawing.selection.count : 0
        }
    }
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
    /// Lines a tile strokes from scratch between two looks at whether its
    /// pixels are all one colour (see `Tile.strokeFromScratch`): a look
    /// reads a tile's 65,536 pixels, about as long as a few strokes.
    static let strokesBetweenLooks = 64
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

    /// Brings the pixels up to date with `drawing`; with
    /// `leavingOutReshapedSelection`, without the lines of the selection a
    /// gesture reshapes (whoever draws the layer draws them on top).
    func update(from drawing: Drawing, leavingOutReshapedSelection: Bool = false) {
        statistics = Statistics()
        leavesOutReshapedSelection = leavingOutReshapedSelection
        guard let revision, let changes = drawing.changes(since: revision) else {
            rebuild(from: drawing)
            return
        }
        apply(changes, from: drawing)
    }

    /// Brings the pixels from the drawing as they reflect it to `drawing`
    /// by `changes`, the changes made since.
    private func apply(_ changes: some Collection<DrawingChange>, from drawing: Drawing) {
        let exclusion = excludedLines(of: drawing)
        var appended: [LineID] = []
        var stale = Set<Int>()
        for change in changes {
            switch change {
            case .added(let id, let line):
                if excluded.contains(id) { continue }
                if let highest = highestDrawn, id < highest {
                    stale.formUnion(tiles(touching: line))
                } else {
                    appended.append(id)
                }
            case .removed(let id, let line):
                if !excluded.contains(id) { stale.formUnion(tiles(touching: line)) }
            case .moved(let id, let from, let to):
                if !excluded.contains(id) { stale.formUnion(tiles(touching: from) + tiles(touching: to)) }
            case .cleared:
                rebuild(from: drawing)
                return
            }
        }
        // Compared whole only when it may have changed: a selection of ten
        // thousand lines is not compared every frame of its drag.
        let exclusionKey = ExclusionKey(drawing, leavingOutReshapedSelection: leavesOutReshapedSelection)
        if exclusionKey != excludedKey, exclusion != excluded {
            for id in exclusion.symmetricDifference(excluded) {
                if let line = drawing[id] { stale.formUnion(tiles(touching: line)) }
            }
        }
        excluded = exclusion
        excludedKey = exclusionKey
        for id in appended {
            highestDrawn = max(highestDrawn ?? id, id)
            guard !exclusion.contains(id), let line = drawing[id] else { continue }
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
        excluded = excludedLines(of: drawing)
        excludedKey = ExclusionKey(drawing, leavingOutReshapedSelection: leavesOutReshapedSelection)
        for index in tiles.indices { schedule(index) }
        highestDrawn = drawing.store.ids.last
        revision = drawing.revision
    }

    /// A layer showing `lines`, every tile rendered from scratch at once,
    /// for a drawing being opened: half the tiles on a thread of its own,
    /// so a drawing of a million lines is rasterized on both cores while
    /// the window goes on answering. A tile strokes its lines in drawing
    /// order, as `renderUnfinished` would. Give it to the renderer with
    /// `adopt(_:openedCount:)` once the drawing holds the lines.
    static func rendered(_ lines: [Line], width: Int, height: Int, scale: Double) -> LineLayer {
        let layer = LineLayer(width: width, height: height, scale: scale)
        let helper = try? BackgroundWork { layer.strokeFromScratch(lines, onTiles: 1, of: 2) }
        layer.strokeFromScratch(lines, onTiles: 0, of: helper == nil ? 1 : 2)
        helper?.join()
        return layer
    }

    /// Strokes `lines` in order on every `parts`th tile from `part` on
    /// (tiles of other parts are another thread's).
    private func strokeFromScratch(_ lines: [Line], onTiles part: Int, of parts: Int) {
        for line in lines {
            for index in tiles(touching: line) where index % parts == part { tiles[index].strokeFromScratch(line) }
        }
    }

    /// Takes `drawing` as what the layer shows: the layer was `rendered`
    /// with its first `openedCount` lines (a drawing just opened, see
    /// `Drawing.takeLines(of:)`); the lines after them were drawn while it
    /// opened, and are stroked on top as new lines would be.
    func adopt(_ drawing: Drawing, openedCount: Int) {
        statistics = Statistics()
        let ids = drawing.store.ids
        revision = drawing.revision
        excluded = []
        excludedKey = nil
        highestDrawn = ids.last { $0.rawValue < openedCount }
        let meanwhile = ids.drop { $0.rawValue < openedCount }.compactMap { id in
            drawing[id].map { DrawingChange.added(id, $0) }
        }
        apply(meanwhile, from: drawing)
    }

    /// The lines drawn over the layer instead of in it: the selected line,
    /// and the lasso's selection while a gesture reshapes it (when asked).
    private func excludedLines(of drawing: Drawing) -> Set<LineID> {
        var lines = leavesOutReshapedSelection && drawing.isReshapingSelection ? drawing.selection : []
        if let selected = drawing.selectedLineID { lines.insert(selected) }
        return lines
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

    /// The pixel value of `color` when a stroke of it leaves such a pixel
    /// exactly as it is (opaque, each channel 0 or 1); else nil.
    static func unchangedPixelValue(of color: Color) -> UInt32? {
        guard color.alpha == 1 else { return nil }
        var pixel: UInt32 = 0xFF00_0000
        for (channel, shift) in [(color.red, 16), (color.green, 8), (color.blue, 0)] as [(Double, UInt32)] {
            switch channel {
            case 0: break
            case 1: pixel |= 0xFF << shift
            default: return nil
            }
        }
        return pixel
    }

    /// Lines the tiles left out while rendered from scratch, buried under
    /// ink of their colour (see `Tile.strokeFromScratch`), for tests.
    var strokesLeftOut: Int { tiles.reduce(0) { $0 + $1.strokesLeftOut } }

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
