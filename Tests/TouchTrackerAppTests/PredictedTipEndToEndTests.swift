import Canvas
import Document
import Testing
import TouchCore
@testable import TouchTrackerApp

/// The predicted tip (issue 25) through the whole stack, read from the
/// pixels the session presents: ahead of the last real sample while the
/// finger moves, in the stroke's ink; gone at lift; never in the drawing.
@Suite struct PredictedTipEndToEndTests {
    /// A finger moving right along y = 100 at 1,000 pt/s: the harness lets
    /// 10 ms pass per report.
    private func drag(_ app: AppHarness, moves: Int) throws {
        try app.down(1, 100, 100)
        for step in 1...moves { try app.move(1, 100 + Double(step) * 10, 100) }
    }

    @Test func theTipShowsAheadOfTheLastSampleWhereTheFingerIsGoing() throws {
        let app = try AppHarness()
        try drag(app, moves: 3)
        // The last sample is at x 130; 1/60 s ahead at 1,000 pt/s is 146.7.
        let tip = try #require(app.canvas.predictedTips.values.first)
        #expect(abs(tip.end.x - (130 + 1000.0 / 60)) < 0.01 && abs(tip.end.y - 100) < 0.01)
        #expect(app.pixel(140, 100) == Colour.red, "the tip, in the ink of a line in progress")
        #expect(app.pixel(152, 100) == Colour.white, "nothing beyond the horizon")
    }

    @Test func theTipIsReplacedByEachSampleAndGoneAtLift() throws {
        let app = try AppHarness()
        try drag(app, moves: 3)
        #expect(app.pixel(140, 100) == Colour.red)
        try app.move(1, 140, 100)
        #expect(app.canvas.predictedTips.count == 1, "replaced, not accumulated")
        #expect(app.pixel(150, 100) == Colour.red)
        try app.up(1)
        #expect(app.canvas.predictedTips.isEmpty)
        #expect(app.pixel(145, 100) == Colour.white, "the finished line ends where the finger lifted")
        #expect(app.pixel(139, 100) == Colour.black)
    }

    @Test func theSavedLineHoldsOnlyRealSamples() throws {
        let app = try AppHarness(settings: "tool=freehand\n")
        try drag(app, moves: 4)
        #expect(!app.canvas.predictedTips.isEmpty)
        try app.up(1)
        app.session.firstWindow.save()
        let saved = try Document.load(from: app.documentPath)
        #expect(saved.count == 1)
        let xs = saved.first?.freehandPoints?.map(\.location.x) ?? []
        #expect(xs == [100, 110, 120, 130, 140])
    }

    @Test func aTipWithNoNewSampleIsWithdrawn() throws {
        let app = try AppHarness()
        try drag(app, moves: 3)
        #expect(app.pixel(140, 100) == Colour.red)
        // The finger rests: a touch screen sends nothing.
        try app.wait(0.05)
        #expect(app.canvas.predictedTips.isEmpty)
        #expect(app.pixel(140, 100) == Colour.white)
    }

    @Test func theChoiceIsRemembered() throws {
        let app = try AppHarness()
        let application = try #require(app.session.firstWindow.window.application)
        #expect(application.sendAction(CanvasView.togglePrediction, to: nil, from: nil))
        #expect(!app.canvas.predictsTip)
        let settings = String(decoding: try #require(AppHarness.read(app.settingsPath)), as: UTF8.self)
        #expect(settings.contains("prediction = off"))
        let next = try AppHarness(settings: settings)
        #expect(!next.canvas.predictsTip)
    }

    @Test func turnedOffThereIsNoTip() throws {
        let app = try AppHarness()
        app.canvas.predictsTip = false
        try drag(app, moves: 3)
        #expect(app.canvas.predictedTips.isEmpty)
        #expect(app.pixel(140, 100) == Colour.white)
    }
}
