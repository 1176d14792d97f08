import Canvas
import Render
import SampleDrawings
import TouchCore

/// Moving around a canvas of `lineCount` lines, all in view (issue 23):
/// each `step()` moves navigating fingers a little, as one motion event of
/// a pan or a pinch, and renders the frame the window's damage asks for,
/// as the app draws it. While the fingers move, the renderer scales and
/// shifts the last sharp frame: a step's cost should not follow the lines.
public final class NavigationFrameWorkload {
    public enum Motion: Sendable {
        /// One finger dragging the paper.
        case pan
        /// Two fingers spreading and closing about the window's centre.
        case pinch
    }

    public let image: OwnedPixelBuffer
    private let canvasWindow: CanvasWindow
    private let motion: Motion
    private let device = InputDeviceID(seat: "bench", kind: .finger)
    private var steps = 0
    private var time = 0.0

    public init(lineCount: Int, motion: Motion, width: Int = 1920, height: Int = 1080) {
        self.motion = motion
        image = OwnedPixelBuffer(width: width, height: height)
        let size = image.buffer.logicalSize
        let drawing = Drawing(lines: SampleLines.random(count: lineCount, in: Rect(origin: .zero, size: size)))
        canvasWindow = CanvasWindow(drawing: drawing, size: size)
        canvasWindow.canvas.navigation.fingersNavigate = true
        canvasWindow.renderer.renderAll(canvasWindow.window, into: image.buffer)
        send(fingers(at: 0).enumerated().map { index, point in touch(Int32(index), .down, at: point) })
        // Past the gestures' hysteresis, so every step is a frame of a running gesture.
        for warmUp in 1...4 { move(to: warmUp * 5) }
    }

    /// Where the fingers are `offset` steps into their back-and-forth.
    private func fingers(at offset: Int) -> [Point] {
        let size = image.buffer.logicalSize
        let centre = Point(x: size.width / 2, y: size.height / 2)
        let travel = Double(offset)
        switch motion {
        case .pan:
            return [Point(x: centre.x + 4 * travel, y: centre.y + 2 * travel)]
        case .pinch:
            return [Point(x: centre.x - 200 - 3 * travel, y: centre.y), Point(x: centre.x + 200 + 3 * travel, y: centre.y)]
        }
    }

    private func touch(_ id: Int32, _ phase: RawTouch.Phase, at point: Point) -> RawTouch {
        RawTouch(device: device, id: id, phase: phase, location: point, timestamp: time)
    }

    private func send(_ changes: [RawTouch]) {
        canvasWindow.window.handle(TouchFrame(changes: changes, timestamp: time))
        time += 1.0 / 120
    }

    private func move(to offset: Int) {
        send(fingers(at: offset).enumerated().map { index, point in touch(Int32(index), .move, at: point) })
        canvasWindow.renderer.render(canvasWindow.window, into: image.buffer, damage: canvasWindow.window.takeDamage())
    }

    /// One motion event and its frame: the fingers go back and forth over
    /// 100 steps, so the view stays within reach of the lines.
    public func step() {
        steps += 1
        let phase = steps % 100
        move(to: 20 + (phase < 50 ? phase : 100 - phase))
    }

    /// Whether the frames scaled the cache rather than drew the lines.
    public var scaledLastFrame: Bool { canvasWindow.canvasRenderer.lastFrame.scaledCache }
}

/// The sharp redraw once a gesture rests: `lineCount` lines, all in the view
/// at `zoom`, drawn from scratch into the line cache and the frame, as the
/// first frame at rest after a pinch draws them.
public final class SharpRedrawWorkload {
    public let image: OwnedPixelBuffer
    private let canvasWindow: CanvasWindow

    public init(lineCount: Int, zoom: Double, width: Int = 1920, height: Int = 1080) {
        image = OwnedPixelBuffer(width: width, height: height)
        let size = image.buffer.logicalSize
        let viewport = CanvasViewport(zoom: zoom, origin: Point(x: 100, y: 100))
        let inView = viewport.drawingRect(fromView: Rect(origin: .zero, size: size))
        canvasWindow = CanvasWindow(drawing: Drawing(lines: SampleLines.random(count: lineCount, in: inView)),
                                    size: size)
        canvasWindow.canvas.viewport = viewport
        _ = canvasWindow.window.takeDamage()
    }

    /// Redraws every line in view and the whole frame from scratch.
    public func step() {
        canvasWindow.canvasRenderer.invalidateCache()
        canvasWindow.renderer.renderAll(canvasWindow.window, into: image.buffer)
    }
}
