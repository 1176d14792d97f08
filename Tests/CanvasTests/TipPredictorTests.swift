import Canvas
import Foundation
import Testing
import TouchCore

/// `TipPredictor`: the least-squares tip, and the guards that keep it from
/// drawing ink the finger never goes.
@Suite struct TipPredictorTests {
    private func predictor(_ points: [(Double, Double, Double)]) -> TipPredictor {
        var predictor = TipPredictor()
        for (t, x, y) in points { predictor.add(.init(time: t, location: Point(x: x, y: y))) }
        return predictor
    }

    @Test func aStraightLineAtConstantSpeedIsPredictedExactly() throws {
        // 500 pt/s along a diagonal, a report every 8 ms.
        let points = (0..<8).map { (i: Int) -> (Double, Double, Double) in
            let t = Double(i) * 0.008
            return (t, 10 + 300 * t, 20 + 400 * t)
        }
        let tip = try #require(predictor(points).predict(after: 0.016))
        let expected = Point(x: 10 + 300 * (0.056 + 0.016), y: 20 + 400 * (0.056 + 0.016))
        #expect(tip.distance(to: expected) < 1e-6)
    }

    @Test func theFirstTwoSamplesPredictNothing() {
        #expect(predictor([(0, 0, 0)]).predict(after: 0.016) == nil)
        #expect(predictor([(0, 0, 0), (0.008, 4, 0)]).predict(after: 0.016) == nil)
        #expect(predictor([(0, 0, 0), (0.008, 4, 0), (0.016, 8, 0)]).predict(after: 0.016) != nil)
    }

    @Test func aCircleIsFollowedWithinABound() throws {
        // A 60-point radius at one turn a second (377 pt/s), 8 ms reports:
        // 16 ms ahead the tip moves 6 points; the prediction stays within
        // one of the truth.
        let radius = 60.0, rate = 2 * Double.pi
        func at(_ t: Double) -> Point { Point(x: 200 + radius * cos(rate * t), y: 200 + radius * sin(rate * t)) }
        var predictor = TipPredictor()
        var worst = 0.0
        for i in 0..<100 {
            let t = Double(i) * 0.008
            predictor.add(.init(time: t, location: at(t)))
            if let tip = predictor.predict(after: 0.016) { worst = max(worst, tip.distance(to: at(t + 0.016))) }
        }
        #expect(worst > 0 && worst < 1.0)
    }

    @Test func aStopShowsNoRunaway() throws {
        // Fast, then the pen holds still and keeps reporting.
        var points = (0..<6).map { (i: Int) -> (Double, Double, Double) in (Double(i) * 0.004, 8 * Double(i), 50) }
        let stop = points.last!
        for i in 1...8 { points.append((stop.0 + Double(i) * 0.004, stop.1, 50)) }
        var predictor = TipPredictor()
        for (index, (t, x, y)) in points.enumerated() {
            predictor.add(.init(time: t, location: Point(x: x, y: y)))
            guard index >= 6 else { continue }
            if let tip = predictor.predict(after: 0.025) {
                #expect(tip.x <= stop.1 + 0.5, "never ahead of where the pen stopped (sample \(index))")
            }
        }
        #expect(predictor.predict(after: 0.025).map { $0.distance(to: Point(x: stop.1, y: 50)) < 0.5 } ?? true)
    }

    @Test func aSharpTurnSuppressesThePrediction() {
        // Right at 400 pt/s, then straight down.
        var points = (0..<6).map { (i: Int) -> (Double, Double, Double) in (Double(i) * 0.008, 3.2 * Double(i), 100) }
        points.append((0.048, 16, 103.2))
        #expect(predictor(Array(points.prefix(6))).predict(after: 0.016) != nil)
        #expect(predictor(points).predict(after: 0.016) == nil, "the newest sample is far outside the fit")
    }

    @Test func theHorizonIsCappedAt25Milliseconds() throws {
        let points = (0..<5).map { (i: Int) -> (Double, Double, Double) in (Double(i) * 0.008, 4 * Double(i), 0) }
        let capped = try #require(predictor(points).predict(after: 0.100))
        #expect(abs(capped.x - 500 * (0.032 + TipPredictor.maximumHorizon)) < 1e-6)
    }
}
