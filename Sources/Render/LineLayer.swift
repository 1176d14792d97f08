import CCairo
import Canvas
import TouchCore

/// The finished lines, already drawn, at the output's pixel size: the cache a
/// frame copies from so that a moving finger never repaints every line.
///
/// It holds every finished line except the selected one (drawn green on top
/// in each frame, so selecting never blends green over black). It catches up
/// with the drawing through the drawing's change log: new lines are drawn on
/// top; removed or moved lines (and selection changes) repaint only the
/// affected regions, clipped to whole pixels so the result is exactly what a
/// full redraw would give; a new size or scale rebuilds it.
final class LineLayer {
    let width: Int
    let height: Int
    let scale: Double
    private let surface: OpaquePointer
    private let cairo: OpaquePointer
    /// The drawing revision and the excluded (selected) line the pixels reflect.
    private var revision: UInt64?
    private var excluded: LineID?
    /// Lines with a higher identity than every line drawn so far can simply
    /// be drawn on top; older ones (brought back by undo) belong underneath.
    private var highestDrawn: LineID?
    private(set) var statistics = Statistics()

    /// What the last `update` did, for tests and benchmarks.
    struct Statistics: Equatable {
        var rebuilds = 0
        var linesAppended = 0
        var regionsRepainted = 0
    }

    /// Past this many regions to repaint, one full redraw is cheaper.
    static let regionLimit = 256

    init(width: Int, height: Int, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "out of memory for the line cache")
        cairo = cairo_create(surface)
        cairo_scale(cairo, scale, scale)
        LineStyle.configure(cairo)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    var pixels: UnsafeMutableRawPointer {
        cairo_surface_flush(surface)
        return UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
    }

    var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Brings the pixels up to date with `drawing`.
    func update(from drawing: Drawing) {
        let selection = drawing.selectedLineID
        guard let revision, let changes = drawing.changes(since: revision) else {
            rebuild(from: drawing)
            return
        }
        var appended: [LineID] = []
        var regions: [Rect] = []
        for change in changes {
            switch change {
            case .added(let id, let line):
                if id == excluded { continue }
                if let highest = highestDrawn, id < highest {
                    regions.append(line.paintedBounds)
                } else {
                    appended.append(id)
                }
            case .removed(let id, let line):
                if id != excluded { regions.append(line.paintedBounds) }
            case .moved(let id, let from, let to):
                if id != excluded { regions += [from.paintedBounds, to.paintedBounds] }
            case .cleared:
                rebuild(from: drawing)
                return
            }
        }
        if selection != excluded {
            for id in [excluded, selection].compactMap({ $0 }) {
                if let line = drawing[id] { regions.append(line.paintedBounds) }
            }
        }
        guard regions.count <= Self.regionLimit else {
            rebuild(from: drawing)
            return
        }
        statistics = Statistics()
        excluded = selection
        // Appends first: a region repaint below redraws them cleanly where
        // they overlap a region, so nothing is stroked twice.
        for id in appended {
            highestDrawn = max(highestDrawn ?? id, id)
            guard id != selection, let line = drawing[id] else { continue }
            LineStyle.stroke(line, LineStyle.finished, on: cairo)
            statistics.linesAppended += 1
        }
        for region in regions { repaint(region, from: drawing) }
        self.revision = drawing.revision
    }

    private func rebuild(from drawing: Drawing) {
        statistics = Statistics(rebuilds: 1)
        excluded = drawing.selectedLineID
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        LineStyle.background.set(on: cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cairo)
        cairo_restore(cairo)
        for id in drawing.store.ids where id != excluded {
            LineStyle.stroke(drawing[id]!, LineStyle.finished, on: cairo)
        }
        highestDrawn = drawing.store.ids.last
        revision = drawing.revision
    }

    /// Repaints the whole pixels covering `region` (logical points): paper,
    /// then every line reaching into them, in drawing order.
    private func repaint(_ region: Rect, from drawing: Drawing) {
        guard let pixels = pixelRect(covering: region) else { return }
        statistics.regionsRepainted += 1
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_rectangle(cairo, Double(pixels.x), Double(pixels.y), Double(pixels.width), Double(pixels.height))
        cairo_clip(cairo)
        LineStyle.background.set(on: cairo)
        cairo_paint(cairo)
        cairo_scale(cairo, scale, scale)
        let reach = pixels.logical(scale: scale).insetBy(dx: -CanvasMetrics.paintReach, dy: -CanvasMetrics.paintReach)
        for id in drawing.lines(intersecting: reach) where id != excluded {
            LineStyle.stroke(drawing[id]!, LineStyle.finished, on: cairo)
        }
        cairo_restore(cairo)
    }

    func pixelRect(covering rect: Rect) -> PixelRect? {
        PixelRect(covering: rect, scale: scale, width: width, height: height)
    }
}
