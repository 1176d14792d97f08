import Canvas
import SampleDrawings
import TouchCore

/// Figure 16 (issue 38): how long hold to straighten takes to decide
/// (`ShapeRecognizer.shape(of:)`: every fit and the rule) for a stroke of
/// 2,000 points, the moment the hold's timer fires. The strokes are
/// hand-drawn-looking lines, rectangles, ellipses, polylines and
/// scribbles (SampleDrawings' `HandDrawnStrokes`, seeded), in turn.
///
/// The budget is the issue's, absolute: p99 ≤ 1 ms. Since absolute times
/// differ between machines (PLATFORM-NOTES), each decision is also divided
/// by the routing figure's reference unit timed right after it, as the
/// routing figure does; that ratio is reported beside it.
enum StraighteningBenchmark {
    static let pointsPerStroke = 2_000
    /// Reference units timed after each decision (about 0.1 ms of work:
    /// long enough to time, short enough to run 2,000 times).
    static let referenceUnits = 200

    static func run(decisions: Int, verdict: Figure.Verdict) -> [Figure] {
        let strokes = makeStrokes()
        var times = Samples(reservingCapacity: decisions), ratios = Samples(reservingCapacity: decisions)
        var reference = ReferenceWorkload()
        var found: [String: Int] = [:]
        var byKind: [String: Samples] = [:]
        for decision in 0..<decisions {
            let stroke = strokes[decision % strokes.count]
            var shape: StrokeShape?
            let seconds = Stopwatch.time { shape = ShapeRecognizer.shape(of: stroke.points) }
            let referenceSeconds = Stopwatch.time { reference.run(units: referenceUnits) }
            times.append(seconds)
            byKind[stroke.expected, default: Samples()].append(seconds)
            ratios.append(seconds / (referenceSeconds / Double(referenceUnits)))
            let name = shape?.name ?? "as drawn"
            precondition(name.hasPrefix(stroke.expected), "a \(stroke.expected) of \(pointsPerStroke) points became \(name)")
            found[name, default: 0] += 1
        }
        precondition(reference.checksum != 0)
        let kinds = found.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return [
            Figure(name: "straightening decides for a stroke of 2,000 points, p99", value: times.percentile(99) * 1e3,
                   unit: "ms", budget: .atMost(1), verdict: verdict,
                   details: ["\(times.durationSummary)", "decided: \(kinds)",
                             "p50 by stroke: " + byKind.sorted { $0.key < $1.key }
                                 .map { "\($0.key) \(Format.duration($0.value.median))" }.joined(separator: ", "),
                             "p99 by stroke: " + byKind.sorted { $0.key < $1.key }
                                 .map { "\($0.key) \(Format.duration($0.value.percentile(99)))" }.joined(separator: ", ")]),
            Figure(name: "straightening a stroke of 2,000 points ÷ routing's reference unit, p50", value: ratios.median,
                   unit: "×", budget: nil, verdict: .reportOnly,
                   details: ["p99 \(Format.number(ratios.percentile(99))) ×; the reference unit as in figure 5"]),
        ]
    }

    private struct Stroke {
        let points: [Point]
        /// What the recognizer must find (the start of the shape's name).
        let expected: String
    }

    private static func makeStrokes() -> [Stroke] {
        var strokes = HandDrawnStrokes(seed: 38)
        let count = pointsPerStroke
        func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
        return [
            Stroke(points: strokes.along([point(100, 100), point(900, 500)], count: count), expected: "line"),
            Stroke(points: strokes.along([point(200, 200), point(700, 200), point(700, 500), point(200, 500), point(200, 200)],
                                         count: count), expected: "rectangle"),
            Stroke(points: strokes.ellipse(center: point(500, 400), radiusX: 300, radiusY: 180, angle: 0.4, turns: 1.05,
                                           count: count), expected: "ellipse"),
            Stroke(points: strokes.along([point(100, 500), point(300, 150), point(500, 500), point(700, 150)], count: count),
                   expected: "polyline"),
            Stroke(points: strokes.scribble(from: point(500, 400), count: count, step: 2), expected: "as drawn"),
        ]
    }
}
