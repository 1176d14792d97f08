import Render
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The inspector's charts (issue 26) through the whole stack: a finger's
/// strip charts and its device's line appear in the presented pixels and
/// change as it moves.
@Suite struct InspectorChartsEndToEndTests {
    /// The charts' places, in the harness's canvas coordinates.
    private func charts(_ app: AppHarness) -> InspectorChartsLayout {
        InspectorPainter.chartsLayout(app.session.inspector.model, canvasFrame: app.canvas.frame.inCanvas)
    }

    private func pixels(in box: Rect, _ app: AppHarness) -> [UInt32] {
        var pixels: [UInt32] = []
        for y in Int(box.minY)..<Int(box.maxY) {
            for x in Int(box.minX)..<Int(box.maxX) { pixels.append(app.pixel(Double(x), Double(y))) }
        }
        return pixels
    }

    /// How many pixels in `box` are within `tolerance` of `colour` (0xRRGGBB).
    private func count(_ colour: UInt32, in box: Rect, _ app: AppHarness, tolerance: Int = 40) -> Int {
        pixels(in: box, app).filter { pixel in
            [16, 8, 0].allSatisfy { abs(Int(pixel >> UInt32($0) & 0xFF) - Int(colour >> UInt32($0) & 0xFF)) <= tolerance }
        }.count
    }

    /// With `TOUCHTRACKER_SCREENSHOTS=DIR`, saves the window there as `name`.png.
    private func screenshot(_ app: AppHarness, _ name: String) {
        let commit = app.presented
        guard let pixels = commit.pixels else { return }
        Screenshot.save(pixels, width: Int(commit.bufferWidth), height: Int(commit.bufferHeight), name: name)
    }

    /// A finger moving for most of a second, an event every 10 ms: its
    /// strips draw a line across a good part of their two seconds, and
    /// change as it moves on; with no contact down the charts are gone.
    @Test func aMovingFingersStripChartsArePaintedAndFollowIt() throws {
        let app = try AppHarness()
        try app.focusKeyboard()
        try app.press(EvdevKey.f12)
        #expect(app.session.inspector.isOpen)
        #expect(charts(app).panel.isNull, "no contact: no charts")
        try app.down(1, 40, 50)
        for step in 1...60 { try app.move(1, 40 + 4 * Double(step), 50) }
        let layout = charts(app)
        let block = try #require(layout.contacts.first)
        #expect(layout.contacts.count == 1)
        #expect(layout.devices.height > 0, "a line for the touch screen")
        let speed = count(0x3685E3, in: block, app), interval = count(0xE66100, in: block, app)
        // 0.6 s of the strip's 2 s: about 70 points of line each.
        #expect(speed > 50, "the speed's blue line (\(speed) px)")
        #expect(interval > 50, "the interval's orange line (\(interval) px)")
        let device = try #require(app.session.inspector.model.charts.devices.first)
        #expect(device.medianRate.map { abs($0 - 100) < 1 } == true, "an event every 10 ms: \(String(describing: device.medianRate))")
        #expect(device.eventsPerFrame == 1)

        screenshot(app, "inspector-charts")
        let before = pixels(in: block, app)
        for step in 1...10 { try app.move(1, 280 + 10 * Double(step), 50) }
        #expect(charts(app).contacts.first == block, "the same place")
        #expect(pixels(in: block, app) != before, "the strips follow the finger")

        try app.up(1)
        #expect(charts(app).panel.isNull, "its charts go with it")
        #expect(app.pixel(block.maxX - 4, block.midY) == Colour.white, "the paper is back where they were")
    }
}
