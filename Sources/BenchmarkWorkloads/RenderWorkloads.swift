import Canvas
import Render
import SampleDrawings
import Timing
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// A window holding only a canvas view over `drawing`, as the app's views
/// are drawn: through the drawing pass (`WindowRenderer`), the canvas from
/// its line cache.
final class CanvasWindow {
    let window: Window
    let canvas: CanvasView
    let renderer = WindowRenderer()
    let canvasRenderer = CanvasRenderer()

    init(drawing: Drawing, size: Size) {
        renderer.contentPainters = [canvasRenderer]
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
        canvasWindow.canvasRenderer.invalidateCache()
        canvasWindow.renderer.renderAll(canvasWindow.window, into: image.buffer)
    }

    /// One plain copy of the whole frame: the yardstick for `step()`.
    public func copyFrame() {
        copyTarget.copyMemory(from: image.buffer.data, byteCount: image.buffer.stride * image.buffer.height)
    }
}

/// One finger drawing over `finishedLines` lines: each `step()` moves the
/// finger a little and renders the resulting damage, as a frame would.
/// With `freehand`, the finished lines are freehand strokes of 200 points
/// (`SampleStrokes`) and the finger draws freehand too, a point per step.
public final class MotionFrameWorkload {
    public let drawing: Drawing
    public let image: OwnedPixelBuffer
    private let canvasWindow: CanvasWindow
    private let finger = Finger()
    private let freehand: Bool
    private var steps = 0
    /// Draw through the window's drawing pass (as the app does), or the
    /// canvas alone (as the app did before views drew themselves).
    private let throughWindow: Bool

    private final class Finger {}

    public init(finishedLines: Int, freehand: Bool = false, width: Int = 1920, height: Int = 1080, scale: Double = 1,
                throughWindow: Bool = true) {
        self.throughWindow = throughWindow
        image = OwnedPixelBuffer(width: width, height: height, scale: scale)
        self.freehand = freehand
        let size = image.buffer.logicalSize
        let area = Rect(origin: .zero, size: size)
        drawing = Drawing(lines: freehand ? SampleStrokes.random(count: finishedLines, points: 200, in: area)
                                          : SampleLines.random(count: finishedLines, in: area))
        canvasWindow = CanvasWindow(drawing: drawing, size: size)
        canvasWindow.renderer.renderAll(canvasWindow.window, into: image.buffer)
        if freehand {
            drawing.beginFreehand(for: ObjectIdentifier(finger), at: FreehandExtensionWorkload.sample(0, in: size))
        } else {
            drawing.beginLine(for: ObjectIdentifier(finger), at: Point(x: size.width / 4, y: size.height / 4))
        }
    }

    /// Moves the finger by a few points and renders the damaged rectangle:
    /// a straight line's end goes back and forth along a diagonal; freehand,
    /// the finger goes on along the loops of `FreehandExtensionWorkload`.
    public func step() {
        steps += 1
        if freehand {
            let point = FreehandExtensionWorkload.sample(steps, in: image.buffer.logicalSize)
            guard let damage = drawing.extendFreehand(for: ObjectIdentifier(finger), to: point) else { return }
            render([damage])
            return
        }
        let phase = Double(steps % 200)
        let offset = phase < 100 ? phase : 200 - phase
        let size = image.buffer.logicalSize
        let target = Point(x: size.width / 4 + 3 * offset, y: size.height / 4 + 2 * offset)
        guard let (old, new) = drawing.extendLine(for: ObjectIdentifier(finger), to: target) else { return }
        render([old.paintedBounds.union(new.paintedBounds)])
    }

    private func render(_ damage: [Rect]) {
        if throughWindow {
            canvasWindow.renderer.render(canvasWindow.window, into: image.buffer, damage: damage)
        } else {
            canvasWindow.canvasRenderer.render(drawing, into: image.buffer, damage: damage)
        }
    }
}

/// A pen extending a freehand line of about `points` points: each `step()`
/// adds one point and renders the frame's damage, as the app does. The line
/// wanders over the canvas and crosses its own path. `reset()` (not part of
/// a step: call it between timings) starts it again at `points` points, so
/// a line of 50 points and one of 5,000 can be timed at their length.
public final class FreehandExtensionWorkload {
    public let drawing = Drawing()
    public let image: OwnedPixelBuffer
    public let points: Int
    private let renderer = CanvasRenderer()
    private let pen = Pen()
    private var next = 0

    private final class Pen {}

    public init(points: Int, width: Int = 1920, height: Int = 1080) {
        precondition(points >= 1)
        self.points = points
        image = OwnedPixelBuffer(width: width, height: height)
        renderer.renderAll(drawing, into: image.buffer)
        reset()
    }

    /// How many points the line has now.
    var pointCount: Int { drawing.linesInProgress[ObjectIdentifier(pen)]?.freehandPointCount ?? 0 }

    /// Starts the line again with `points` points, where the last one left off.
    public func reset() {
        let key = ObjectIdentifier(pen)
        if let old = drawing.discardLine(for: key) {
            renderer.render(drawing, into: image.buffer, damage: [old.paintedBounds])
        }
        drawing.beginFreehand(for: key, at: Self.sample(next, in: image.buffer.logicalSize))
        next += 1
        for _ in 1..<points {
            drawing.extendFreehand(for: key, to: Self.sample(next, in: image.buffer.logicalSize))
            next += 1
        }
        renderer.render(drawing, into: image.buffer, damage: [drawing.linesInProgress[key]!.paintedBounds])
    }

    /// Adds the next point and renders the damage.
    public func step() {
        guard let damage = drawing.extendFreehand(for: ObjectIdentifier(pen), to: Self.sample(next, in: image.buffer.logicalSize))
        else { return }
        next += 1
        renderer.render(drawing, into: image.buffer, damage: [damage])
    }

    /// Point `index` of an endless path over a canvas of `size`: loops, a
    /// sample 2 to 3 points from the last, that drift across the canvas and
    /// back, with the pressure rising and falling.
    static func sample(_ index: Int, in size: Size) -> FreehandPoint {
        let t = Double(index)
        let drift = Point(x: size.width / 2 + size.width * 0.35 * sin(t / 1_300),
                          y: size.height / 2 + size.height * 0.3 * sin(t / 900))
        let loop = Vector(dx: 60 * cos(t / 40), dy: 60 * sin(t / 40))
        let pressure: Double = 0.55 + 0.45 * sin(t / 17)
        return FreehandPoint(drift + loop, pressure: (pressure * 1000).rounded() / 1000)
    }
}
