import BenchmarkWorkloads
import Canvas

/// Figure 4: the nearest-line query a tap makes to select a line, among
/// 100,000 random finger-like lines over a 1920×1080 canvas, within the
/// selection radius (BenchmarkWorkloads' `NearestLineWorkload`); against the linear
/// scan on the same query points.
enum NearestLineBenchmark {
    static func run(queries: Int, verdict: Figure.Verdict) -> [Figure] {
        compare(NearestLineWorkload(lineCount: 100_000, queryCount: queries), queries: queries,
                name: "nearest-line query among 100,000 lines", verdict: verdict)
    }

    /// Figure 4b: the same query among 10,000 freehand lines of 200 points
    /// each (2,000,000 points, pen strokes wandering over the canvas),
    /// under the same budgets.
    static func runFreehand(queries: Int, verdict: Figure.Verdict) -> [Figure] {
        compare(NearestLineWorkload(freehandStrokes: 10_000, pointsPerStroke: 200, queryCount: queries),
                queries: queries, name: "nearest-line query among 10,000 freehand lines of 200 points", verdict: verdict)
    }

    private static func compare(_ workload: NearestLineWorkload, queries: Int, name: String,
                                verdict: Figure.Verdict) -> [Figure] {
        var indexed = Samples(reservingCapacity: queries), linear = Samples(reservingCapacity: queries)
        for query in 0..<queries {
            // Alternating the two, query by query, exposes both to the same
            // machine state; the answers must agree.
            var fast: LineID?, slow: LineID?
            indexed.append(Stopwatch.time { fast = workload.indexedQuery(query) })
            linear.append(Stopwatch.time { slow = workload.linearQuery(query) })
            precondition(fast == slow, "nearestLine disagrees with the linear scan for query \(query)")
        }
        return [
            Figure(name: "\(name), median", value: indexed.median * 1e6, unit: "µs",
                   budget: .atMost(20), verdict: verdict, details: ["indexed: \(indexed.durationSummary)"]),
            Figure(name: "\(name), speed-up over a linear scan", value: linear.median / indexed.median,
                   unit: "×", budget: .atLeast(100), verdict: verdict,
                   details: ["linear scan: \(linear.durationSummary)"]),
        ]
    }
}
