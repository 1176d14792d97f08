import Canvas
import Render
import SampleDrawings
import TouchCore

/// The mouse dragging the lasso's selection (issue 38) over a drawing of
/// `lineCount` lines, `selectedCount` of them selected: each `step()` is
/// one motion of the drag, delivered to the window as the app delivers
/// it (the Select tool's gestures move the lines) and the frame's damage
/// rendered, as a frame would.
public final class SelectionDragWorkload {
    public let drawing: Drawing
    public let image: OwnedPixelBuffer
    private let canvasWindow: CanvasWindow
    private let mouse = InputDeviceID(seat: "bench", kind: .pointer)
    private let start: Point
    private var steps = 0

    public init(lineCount: Int, selectedCount: Int, width: Int = 1920, height: Int = 1080) {
        precondition(selectedCount <= lineCount)
        image = OwnedPixelBuffer(width: width, height: height, scale: 1)
        let size = image.buffer.logicalSize
        drawing = Drawing(lines: SampleLines.random(count: lineCount, in: Rect(origin: .zero, size: size)))
        canvasWindow = CanvasWindow(drawing: drawing, size: size)
        canvasWindow.canvas.tool = .select
        // Every `lineCount / selectedCount`th line, so the selection spreads over the drawing as the lines do.
        let stride = lineCount / selectedCount
        drawing.select(Set(drawing.store.ids.enumerated().filter { $0.offset % stride == 0 }.prefix(selectedCount)
            .map(\.element)))
        let bounds = drawing.selectionBounds!
        start = Point(x: bounds.midX, y: bounds.midY)
        canvasWindow.renderer.renderAll(canvasWindow.window, into: image.buffer)
        deliver(.down, at: start)
        render()
    }

    /// Moves the mouse a few points (back and forth along a diagonal) and
    /// renders the damage: `move()`, then `render()`.
    public func step() {
        move()
        render()
    }

    /// The motion alone: the gestures move the selected lines in the
    /// drawing and mark the damage.
    public func move() {
        steps += 1
        let phase = Double(steps % 100)
        let offset = phase < 50 ? phase : 100 - phase
        deliver(.move, at: Point(x: start.x + 3 * offset, y: start.y + 2 * offset))
    }

    private func deliver(_ phase: RawTouch.Phase, at point: Point) {
        let timestamp = Double(steps) / 120
        canvasWindow.window.handle(TouchFrame(changes: [RawTouch(device: mouse, id: 0, phase: phase, location: point,
                                                                 timestamp: timestamp)],
                                              timestamp: timestamp))
    }

    /// The frame alone: renders the damage the motions since marked.
    public func render() {
        canvasWindow.renderer.render(canvasWindow.window, into: image.buffer,
                                     damage: canvasWindow.window.takeDamage())
    }
}
