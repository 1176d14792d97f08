import Canvas
@testable import Render
import RenderTestSupport
import Testing
import Timing
@testable import TouchCore

@Suite struct MenuPainterTests {
    /// A view that can delete, so the menu offers "Delete".
    final class Deleter: View {
        override var canBecomeFirstResponder: Bool { true }
        override func handler(for action: Action) -> ((Any?) -> Void)? {
            action == .delete ? { _ in } : nil
        }
    }

    private func windowWithMenu() -> Window {
        let window = Window(size: Size(width: 300, height: 200), timers: TimerQueue(clock: ManualClock()))
        let view = Deleter(frame: window.bounds)
        view.backgroundColor = .white
        window.addSubview(view)
        #expect(view.becomeFirstResponder())
        window.menuController.textMeasurer = PangoTextMeasurer()
        window.menuController.setTargetRect(Rect(x: 150, y: 120, width: 0, height: 0), in: view)
        #expect(window.menuController.showMenu())
        return window
    }

    @Test func titlesAreMeasuredByPango() {
        let measurer = PangoTextMeasurer()
        let delete = measurer.size(of: "Delete")
        #expect(delete.width > 20 && delete.width < 90)
        #expect(delete.height > 8 && delete.height < 30)
        #expect(measurer.size(of: "Delete Delete").width > delete.width * 1.8)
        #expect(measurer.size(of: "iiii").width < measurer.size(of: "WWWW").width, "proportional font")
    }

    @Test func theMenuIsADarkBubbleWithLightText() throws {
        let window = windowWithMenu()
        let layout = try #require(window.menuController.layout)
        #expect(layout.items.map(\.title) == ["Delete"])
        let image = OwnedPixelBuffer(width: 300, height: 200)
        WindowRenderer().renderAll(window, into: image.buffer)

        let frame = layout.items[0].frame
        var light = 0, dark = 0
        for y in Int(frame.minY)..<Int(frame.maxY) {
            for x in Int(frame.minX)..<Int(frame.maxX) {
                let pixel = image.buffer.at(x, y)
                if pixel.red > 200 { light += 1 }
                if pixel.red < 60 { dark += 1 }
            }
        }
        #expect(light > 20, "text pixels inside the item")
        #expect(dark > light, "mostly bubble around the text")
        // Rounded corner: the very corner pixel stays paper white.
        #expect(image.buffer.at(Int(layout.frame.minX), Int(layout.frame.minY)) == .white)
        #expect(image.buffer.at(Int(layout.frame.minX) - 2, Int(layout.frame.midY)) == .white)
    }

    @Test func theHighlightedItemIsLighter() throws {
        let window = windowWithMenu()
        let layout = try #require(window.menuController.layout)
        let probe = (Int(layout.items[0].frame.minX) + 3, Int(layout.items[0].frame.midY))
        let image = OwnedPixelBuffer(width: 300, height: 200)
        let renderer = WindowRenderer()
        renderer.renderAll(window, into: image.buffer)
        let plain = image.buffer.at(probe.0, probe.1)
        window.handle(KeyPress(.right))
        #expect(window.menuController.highlightedIndex == 0)
        renderer.renderAll(window, into: image.buffer)
        #expect(image.buffer.at(probe.0, probe.1).red > plain.red + 30)
    }
}
