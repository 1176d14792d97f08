import Render
@testable import Scene
import Testing
import TestCompositor
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// `check --live`'s guide on the scripted compositor: each step shows in the
/// strip along the canvas's top and moves on once done, the hold step's
/// ring turns green after a long press, and the drawing under the guide is
/// drawn as ever.
@Suite struct CheckGuideEndToEndTests {
    /// The strip's pixels hold dark text on the pale background.
    func stripHasText(_ app: AppHarness) -> Bool {
        let strip = GuidePainter.stripFrame(in: app.canvas.frame).inCanvas
        var dark = 0
        for x in stride(from: strip.minX + 10, to: strip.minX + 200, by: 1) {
            for y in stride(from: strip.minY + 4, to: strip.maxY - 4, by: 1) where app.pixel(x, y) & 0xFF < 0x80 {
                dark += 1
            }
        }
        return dark > 50
    }

    @Test func theScriptMovesOnStepByStep() throws {
        let app = try AppHarness(record: true, checkGuide: true)
        let guide = try #require(app.session.firstWindow.guide)
        #expect(guide.step == .tap)
        #expect(guide.text.hasPrefix("check 1/4: one finger: tap"))
        #expect(stripHasText(app))
        try app.down(1, 100, 150)
        try app.up(1)
        #expect(guide.step == .twoFingerDrag)
        try app.send {
            app.seat.touchDown(on: app.surface.resource, id: 2, x: 100, y: 150, time: app.time)
            app.seat.touchDown(on: app.surface.resource, id: 3, x: 100, y: 200, time: app.time)
            app.seat.touchFrame()
        }
        try app.send {
            app.seat.touchMotion(id: 2, x: 200, y: 150, time: app.time)
            app.seat.touchMotion(id: 3, x: 200, y: 200, time: app.time)
            app.seat.touchFrame()
        }
        try app.send {
            app.seat.touchUp(id: 2, time: app.time)
            app.seat.touchUp(id: 3, time: app.time)
            app.seat.touchFrame()
        }
        #expect(guide.step == .hold)
        try app.down(4, 300, 200)
        #expect(guide.ring == GuideRing(center: Point(x: 300, y: 200 + AppHarness.canvasTop), isReady: false))
        #expect(app.pixel(300 + GuideRing.radius, 200) != Colour.white, "the grey ring around the finger")
        try app.wait(0.6)
        #expect(guide.ring?.isReady == true)
        let ringPixel = app.pixel(300 + GuideRing.radius, 200)
        #expect((ringPixel >> 8) & 0xFF > (ringPixel >> 16) & 0xFF, "green")
        try app.up(4)
        #expect(guide.step == .mouseDrag)
        #expect(guide.ring == nil)
        try app.pointerEnter(100, 250)
        try app.pointerButton(InputTranslator.leftButton, pressed: true)
        try app.pointerMotion(200, 250)
        try app.pointerButton(InputTranslator.leftButton, pressed: false)
        #expect(guide.step == .done)
        #expect(stripHasText(app))
        #expect(app.canvas.drawing.lines.count == 4, "both fingers' lines, the held finger's dot and the mouse's line, drawn as ever")
    }

    @Test func returnSkipsAStepAndAShortHoldDoesNotCount() throws {
        let app = try AppHarness(checkGuide: true)
        let guide = try #require(app.session.firstWindow.guide)
        try app.focusKeyboard()
        try app.press(EvdevKey.enter)
        try app.press(EvdevKey.enter)
        #expect(guide.step == .hold)
        try app.down(1, 300, 200)
        try app.wait(0.2)
        try app.up(1)
        #expect(guide.step == .hold, "lifted before the ring turned green")
        #expect(guide.ring == nil)
    }
}
