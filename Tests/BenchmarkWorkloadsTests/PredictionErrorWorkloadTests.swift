import BenchmarkWorkloads
import Canvas
import Testing
import TouchCore

/// The prediction benchmark's workload: its strokes are the same on every
/// run, and the predictor meets issue 25's budgets on them (an accuracy,
/// not a timing: the same on every machine).
@Suite struct PredictionErrorWorkloadTests {
    @Test func generatedStrokesAreRepeatableAndTimedLikeACompositorsEvents() {
        let strokes = PredictionErrorWorkload.generatedStrokes(count: 5)
        #expect(strokes == PredictionErrorWorkload.generatedStrokes(count: 5))
        for stroke in strokes {
            #expect(stroke.count > 20)
            #expect(zip(stroke, stroke.dropFirst()).allSatisfy { $0.time < $1.time })
            #expect(stroke.allSatisfy { abs(($0.time * 1000).rounded() - $0.time * 1000) < 1e-6 }, "whole milliseconds")
        }
    }

    @Test func atSixteenMillisecondsThePredictionHalvesTheErrorAndBarelyOvershoots() {
        let workload = PredictionErrorWorkload(strokes: PredictionErrorWorkload.generatedStrokes(count: 60))
        let result = workload.measure(horizon: 0.016)
        #expect(result.ratio <= 0.5, "RMS \(result.predictedRMS) against \(result.unpredictedRMS) without")
        #expect(result.worstOvershoot <= 2)
        #expect(result.samples > 1000)
    }

    @Test func aStraightConstantStrokeIsPredictedWithoutError() {
        let stroke = (0..<30).map { (i: Int) -> TipPredictor.Sample in
            TipPredictor.Sample(time: Double(i) * 0.008, location: Point(x: Double(i) * 4, y: 10))
        }
        let result = PredictionErrorWorkload(strokes: [stroke]).measure(horizon: 0.016)
        // Only the first two samples, which predict nothing, are off (by the
        // 8 points the finger moves in 16 ms).
        #expect(result.suppressed == 2)
        #expect(abs(result.predictedRMS - (2 * 64 / Double(result.samples)).squareRoot()) < 1e-6)
        #expect(abs(result.unpredictedRMS - 8) < 1e-9)
    }
}
