import CCairo
import Canvas
@testable import Render
import RenderTestSupport
import SampleDrawings
import Testing
import TestSupport
import Timing
import TouchCore

/// The drawing pass on Cairo (issue 16).
@Suite struct WindowRendererTests {
    private func makeWindow(_ width: Double = 300, _ height: Double = 200) -> Window {
        Window(size: Size(width: width, height: height), timers: TimerQueue(clock: ManualClock()))
    }

    @Test func aTransformedViewIsDrawnTransformed() {
        let window = makeWindow()
        let paper = View(frame: window.bounds)
        paper.backgroundColor = .white
        let bar = View(frame: Rect(x: 100, y: 90, width: 100, height: 20))
        bar.backgroundColor = .black
        window.addSubview(paper)
        window.addSubview(bar)
        let image = OwnedPixelBuffer(width: 300, height: 200)
        let renderer = WindowRenderer()
        renderer.renderAll(window, into: image.buffer)
        #expect(image.buffer.at(110, 100) == .black)
        #expect(image.buffer.at(150, 60) == .white)

        bar.transform = AffineTransform(rotationAngle: .pi / 2).scaledBy(x: 1.5, y: 1)
        renderer.render(window, into: image.buffer, damage: window.takeDamage())
        // Upright now, 150 pt tall about (150, 100).
        #expect(image.buffer.at(110, 100) == .white)
        #expect(image.buffer.at(150, 40) == .black)
        #expect(image.buffer.at(150, 170) == .black)
        #expect(image.buffer.at(150, 20) == .white)
    }

    @Test func translucentViewsBlendOverWhatIsBehind() {
        let window = makeWindow()
        let paper = View(frame: window.bounds)
        paper.backgroundColor = .white
        let veil = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        veil.backgroundColor = .black
        veil.alpha = 0.5
        window.addSubview(paper)
        window.addSubview(veil)
        let image = OwnedPixelBuffer(width: 300, height: 200)
        WindowRenderer().renderAll(window, into: image.buffer)
        let pixel = image.buffer.at(50, 50)
        #expect(abs(pixel.red - 128) <= 1 && pixel.alpha == 255)
    }

    /// The canvas's fast path (the line cache) and the canvas drawing
    /// itself give the same picture (0.5 % of its pixels may differ a little).
    @Test func theCanvasFastPathMatchesTheCanvasDrawingItself() {
        let window = makeWindow()
        let drawing = Drawing(lines: SampleLines.random(count: 60, in: Rect(x: 0, y: 0, width: 300, height: 168)))
        let canvas = CanvasView(frame: Rect(x: 0, y: 32, width: 300, height: 168), drawing: drawing)
        window.addSubview(canvas)
        drawing.selectedLineID = drawing.lines(intersecting: canvas.bounds).first
        final class Finger {}
        let finger = Finger()
        drawing.beginLine(for: ObjectIdentifier(finger), at: Point(x: 20, y: 20))
        _ = drawing.extendLine(for: ObjectIdentifier(finger), to: Point(x: 250, y: 120))

        let fast = OwnedPixelBuffer(width: 300, height: 200)
        let renderer = WindowRenderer(), canvasRenderer = CanvasRenderer()
        renderer.contentPainters = [canvasRenderer]
        renderer.renderAll(window, into: fast.buffer)
        #expect(canvasRenderer.lastFrame.pixelsCopied == 300 * 168, "the line cache was used")

        let plain = OwnedPixelBuffer(width: 300, height: 200)
        plain.buffer.drawClipped(to: [PixelRect(x: 0, y: 0, width: 300, height: 200)]) { cairo in
            ViewDrawingPass().draw(window, damage: [window.bounds], in: CairoDrawingContext(cairo: cairo))
        }
        var worst = 0, differing = 0
        for y in 32..<200 {
            for x in 0..<300 {
                let a = fast.buffer.at(x, y), b = plain.buffer.at(x, y)
                let difference = max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue))
                worst = max(worst, difference)
                if difference > 0 { differing += 1 }
            }
        }
        // Cairo's antialiasing of a stroke cut by a cache tile's edge differs
        // by a few levels on a few dozen pixels; nothing else does.
        #expect(differing < 300 && worst < 40, "antialiasing aside, the same pixels")
        #expect(fast.buffer.at(135, 32 + 70) == .red)
    }

    @Test func aCanvasThatIsNotOnThePixelGridDrawsItself() {
        let window = makeWindow()
        let drawing = Drawing(lines: [Line(begin: Point(x: 10, y: 50), end: Point(x: 290, y: 50))])
        let canvas = CanvasView(frame: window.bounds, drawing: drawing)
        window.addSubview(canvas)
        canvas.transform = AffineTransform(rotationAngle: .pi / 2)
        let image = OwnedPixelBuffer(width: 300, height: 200)
        let renderer = WindowRenderer(), canvasRenderer = CanvasRenderer()
        renderer.contentPainters = [canvasRenderer]
        renderer.renderAll(window, into: image.buffer)
        #expect(canvasRenderer.lastFrame.pixelsCopied == 0, "no cache for a turned canvas")
        // The line at y = 50, turned a quarter about (150, 100), runs down x = 200.
        #expect(image.buffer.at(200, 100) == .black)
        #expect(image.buffer.at(150, 50) != .black)
    }

    @Test func fontsNamePangoDescriptions() {
        #expect(CairoDrawingContext.pangoDescription(of: .system) == "Sans 11")
        #expect(CairoDrawingContext.pangoDescription(of: Font(.monospace, size: 8, bold: true)) == "Monospace Bold 8")
        #expect(CairoDrawingContext.pangoDescription(of: Font(size: 10.5)) == "Sans 10.5")
    }
}
