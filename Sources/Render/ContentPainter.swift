import TouchCore

/// Draws some views' content in their place, on the drawing pass's Cairo
/// context: a view whose content is costly to draw from scratch (the
/// canvas, from its line cache) or is painted by Render's own painters (a
/// recognizer timeline). The wiring registers them with `WindowRenderer`,
/// which asks each, in order, before a view draws itself, and so knows no
/// view but `View`.
public protocol ContentPainter: AnyObject {
    /// Draws `view`'s content, the part `rect` of its bounds, on `frame`'s
    /// context (in the view's coordinates, clipped to its bounds and the
    /// damage) and returns true; returns false, having drawn nothing, to let
    /// the view draw itself.
    func paint(_ view: View, _ rect: Rect, in frame: RenderFrame) -> Bool
    /// A frame begins; `complete`: it must draw everything, with no frame
    /// budget (`WindowRenderer.renderAll`).
    func frameBegins(complete: Bool)
    /// The frame is drawn.
    func frameEnded()
}

extension ContentPainter {
    public func frameBegins(complete: Bool) {}
    public func frameEnded() {}
}

/// The frame a `WindowRenderer` is drawing: its buffer, the damaged pixels
/// of it, and the pass's Cairo context.
public struct RenderFrame {
    public let buffer: PixelBuffer
    /// The frame's damage in the buffer's pixels.
    let damage: [PixelRect]
    public let context: CairoDrawingContext
}
