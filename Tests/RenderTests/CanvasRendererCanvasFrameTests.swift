@testable import Canvas
@testable import Render
import RenderTestSupport
import SampleDrawings
import Testing
import TestSupport
import Timing
import TouchCore

/// The canvas drawn below a client-side title bar: `canvasFrame` moves it
/// down, the drawing keeps its own coordinates, and damage keeps working.
@Suite struct CanvasRendererCanvasFrameTests {
    @Test(arguments: [1.0, 1.5, 2.0])
    func theCanvasIsDrawnAtItsFrame(scale: Double) {
        let drawing = Drawing(lines: [line(20, 20, 180, 20)])
        let image = OwnedPixelBuffer(width: Int(200 * scale), height: Int(132 * scale), scale: scale)
        image.fill(Pixel.sentinel.value)
        CanvasRenderer().render(drawing, into: image.buffer, canvasFrame: Rect(x: 0, y: 32, width: 200, height: 100),
                                damage: [Rect(x: 0, y: 0, width: 200, height: 132)])
        let buffer = image.buffer
        let column = Int(100 * scale)
        // The line at canvas y = 20 lands at window y = 52.
        #expect(buffer.at(column, Int(52 * scale)) == .black)
        #expect(buffer.at(column, Int(20 * scale)) == .sentinel, "nothing is drawn above the canvas")
        #expect(buffer.at(column, Int(31 * scale)) == .sentinel)
        #expect(buffer.at(column, Int(32 * scale)) == .white)
        #expect(buffer.at(column, Int(100 * scale)) == .white)
    }

    @Test func damageOutsideTheCanvasLeavesItsPixelsAlone() {
        let drawing = Drawing(lines: [line(0, 0, 200, 100)])
        let image = OwnedPixelBuffer(width: 200, height: 132)
        image.fill(Pixel.sentinel.value)
        let renderer = CanvasRenderer()
        let frame = Rect(x: 0, y: 32, width: 200, height: 100)
        renderer.render(drawing, into: image.buffer, canvasFrame: frame, damage: [Rect(x: 0, y: 0, width: 200, height: 30)])
        for y in 0..<132 {
            for x in stride(from: 0, to: 200, by: 7) where image.buffer.at(x, y) != .sentinel {
                Issue.record("pixel (\(x), \(y)) was drawn")
                return
            }
        }
        // Damage straddling the bar and the canvas paints only its canvas part.
        renderer.render(drawing, into: image.buffer, canvasFrame: frame, damage: [Rect(x: 0, y: 20, width: 40, height: 30)])
        #expect(image.buffer.at(5, 25) == .sentinel)
        #expect(image.buffer.at(5, 34) == .black)
        #expect(image.buffer.at(30, 34) == .white)
        #expect(image.buffer.at(30, 55) == .sentinel)
    }

    /// Frames limited to a moving finger's damage give the pixels of a
    /// full redraw, with the canvas moved down.
    @Test func damageLimitedFramesMatchAFullRedraw() {
        final class Finger {}
        let finger = ObjectIdentifier(Finger())
        let drawing = Drawing(lines: SampleLines.random(count: 200, in: Rect(x: 0, y: 0, width: 300, height: 200)))
        let frame = Rect(x: 0, y: 32, width: 300, height: 200)
        let incremental = OwnedPixelBuffer(width: 300, height: 232)
        let renderer = CanvasRenderer()
        renderer.render(drawing, into: incremental.buffer, canvasFrame: frame, damage: [Rect(x: 0, y: 0, width: 300, height: 232)])

        drawing.beginLine(for: finger, at: Point(x: 50, y: 50))
        for step in 1...6 {
            let (old, new) = drawing.extendLine(for: finger, to: Point(x: 50 + 20 * Double(step), y: 60))!
            let damage = old.paintedBounds.union(new.paintedBounds).offsetBy(dx: 0, dy: 32)
            renderer.render(drawing, into: incremental.buffer, canvasFrame: frame, damage: [damage])
            #expect(renderer.lastFrame.pixelsCopied < 40 * 200, "only the finger's area is copied")
        }
        drawing.finishLine(for: finger)
        renderer.render(drawing, into: incremental.buffer, canvasFrame: frame,
                        damage: [Rect(x: 40, y: 72, width: 180, height: 30)])
        let fresh = OwnedPixelBuffer(width: 300, height: 232)
        CanvasRenderer().render(drawing, into: fresh.buffer, canvasFrame: frame, damage: [Rect(x: 0, y: 0, width: 300, height: 232)])
        #expect(incremental.buffer.samePixels(as: fresh.buffer))
        #expect(fresh.buffer.at(110, 92) == .black)
    }

    @Test func theMenuStaysInWindowCoordinates() throws {
        let window = Window(size: Size(width: 300, height: 232), timers: TimerQueue(clock: ManualClock()))
        final class Deleter: View {
            override var canBecomeFirstResponder: Bool { true }
            override func handler(for action: Action) -> ((Any?) -> Void)? { action == .delete ? { _ in } : nil }
        }
        let canvas = Deleter(frame: Rect(x: 0, y: 32, width: 300, height: 200))
        canvas.backgroundColor = .white
        window.addSubview(canvas)
        #expect(canvas.becomeFirstResponder())
        window.menuController.textMeasurer = PangoTextMeasurer()
        window.menuController.setTargetRect(Rect(x: 150, y: 100, width: 0, height: 0), in: canvas)
        #expect(window.menuController.showMenu())
        let menuFrame = try #require(window.menuController.layout?.frame)

        let image = OwnedPixelBuffer(width: 300, height: 232)
        WindowRenderer().render(window, into: image.buffer, damage: [Rect(x: 0, y: 0, width: 300, height: 232)])
        // The bubble's dark fill, where the layout (window coordinates) says.
        let inside = image.buffer.at(Int(menuFrame.minX) + 3, Int(menuFrame.midY))
        #expect(inside.red < 0x40)
        #expect(image.buffer.at(Int(menuFrame.minX) + 3, Int(menuFrame.minY) - 3) == .white)
    }
}
