import Canvas
import SampleDrawings
import TestSupport
import TouchCore

/// What `--record` adds to a finger's way from the compositor to the
/// commit showing it: the mid-stroke motions of two sessions (10,000 lines
/// at 1920×1080, as figure 1), one recording and one not, driven stroke by
/// stroke in turn so the machine's load weighs on both alike; the figure is
/// the ratio of their medians. A recording session keeps each batch as it
/// arrives and formats and writes the lines when the loop goes idle, after
/// the frame is on its way: what the timed path pays is keeping the batch.
enum RecordingCostBenchmark {
    static func run(strokes: Int, verdict: Figure.Verdict) throws -> Figure {
        let plain = try SessionOnTestCompositor(lineCount: 10_000)
        let recorded = try SessionOnTestCompositor(lineCount: 10_000, recording: true)
        let area = Rect(x: 0, y: 0, width: Double(SessionOnTestCompositor.width),
                        height: Double(SessionOnTestCompositor.height))
        let starts = SampleLines.randomPoints(count: strokes, in: area.insetBy(dx: 260, dy: 260), seed: 21)
        let directions = SampleLines.random(count: strokes, in: area, lengths: 5...5, seed: 22)
        let motions = InputLatencyBenchmark.motionsPerStroke
        var samples = [Samples(reservingCapacity: strokes * motions), Samples(reservingCapacity: strokes * motions)]
        var time: UInt32 = 1000
        for (start, direction) in zip(starts, directions) {
            for (index, bench) in [plain, recorded].enumerated() {
                var point = start
                try bench.settle()
                time += 100
                _ = try InputLatencyBenchmark.timeBatch(bench, "down") {
                    bench.seat.touchDown(on: bench.surface.resource, id: 0, x: point.x, y: point.y, time: time)
                }
                for _ in 0..<motions {
                    try bench.settle()
                    point = point + (direction.end - direction.begin)
                    time += 8
                    samples[index].append(try InputLatencyBenchmark.timeBatch(bench, "motion") {
                        bench.seat.touchMotion(id: 0, x: point.x, y: point.y, time: time)
                    }.wall)
                }
                try bench.settle()
                time += 8
                _ = try InputLatencyBenchmark.timeBatch(bench, "up") { bench.seat.touchUp(id: 0, time: time) }
            }
        }
        precondition(recorded.session.firstWindow.canvas.drawing.count == 10_000 + strokes, "every stroke must become a line")
        // The median: what every batch pays. The tails of two sessions
        // measured in turn differ by more than the recording costs on a
        // loaded machine (p99 ratios of 0.98 to 1.27 in five runs here).
        return Figure(name: "--record: mid-stroke motion p50 recording ÷ not recording",
                      value: samples[1].percentile(50) / samples[0].percentile(50), unit: "×",
                      budget: .atMost(1.1), verdict: verdict,
                      details: ["recording: \(samples[1].durationSummary)",
                                "not recording: \(samples[0].durationSummary); 1920×1080, 10,000 lines, "
                                    + "the two sessions in turn, stroke by stroke"])
    }
}
