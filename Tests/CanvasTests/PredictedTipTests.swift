@testable import Canvas
import Testing
import TestSupport
import TouchCore

/// The canvas's predicted tip (`CanvasView+Prediction`) on a fake clock:
/// one tip per stroke, replaced by each sample, damaged where it was and
/// is, withdrawn when samples stop, gone at lift, never in the drawing.
@Suite struct PredictedTipTests {
    /// Down at (100, 100), then `moves` reports 10 ms apart (the harness
    /// lets 10 ms pass after each), 5 pt to the right each (500 pt/s).
    private func drag(_ h: CanvasHarness, moves: Int) {
        h.send(h.down(1, 100, 100))
        for step in 1...moves { h.send(h.move(1, 100 + 5 * Double(step), 100)) }
    }

    @Test func eachSampleReplacesTheTipAndDamagesOnlyWhereItWasAndIs() throws {
        let h = CanvasHarness()
        drag(h, moves: 3)
        let first = try #require(h.canvas.predictedTips.values.first)
        #expect(first.begin == Point(x: 115, y: 100))
        #expect(abs(first.end.x - (115 + 500.0 / 60)) < 1e-6)
        _ = h.window.takeDamage()
        h.send(h.move(1, 120, 100))
        let second = try #require(h.canvas.predictedTips.values.first)
        #expect(h.canvas.predictedTips.count == 1)
        let reach = line(100, 100, 120, 100).paintedBounds.union(first.paintedBounds).union(second.paintedBounds)
        #expect(h.window.takeDamage().allSatisfy { reach.contains($0) })
    }

    @Test func theTipIsNeverPartOfTheDrawingAndGoesAtLift() {
        let h = CanvasHarness()
        drag(h, moves: 4)
        #expect(!h.canvas.predictedTips.isEmpty)
        #expect(h.canvas.drawing.linesInProgress.values.first?.end == Point(x: 120, y: 100), "the line ends at the finger")
        h.send(h.up(1))
        #expect(h.canvas.predictedTips.isEmpty)
        #expect(h.canvas.drawing.lines == [line(100, 100, 120, 100)])
    }

    @Test func samplesThatStopComingWithdrawTheTip() {
        let h = CanvasHarness()
        drag(h, moves: 3)
        #expect(!h.canvas.predictedTips.isEmpty, "10 ms after the last sample")
        h.advance(by: CanvasView.predictionLifetime)
        #expect(h.canvas.predictedTips.isEmpty)
        #expect(h.canvas.drawing.linesInProgress.count == 1, "the stroke goes on")
    }

    @Test func turningPredictionOffTakesTheTipsAway() {
        let h = CanvasHarness()
        drag(h, moves: 3)
        h.canvas.predictsTip = false
        #expect(h.canvas.predictedTips.isEmpty)
        h.send(h.move(1, 120, 100))
        #expect(h.canvas.predictedTips.isEmpty)
    }
}
