import Canvas
import SampleDrawings
import TestSupport
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// Issue 24: a finger drawing while a large drawing opens in the background
/// is answered as on an empty drawing. Strokes are drawn from the first
/// frame on, for as long as the drawing is being opened (parsed and indexed
/// on its own thread); each batch is timed from the compositor sending it
/// to the app's commit of the frame showing it, as in figure 1
/// (`InputLatencyBenchmark.timeBatch`). The same strokes are then drawn on
/// an empty drawing in the same run, and the p99s compared.
enum StrokesWhileOpeningBenchmark {
    static let motionsPerStroke = 20

    static func run(lineCount: Int, verdict: Figure.Verdict) throws -> Figure {
        let name = "input → commit p99, strokes while a \(Format.count(lineCount))-line drawing opens ÷ "
            + "on an empty drawing"
        let opening = try SessionOnTestCompositor(lineCount: lineCount, fillIn: false, waitsUntilOpened: false)
        guard opening.session.firstWindow.isOpeningDrawing else {
            return Figure(name: name, value: .nan, unit: "×", budget: .atMost(2),
                          verdict: .unavailable("the drawing opened before the first stroke", missed: true))
        }
        let area = Rect(x: 0, y: 0, width: Double(SessionOnTestCompositor.width),
                        height: Double(SessionOnTestCompositor.height))
        let starts = SampleLines.randomPoints(count: 1000, in: area.insetBy(dx: 260, dy: 260), seed: 21)
        let directions = SampleLines.random(count: 1000, in: area, lengths: 5...5, seed: 22)
        var clock = InputLatencyBenchmark.CompositorClock()
        var whileOpening = Samples()
        var strokes = 0
        let began = Stopwatch.now
        while opening.session.firstWindow.isOpeningDrawing && strokes < starts.count {
            // Batches after the drawing is there belong to neither figure:
            // the stroke then ends untimed.
            try stroke(opening, from: starts[strokes], moving: directions[strokes], clock: &clock,
                       timed: { opening.session.firstWindow.isOpeningDrawing }) { whileOpening.append($0) }
            strokes += 1
        }
        let openingSeconds = Stopwatch.now - began
        try opening.pump("the strokes never joined the opened lines") {
            opening.session.firstWindow.canvas.drawing.count == lineCount + strokes
        }
        guard opening.session.firstWindow.canvas.drawing.count == lineCount + strokes else {
            throw SessionOnTestCompositor.NeverHappened(
                description: "\(opening.session.firstWindow.canvas.drawing.count) lines after the open, not \(lineCount) + \(strokes)")
        }
        let empty = try SessionOnTestCompositor(lineCount: 0)
        var onEmpty = Samples()
        for index in 0..<strokes {
            try stroke(empty, from: starts[index], moving: directions[index], clock: &clock,
                       timed: { true }) { onEmpty.append($0) }
        }
        let ratio = whileOpening.percentile(99) / onEmpty.percentile(99)
        return Figure(name: name, value: ratio, unit: "×", budget: .atMost(2), verdict: verdict, details: [
            "while opening: \(whileOpening.durationSummary); \(strokes) strokes of \(motionsPerStroke) motions "
                + "in \(Format.duration(openingSeconds)), kept after the opened lines",
            "empty drawing, the same strokes: \(onEmpty.durationSummary)",
        ])
    }

    /// A down, `motionsPerStroke` motions of `step` 8 ms apart (real time),
    /// and an up; `sample` receives each batch's latency while `timed()`
    /// holds, after which the stroke goes on at once and untimed (the
    /// frames filling in an opened drawing are then in flight).
    private static func stroke(_ bench: SessionOnTestCompositor, from start: Point, moving direction: Line,
                               clock: inout InputLatencyBenchmark.CompositorClock, timed: () -> Bool,
                               sample: (Double) -> Void) throws {
        let step = direction.end - direction.begin
        func send(_ what: String, _ events: () -> Void) throws {
            try bench.settle()
            guard timed() else {
                events()
                bench.seat.touchFrame()
                bench.compositor.dispatch()
                return
            }
            sample(try InputLatencyBenchmark.timeBatch(bench, what, events).wall)
        }
        try send("down") {
            bench.seat.touchDown(on: bench.surface.resource, id: 0, x: start.x, y: start.y,
                                 time: clock.advance(by: 100))
        }
        var point = start
        for _ in 0..<motionsPerStroke {
            let due = Stopwatch.now + InputLatencyBenchmark.motionInterval
            try bench.settle()
            let wait = due - Stopwatch.now
            if wait > 0, timed() { usleep(useconds_t(wait * 1e6)) }
            point = point + step
            try send("motion") { bench.seat.touchMotion(id: 0, x: point.x, y: point.y, time: clock.advance()) }
        }
        try send("up") { bench.seat.touchUp(id: 0, time: clock.advance()) }
        try bench.settle()
    }
}
