@testable import Canvas
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
    @Test func reportsStampedInBurstsDoNotThrowTheTipFarAhead() throws {
        // mutter 43 stamps RemoteDesktop touch motions when it dispatches
        // them, in pairs a frame apart: 100 Hz motions of 5 pt (500 pt/s)
        // arrived with these intervals (ms, a recorded drag). Taken at
        // their word, a pair 1 ms apart is a 5,000 pt/s burst, and the
        // tip flew tens of points ahead.
        let intervals: [Double] = [10, 20, 2, 14, 4, 12, 24, 1, 21, 1, 21, 3, 19, 5, 22, 1, 19, 21, 2, 18, 2, 19, 1, 18]
        var predictor = TipPredictor()
        var time = 0.0, x = 100.0
        predictor.add(.init(time: time, location: Point(x: x, y: 300)))
        var worst = 0.0, squares = 0.0, predicted = 0
        for interval in intervals {
            time += interval / 1000
            x += 5
            predictor.add(.init(time: time, location: Point(x: x, y: 300)))
            guard let tip = predictor.predict(after: 0.016) else { continue }
            predicted += 1
            // The finger moves 8 pt in 16 ms: the tip must not run much
            // past that, nor back behind the last report.
            let error = abs(tip.x - (x + 8))
            worst = max(worst, error)
            squares += error * error
            #expect(tip.x >= x)
        }
        #expect(predicted >= intervals.count / 2, "the burst must not suppress the tip for good")
        // Drawing no tip is 8 pt off: the tip is never worse, and much
        // better on the whole (it was 77 pt off at worst).
        #expect(worst <= 8 + 1e-9, "worst distance from the truth 16 ms later: \(worst) pt")
        #expect((squares / Double(predicted)).squareRoot() < 0.75 * 8)
    }

    @Test func evenlySpacedReportsAreNeverMerged() {
        // A 125 Hz pointer with jitter keeps every report.
        let intervals: [Double] = [8, 7, 9, 8, 6, 10, 8, 8]
        var predictor = TipPredictor(), time = 0.0
        var reports = [TipPredictor.Sample(time: 0, location: Point(x: 0, y: 0))]
        for (i, interval) in intervals.enumerated() {
            time += interval / 1000
            reports.append(.init(time: time, location: Point(x: Double(i + 1) * 4, y: 0)))
        }
        for report in reports { predictor.add(report) }
        // The last 40 ms of reports, each as it came.
        #expect(predictor.samples == Array(reports.suffix(6)))
    }
    @Test func aFastPointerDispatchedOncePerFrameIsFollowed() throws {
        // A 125 Hz pointer (8 ms, 4 pt a report: 500 pt/s) whose reports
        // a compositor stamps as it dispatches them, once per 60 Hz frame:
        // one or two reports per frame, a pair 1 ms apart. Most intervals
        // are bursts.
        var predictor = TipPredictor()
        var reports: [(Double, Double)] = []
        for report in 0..<60 {
            let made = Double(report) * 0.008
            let frame = (made / 0.0167).rounded(.up) * 0.0167
            let stamped = frame + Double(reports.filter { abs($0.0 - frame) < 0.0025 }.count) * 0.001
            reports.append((stamped, 100 + 4 * Double(report)))
        }
        // Where the pointer really is 16 ms after a report's stamp.
        func truth(_ stamped: Double) -> Double { 100 + 500 * (stamped + 0.016) }
        var squares = 0.0, squaresWithout = 0.0, predicted = 0
        for (index, (time, x)) in reports.enumerated() {
            predictor.add(.init(time: time, location: Point(x: x, y: 300)))
            // A frame is drawn once a dispatch's reports are all in.
            if index + 1 < reports.count, reports[index + 1].0 - time < 0.002 { continue }
            guard let tip = predictor.predict(after: 0.016) else { continue }
            predicted += 1
            squares += (tip.x - truth(time)) * (tip.x - truth(time))
            squaresWithout += (x - truth(time)) * (x - truth(time))
        }
        #expect(predicted >= reports.count / 3)
        let ratio = (squares / squaresWithout).squareRoot()
        #expect(ratio < 0.5, "RMS error predicted ÷ no tip: \(ratio)")
    }

    @Test func aPauseInTheReportsIsNoBurstAfterIt() {
        // A finger rests (no reports for 100 ms), then moves on at 125 Hz:
        // every report after the pause is kept as it came.
        var predictor = TipPredictor()
        let times = [0, 0.008, 0.016, 0.116, 0.124, 0.132, 0.140]
        for (i, time) in times.enumerated() { predictor.add(.init(time: time, location: Point(x: Double(i), y: 0))) }
        #expect(predictor.samples.map(\.time) == [0.116, 0.124, 0.132, 0.140])
    }
}
