@testable import Canvas
@testable import Render
import RenderTestSupport
import SampleDrawings
import Testing
import Timing
import TouchCore

/// The lasso's selection moved as cached pixels while a gesture reshapes
/// it (issue 38): what a person sees during the gesture is what they see
/// once the lines have taken their places.
@Suite struct SelectionLayerTests {
    private final class Scene {
        let window = Window(size: Size(width: 300, height: 200), timers: TimerQueue(clock: ManualClock()))
        let drawing = Drawing(lines: SampleLines.random(count: 80, in: Rect(x: 0, y: 0, width: 300, height: 200)))
        let canvas: CanvasView
        let renderer = WindowRenderer(), canvasRenderer = CanvasRenderer()
        let image = OwnedPixelBuffer(width: 300, height: 200)
        private let mouse = InputDeviceID(seat: "test", kind: .pointer)
        private var time = 0.0

        init() {
            canvas = CanvasView(frame: window.bounds, drawing: drawing)
            window.addSubview(canvas)
            canvas.tool = .select
            renderer.contentPainters = [canvasRenderer]
            // The lines whose middle lies in the left half: they spread among the others.
            drawing.select(Set(drawing.store.ids.filter {
                let line = drawing[$0]!
                return (line.begin.x + line.end.x) / 2 < 150
            }))
            renderer.renderAll(window, into: image.buffer)
            _ = window.takeDamage()
        }

        func mouse(_ phase: RawTouch.Phase, at point: Point) {
            time += 1.0 / 60
            window.handle(TouchFrame(changes: [RawTouch(device: mouse, id: 0, phase: phase, location: point,
                                                        timestamp: time)], timestamp: time))
        }

        func frame() -> [UInt32] {
            renderer.render(window, into: image.buffer, damage: window.takeDamage())
            let buffer = image.buffer
            return (0..<buffer.height).flatMap { y in (0..<buffer.width).map { x in buffer.pixel(x: x, y: y) } }
        }

        /// The selection's middle, where the mouse takes hold of it.
        var grip: Point {
            let bounds = drawing.selectionBounds!
            return Point(x: bounds.midX, y: bounds.midY)
        }
    }

    /// How many pixels differ, and by how much at most in one channel.
    private func difference(_ a: [UInt32], _ b: [UInt32]) -> (count: Int, worst: Int) {
        var count = 0, worst = 0
        for (p, q) in zip(a, b) where p != q {
            count += 1
            for shift: UInt32 in [0, 8, 16] {
                worst = max(worst, abs(Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF)))
            }
        }
        return (count, worst)
    }

    @Test func aDraggedSelectionShowsWhileMovingWhatItShowsOnceItLands() throws {
        let scene = Scene()
        let before = scene.frame()
        let start = scene.grip
        scene.mouse(.down, at: start)
        let end = Point(x: start.x + 40, y: start.y + 25)
        for step in 1...4 {
            scene.mouse(.move, at: Point(x: start.x + 10 * Double(step), y: start.y + 6.25 * Double(step)))
        }
        let moving = scene.frame()
        #expect(scene.canvasRenderer.lastFrame.movedSelectionPixels, "the selection moved as cached pixels")
        #expect(scene.drawing.isReshapingSelection)
        scene.mouse(.up, at: end)
        let landed = scene.frame()
        #expect(!scene.canvasRenderer.lastFrame.movedSelectionPixels, "the lines are drawn again where they landed")
        #expect(!scene.drawing.isReshapingSelection && scene.drawing.canUndo)

        #expect(difference(before, landed).count > 2_000, "the selection moved")
        // Dragged by whole pixels, the cached pixels are the lines' own;
        // only Cairo's antialiasing where a line crosses a cache tile's
        // edge may differ by a few levels.
        let (count, worst) = difference(moving, landed)
        #expect(count < 100 && worst < 40, "\(count) pixels differ, by up to \(worst)")
    }

    @Test func aTurnedSelectionIsSoftWhileTurningAndInPlaceOnceItLands() throws {
        let scene = Scene()
        let centre = scene.grip
        let turn = AffineTransform(translationX: -centre.x, y: -centre.y)
            .concatenating(AffineTransform(rotationAngle: .pi / 2))
            .concatenating(AffineTransform(translationX: centre.x, y: centre.y))
        scene.drawing.beginReshapingSelection()
        scene.canvas.reshapeSelection(by: turn)
        let turning = scene.frame()
        #expect(scene.canvasRenderer.lastFrame.movedSelectionPixels)
        #expect(scene.canvas.endReshapingSelection())
        let landed = scene.frame()
        // Filtered while turning, the edges of the lines are soft: many
        // pixels differ a little, few much (a pixel's ink moved by a
        // fraction of a pixel).
        let (count, _) = difference(turning, landed)
        var far = 0
        for (p, q) in zip(turning, landed) where p != q {
            let channel = { (value: UInt32) in Int(value >> 8 & 0xFF) }
            if abs(channel(p) - channel(q)) > 128 { far += 1 }
        }
        #expect(count > 0, "a turn is filtered")
        #expect(far < count / 10 + 20, "\(far) of \(count) differing pixels differ by more than half")
    }
}
