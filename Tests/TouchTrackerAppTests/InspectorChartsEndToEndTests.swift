@testable import Inspector
@testable import InspectorModel
import Render
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The inspector's charts (issue 26) through the whole stack: a finger's
/// strip charts and its device's line in the presented pixels, each event
/// adding a column where the sweep is, the charts staying readable after
/// the finger lifts, and going at the next touch or after a while.
@Suite struct InspectorChartsEndToEndTests {
    static let speedBlue: UInt32 = 0x3685E3
    static let intervalOrange: UInt32 = 0xE66100

    /// The charts' places, in the harness's canvas coordinates.
    private func charts(_ app: AppHarness) throws -> InspectorChartsLayout {
        try #require(InspectorPainter.arrangement(app.session.firstWindow.inspector.model, canvasFrame: app.canvas.frame.inCanvas).charts)
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

    /// Column `position` of strip `strip`'s plot in `block`.
    private func column(_ position: Int, strip: Int, in block: Rect) -> Rect {
        let plot = InspectorChartsLayout.plot(ofStrip: InspectorChartsLayout.strip(strip, in: block))
        return Rect(x: plot.minX + Double(position), y: plot.minY, width: 1, height: plot.height)
    }

    /// With `TOUCHTRACKER_SCREENSHOTS=DIR`, saves the window there as `name`.png.
    private func screenshot(_ app: AppHarness, _ name: String) {
        let commit = app.presented
        guard let pixels = commit.pixels else { return }
        Screenshot.save(pixels, width: Int(commit.bufferWidth), height: Int(commit.bufferHeight), name: name)
    }

    /// Opens the inspector in a window of the default size (the charts
    /// beside the text), then a finger goes down at (40, 50) and moves 4 pt
    /// every 10 ms, 60 times: 0.6 s of its charts' 2 s.
    private func strokeWithTheInspectorOpen() throws -> AppHarness {
        let app = try AppHarness()
        try app.resize(width: 960, height: 640)
        try app.focusKeyboard()
        try app.press(EvdevKey.f12)
        #expect(app.session.firstWindow.inspector.isOpen)
        #expect(try charts(app).contacts.isEmpty, "no contact yet: devices and histograms")
        try app.down(1, 40, 50)
        for step in 1...60 { try app.move(1, 40 + 4 * Double(step), 50) }
        return app
    }

    @Test func eachEventAddsAColumnWhereTheSweepIsAndRepaintsNoMore() throws {
        let app = try strokeWithTheInspectorOpen()
        let layout = try charts(app)
        let block = try #require(layout.contacts.first)
        #expect(layout.contacts.count == 1)
        let device = try #require(app.session.firstWindow.inspector.model.charts.devices.first)
        #expect(device.medianRate.map { abs($0 - 100) < 1 } == true, "an event every 10 ms: \(String(describing: device.medianRate))")
        #expect(device.eventsPerFrame == 1)
        // 600 ms after the down, at 2 s over 150 columns: column 45 (44
        // where the milliseconds round down). The line runs from the left
        // edge to there, then the sweep's gap.
        let newest = try #require(app.session.firstWindow.inspector.model.charts.contacts.first?.strips[0].chart.newestPosition)
        #expect((44...45).contains(newest))
        for strip in 0...1 {
            let colour = strip == 0 ? Self.speedBlue : Self.intervalOrange
            #expect(count(colour, in: column(newest, strip: strip, in: block), app) >= 1, "strip \(strip)'s newest column")
            #expect(count(colour, in: column(20, strip: strip, in: block), app) >= 1, "strip \(strip)'s line behind it")
            #expect(count(colour, in: column(newest + 2, strip: strip, in: block), app) == 0, "strip \(strip)'s gap ahead")
            let rest = column(newest + 5, strip: strip, in: block)
            let unswept = Rect(x: rest.minX, y: rest.minY, width: block.maxX - rest.minX, height: rest.height)
            #expect(count(colour, in: unswept, app) == 0, "strip \(strip): nothing yet where the sweep has not been")
        }
        screenshot(app, "inspector-charts")

        // One more event at the same speed: a column on, and the damage in
        // the charts is that column (with the gap) and the values, not the
        // block.
        try app.move(1, 284, 50)
        #expect(count(Self.speedBlue, in: column(newest + 1, strip: 0, in: block), app) >= 1)
        let strips = 2
        let allowed = [InspectorChartsLayout.columns((newest + 1)..<(newest + 2 + StripChart.gap), in: block, strips: strips),
                       InspectorChartsLayout.values(in: block, strips: strips), layout.devices] + layout.histograms
        var area = 0.0
        for damage in app.presented.bufferDamage {
            let rect = Rect(x: Double(damage.x), y: Double(damage.y) - AppHarness.canvasTop, width: Double(damage.width),
                            height: Double(damage.height))
            guard rect.intersects(layout.panel.insetBy(dx: 1, dy: 1)) else { continue }
            #expect(allowed.contains { $0.insetBy(dx: -1, dy: -1).contains(rect) }, "\(rect) is a column, the values or a line")
            area += rect.width * rect.height
        }
        #expect(area < block.width * block.height / 2, "a sliver of the charts, \(area) pt²")
    }

    @Test func theChartsStayAfterTheLiftMarkedEndedAndGoAfterAWhile() throws {
        let app = try strokeWithTheInspectorOpen()
        let block = try #require(try charts(app).contacts.first)
        let before = count(Self.speedBlue, in: block, app)
        try app.up(1)
        #expect(try charts(app).contacts == [block], "the same place after the lift")
        #expect(app.session.firstWindow.inspector.model.charts.contacts.first?.isEnded == true)
        #expect(count(Self.speedBlue, in: block, app) == before, "the stroke is still there to read")
        screenshot(app, "inspector-charts-ended")
        try app.wait(InputCharts.endedLifetime - 1)
        #expect(try charts(app).contacts == [block], "still there a second before the end")
        try app.wait(1.5)
        #expect(try charts(app).contacts.isEmpty, "gone after \(InputCharts.endedLifetime) s")
        #expect(app.pixel(block.maxX - 4, block.midY) == Colour.white, "the paper is back where they were")
    }

    @Test func theNextTouchTakesTheEndedChartsPlace() throws {
        let app = try strokeWithTheInspectorOpen()
        let block = try #require(try charts(app).contacts.first)
        try app.up(1)
        // Below the block, so the ring's blue is not in it.
        try app.down(2, 40, 230)
        #expect(try charts(app).contacts == [block], "the new contact in the same place")
        #expect(app.session.firstWindow.inspector.model.charts.contacts.map(\.id) == [2])
        #expect(count(Self.speedBlue, in: block, app) == 0, "the old stroke's line is gone; the new one has no speed yet")
        try app.move(2, 44, 230)
        try app.move(2, 48, 230)
        #expect(count(Self.speedBlue, in: block, app) > 0, "the new stroke's line begins")
    }
}
