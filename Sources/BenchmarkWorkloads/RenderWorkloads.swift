import Canvas
import Render
import TestSupport
import Timing
import TouchCore

/// A window holding only a canvas view over `drawing`, as the app's views
/// are drawn: through the drawing pass (`WindowRenderer`), the canvas from
/// its line cache.
final class CanvasWindow {
    let window: Window
    let canvas: CanvasView
    let renderer = WindowRenderer()

    init(drawing: Drawing, size: Size) {
        window = Window(size: size, timers: TimerQueue(clock: ManualClock()))
        canvas = CanvasView(frame: window.bounds, drawing: drawing)
        window.addSubview(canvas)
        _ = window.takeDamage()
    }
}

/// The rendering benchmarks of issue 8, ready to time: each `step()` is one
/// unit of work on a fixed buffer and drawing, drawn as the app draws its
/// window.
public final class FullRedrawWorkload {
    public let drawing: Drawing
    public let image: OwnedPixelBuffer
    private let canvasWindow: CanvasWindow
    private let copyTarget: UnsafeMutableRawPointer

    /// `lineCount` random finger-like lines on a `width`×`height` buffer.
    public init(lineCount: Int = 10_000, width: Int = 1920, height: Int = 1080, scale: Double = 1) {
        image = OwnedPixelBuffer(width: width, height: height, scale: scale)
        drawing = Drawing(lines: SampleLines.random(count: lineCount, in: Rect(origin: .zero, size: image.buffer.logicalSize)))
        canvasWindow = CanvasWindow(drawing: drawing, size: image.buffer.logicalSize)
        copyTarget = .allocate(byteCount: image.buffer.stride * height, alignment: 16)
    }

    deinit {
        copyTarget.deallocate()
    }

    /// Redraws every line and the whole frame from scratch.
    public func step() {
        canvasWindow.renderer.canvasRenderer.invalidateCache()
        canvasWindow.renderer.renderAll(canvasWindow.window, into: image.buffer)
    }

    /// One plain copy of the whole frame: the yardstick for `step()`.
    public func copyFrame() {
        copyTarget.copyMemory(from: image.buffer.data, byteCount: image.buffer.stride * image.buffer.height)
    }
}

/// One finger drawing over `finishedLines` lines: each `step()` moves the
/// finger a little and renders the resulting damage, as a frame would.
public final class MotionFrameWorkload {
    public let drawing: Drawing
    public let image: OwnedPixelBuffer
    private let canvasWindow: CanvasWindow
    private let finger = Finger()
    private var steps = 0
    /// Draw through the window's drawing pass (as the app does), or the
    /// canvas alone (as the app did before views drew themselves).
    private let throughWindow: Bool

    private final class Finger {}

    public init(finishedLines: Int, width: Int = 1920, height: Int = 1080, scale: Double = 1,
                throughWindow: Bool = true) {
        self.throughWindow = throughWindow
        image = OwnedPixelBuffer(width: width, height: height, scale: scale)
        let size = image.buffer.logicalSize
        drawing = Drawing(lines: SampleLines.random(count: finishedLines, in: Rect(origin: .zero, size: size)))
        canvasWindow = CanvasWindow(drawing: drawing, size: size)
        canvasWindow.renderer.renderAll(canvasWindow.window, into: image.buffer)
        drawing.beginLine(for: ObjectIdentifier(finger), at: Point(x: size.width / 4, y: size.height / 4))
    }

    /// Moves the finger by a few points (back and forth along a diagonal)
    /// and renders the damaged rectangle.
    public func step() {
        steps += 1
        let phase = Double(steps % 200)
        let offset = phase < 100 ? phase : 200 - phase
        let size = image.buffer.logicalSize
        let target = Point(x: size.width / 4 + 3 * offset, y: size.height / 4 + 2 * offset)
        guard let (old, new) = drawing.extendLine(for: ObjectIdentifier(finger), to: target) else { return }
        let damage = [old.paintedBounds.union(new.paintedBounds)]
        if throughWindow {
            canvasWindow.renderer.render(canvasWindow.window, into: image.buffer, damage: damage)
        } else {
            canvasWindow.renderer.canvasRenderer.render(drawing, into: image.buffer, damage: damage)
        }
    }
}
