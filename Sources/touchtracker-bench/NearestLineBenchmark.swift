import Canvas
import TouchCore

/// Figure 4: the nearest-line query a tap makes to select a line, among
/// 100,000 random lines spread over a 1920×1080 canvas, within the
/// selection radius; against the linear scan on the same queries.
enum NearestLineBenchmark {
    static func run(queries: Int, verdict: Figure.Verdict) -> [Figure] {
        let area = Rect(x: 0, y: 0, width: 1920, height: 1080)
        let store = Drawing(lines: SampleLines.random(count: 100_000, in: area)).store
        let points = SampleLines.randomPoints(count: queries, in: area)
        let radius = CanvasMetrics.selectionRadius

        var indexed = Samples(reservingCapacity: queries), linear = Samples(reservingCapacity: queries)
        for point in points {
            // Alternating the two, query by query, exposes both to the same
            // machine state; the answers must agree.
            var fast: LineID?, slow: LineID?
            indexed.append(Stopwatch.time { fast = store.nearestLine(to: point, within: radius) })
            linear.append(Stopwatch.time { slow = store.nearestLineByLinearScan(to: point, within: radius) })
            precondition(fast == slow, "nearestLine disagrees with the linear scan at \(point)")
        }
        return [
            Figure(name: "nearest-line query among 100,000 lines, median", value: indexed.median * 1e6, unit: "µs",
                   budget: .atMost(20), verdict: verdict, details: ["indexed: \(indexed.durationSummary)"]),
            Figure(name: "nearest-line query speed-up over a linear scan", value: linear.median / indexed.median,
                   unit: "×", budget: .atLeast(100), verdict: verdict,
                   details: ["linear scan: \(linear.durationSummary)"]),
        ]
    }
}
