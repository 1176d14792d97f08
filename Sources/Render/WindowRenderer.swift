import CCairo
import TouchCore

/// Draws a window's views into its pixel buffers: the core's drawing pass
/// (`ViewDrawingPass`) on a Cairo context clipped to the frame's damage, so
/// every view draws itself, transformed, in its own coordinates, and
/// subviews over their parents.
///
/// Views whose content is costly to draw from scratch, or drawn by a
/// painter of Render's, are drawn by the `ContentPainter`s the wiring
/// registers (the canvas's `CanvasRenderer`, a `TimelinePanelPainter`),
/// asked in order before a view draws itself.
///
/// The caller owns the damage bookkeeping per buffer: with several `wl_shm`
/// buffers in rotation, a buffer must be given the damage of every frame
/// since it was last drawn.
public final class WindowRenderer {
    /// Painters asked, in order, before a view draws itself.
    public var contentPainters: [any ContentPainter] = []
    /// The frame being drawn.
    private var frame: RenderFrame?
    /// Kept from frame to frame, so a frame allocates no context nor pass.
    private var context: CairoDrawingContext?
    private lazy var pass = ViewDrawingPass { [unowned self] view, rect, _ in paintContent(of: view, rect) }

    public init() {}

    /// Draws the parts of `root`'s views inside `damage` (logical points of
    /// `root`, the buffer's) into `buffer`; pixels outside the damage keep
    /// what they hold, as do pixels no view covers.
    public func render(_ root: View, into buffer: PixelBuffer, damage: [Rect]) {
        render(root, into: buffer, damage: damage, complete: false)
    }

    /// Draws the whole buffer, every painter to the end (no frame budget).
    public func renderAll(_ root: View, into buffer: PixelBuffer) {
        render(root, into: buffer, damage: [Rect(origin: .zero, size: buffer.logicalSize)], complete: true)
    }

    private func render(_ root: View, into buffer: PixelBuffer, damage: [Rect], complete: Bool) {
        let rects = damage.compactMap { buffer.pixelRect(covering: $0) }
        for painter in contentPainters { painter.frameBegins(complete: complete) }
        if !rects.isEmpty {
            buffer.drawClipped(to: rects) { cairo in
                cairo_scale(cairo, buffer.scale, buffer.scale)
                let context: CairoDrawingContext
                if let kept = self.context {
                    kept.cairo = cairo
                    context = kept
                } else {
                    context = CairoDrawingContext(cairo: cairo)
                    self.context = context
                }
                frame = RenderFrame(buffer: buffer, damage: rects, context: context)
                defer { frame = nil }
                pass.draw(root, damage: damage, in: context)
            }
        }
        for painter in contentPainters { painter.frameEnded() }
    }

    /// The pass's content painter: the first registered painter that draws `view`.
    private func paintContent(of view: View, _ rect: Rect) -> Bool {
        guard let frame else { return false }
        for painter in contentPainters where painter.paint(view, rect, in: frame) { return true }
        return false
    }
}
