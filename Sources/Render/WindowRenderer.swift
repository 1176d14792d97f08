import CCairo
import Canvas
import Playground
import TouchCore

/// Draws a window's views into its pixel buffers: the core's drawing pass
/// (`ViewDrawingPass`) on a Cairo context clipped to the frame's damage, so
/// every view draws itself, transformed, in its own coordinates, and
/// subviews over their parents.
///
/// Views whose content is costly to draw from scratch have a painter of
/// their own here, used in place of their `draw(_:in:)` when it can be:
/// the canvas's cached line layer (`CanvasRenderer`). The playground's
/// recognizer panel is painted by the inspector's `RecognizerTimelinePainter`.
/// Other painters join through `contentPainters`.
///
/// The caller owns the damage bookkeeping per buffer: with several `wl_shm`
/// buffers in rotation, a buffer must be given the damage of every frame
/// since it was last drawn.
public final class WindowRenderer {
    /// Draws a view's content instead of the view, on the pass's Cairo
    /// context (in the view's coordinates, clipped to its bounds and the
    /// damage): given the view, the part of its bounds to redraw, the
    /// context and the frame's buffer, it returns true when it drew.
    public typealias ContentPainter = (View, Rect, CairoDrawingContext, PixelBuffer) -> Bool

    /// The canvas views' fast path: set its `frameBudget`, read its
    /// `lastFrame` and `unfinishedArea`.
    public let canvasRenderer = CanvasRenderer()
    /// Painters asked, in order, before a view draws itself.
    public var contentPainters: [ContentPainter] = []
    /// The canvas the fast path last drew, by identity (a weak reference
    /// would cost atomic operations every frame), and whether this frame drew it.
    private weak var drawnCanvas: CanvasView?
    private var drawnCanvasID: ObjectIdentifier?
    private var canvasDrawn = false
    /// The frame being drawn: its buffer, damaged pixels and Cairo context.
    private var frame: (buffer: PixelBuffer, rects: [PixelRect], cairo: OpaquePointer)?
    /// Kept from frame to frame, so a frame allocates no context nor pass.
    private var context: CairoDrawingContext?
    private lazy var pass = ViewDrawingPass { [unowned self] view, rect, _ in paintContent(of: view, rect) }

    public init() {}

    /// Where the next frame must be drawn for a canvas the last frame left
    /// incomplete to fill in (logical points of the window).
    public var unfinishedArea: [Rect] { canvasRenderer.unfinishedArea }

    /// Draws the parts of `root`'s views inside `damage` (logical points of
    /// `root`, the buffer's) into `buffer`; pixels outside the damage keep
    /// what they hold, as do pixels no view covers.
    public func render(_ root: View, into buffer: PixelBuffer, damage: [Rect]) {
        let rects = damage.compactMap { buffer.pixelRect(covering: $0) }
        canvasDrawn = false
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
                frame = (buffer, rects, cairo)
                defer { frame = nil }
                pass.draw(root, damage: damage, in: context)
            }
        }
        // A canvas no longer shown has nothing left to fill in.
        if !canvasDrawn, !(drawnCanvas.map(Self.isShown) ?? false) { canvasRenderer.forgetUnfinishedArea() }
    }

    /// The pass's content painter: the canvas from its line cache, the
    /// recognizer panel with the inspector's painter, then `contentPainters`.
    private func paintContent(of view: View, _ rect: Rect) -> Bool {
        guard let frame, let context else { return false }
        if let canvas = view as? CanvasView,
           canvasRenderer.draw(canvas, on: frame.cairo, into: frame.buffer, damage: frame.rects) {
            if drawnCanvasID != ObjectIdentifier(canvas) {
                drawnCanvas = canvas
                drawnCanvasID = ObjectIdentifier(canvas)
            }
            canvasDrawn = true
            return true
        }
        if let panel = view as? RecognizerPanelView {
            PanelStyle.fill(panel.bounds, on: frame.cairo)
            // No text cache: its masks go on whole device pixels of an
            // unmoved user space, and the panel's is its own.
            PanelStyle.withWriter(on: frame.cairo, scale: frame.buffer.scale, cache: nil) {
                RecognizerTimelinePainter.draw(panel.timeline, in: panel.bounds, damage: [rect], with: $0)
            }
            return true
        }
        return contentPainters.contains { $0(view, rect, context, frame.buffer) }
    }

    /// Draws the whole buffer.
    public func renderAll(_ root: View, into buffer: PixelBuffer) {
        let budget = canvasRenderer.frameBudget
        canvasRenderer.frameBudget = nil
        defer { canvasRenderer.frameBudget = budget }
        render(root, into: buffer, damage: [Rect(origin: .zero, size: buffer.logicalSize)])
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
}
