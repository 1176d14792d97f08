import Canvas
import SampleDrawings
import TouchCore

/// Figure 16 (issue 38): how long hold to straighten takes to decide
/// (`ShapeRecognizer.shape(of:)`: every fit and the rule) for a stroke of
/// 2,000 points, the moment the hold's timer fires. The strokes are
/// hand-drawn-looking lines, rectangles, ellipses, polylines and
/// scribbles (SampleDrawings' `HandDrawnStrokes`, seeded), in turn.
///
/// Issue 38 asked for p99 ≤ 1 ms. Since absolute times differ between
/// machines and with load (PLATFORM-NOTES), the figure judged is the p99
/// decision on this thread's CPU ÷ the reference unit (`ReferenceUnits`),
/// also on the CPU, timed right after each decision; the p50 and p99 in µs
/// on the wall clock are reported beside it. On the CPU, because the wall
/// clock's p99 on a loaded machine is the scheduler's: 4.37 ms against a
/// p50 of 250 µs with load 9 on the 2-core development machine, where the
/// CPU's p99 stayed under a millisecond.
enum StraighteningBenchmark {
    static let pointsPerStroke = 2_000
    /// Reference units timed after each decision (about 0.1 ms of work:
    /// long enough to time, short enough to run 2,000 times).
    static let referenceUnits = 200

    /// The budget: the 1 ms in the development machine's
    /// reference units.
    static let budgetUnits = ReferenceUnits.units(in: 1e-3)

    static func run(decisions: Int, verdict: Figure.Verdict) -> [Figure] {
        let strokes = makeStrokes()
        var times = Samples(reservingCapacity: decisions), timesCPU = Samples(reservingCapacity: decisions)
        var reference = ReferenceUnits(unitsPerSample: referenceUnits, clock: .threadCPU, reservingCapacity: decisions)
        var found: [String: Int] = [:]
        var byKind: [String: Samples] = [:]
        for decision in 0..<decisions {
            let stroke = strokes[decision % strokes.count]
            var shape: StrokeShape?
            let start = Stopwatch.now, startCPU = Stopwatch.threadCPU
            shape = ShapeRecognizer.shape(of: stroke.points)
            let seconds = Stopwatch.now - start
            timesCPU.append(Stopwatch.threadCPU - startCPU)
            reference.sample()
            times.append(seconds)
            byKind[stroke.expected, default: Samples()].append(seconds)
            let name = shape?.name ?? "as drawn"
            precondition(name.hasPrefix(stroke.expected), "a \(stroke.expected) of \(pointsPerStroke) points became \(name)")
            found[name, default: 0] += 1
        }
        let kinds = found.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return [
            Figure(name: "straightening decides for a stroke of 2,000 points, p99 on the CPU ÷ reference unit",
                   value: timesCPU.percentile(99) / reference.unit, unit: "×", budget: .atMost(budgetUnits),
                   verdict: verdict,
                   details: ["on the CPU: \(timesCPU.durationSummary)",
                             "\(reference.summary), on the CPU, timed after each decision",
                             "decided: \(kinds)",
                             "p50 by stroke (wall clock): " + byKind.sorted { $0.key < $1.key }
                                 .map { "\($0.key) \(Format.duration($0.value.median))" }.joined(separator: ", "),
                             "p99 by stroke (wall clock): " + byKind.sorted { $0.key < $1.key }
                                 .map { "\($0.key) \(Format.duration($0.value.percentile(99)))" }.joined(separator: ", ")]),
            Figure(name: "straightening decides for a stroke of 2,000 points, p99 (wall clock)",
                   value: times.percentile(99) * 1e6, unit: "µs", budget: nil, verdict: .reportOnly,
                   details: ["p50 \(Format.number(times.median * 1e6)) µs; issue 38's 1 ms, judged as the ratio above"]),
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
