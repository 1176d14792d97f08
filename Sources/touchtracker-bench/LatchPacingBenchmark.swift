import Canvas
import TestCompositor
import TouchCore

/// Input → presented on the scripted compositor with a fake 60 Hz latch
/// (issue 25): the compositor repaints on a real-time grid 16.67 ms apart,
/// latching whatever the app committed by then and answering frame
/// callbacks and presentation feedback there, as weston's repaint loop
/// does. A finger drags in bursts of motions 8 ms apart (a 125 Hz
/// touchscreen); each motion is timed from its sending to the repaint that
/// first shows it. Bursts alternate between "commit for the latch" and
/// today's frame-callback pacing (`allowsLatchPacing` off) in the same
/// session, so both meet the same machine load. Budget: latch p50 at most
/// half of frame-callback p50, and at most 1.2 frames rendered per frame
/// shown.
enum LatchPacingBenchmark {
    static let refresh = 1.0 / 60, motionInterval = 0.008, step = 3.0

    struct Burst {
        var latencies: [Double] = []
        var framesDrawn = 0
        var framesShown = 0
    }

    /// `verdict` judges the p50 ratio: it needs a release build, whose
    /// render margin is small beside a refresh (a debug build's motion
    /// frame takes 4–5 ms, and the latch is aimed that much earlier). The
    /// frames rendered per frame presented are judged in any build.
    static func run(bursts: Int, motionsPerBurst: Int, verdict: Figure.Verdict) throws -> [Figure] {
        let bench = try SessionOnTestCompositor(lineCount: 1_000)
        var grid = Grid(next: Stopwatch.now + refresh)
        var latch = Burst(), frameCallback = Burst()
        var pacedForLatch = 0
        for burst in 0..<(2 * bursts) {
            let forLatch = burst % 2 == 0
            bench.session.firstWindow.toplevel.allowsLatchPacing = forLatch
            // A pause between bursts; the first latch burst's first frames
            // are paced by frame callbacks until three feedbacks made a grid.
            try idle(bench, grid: &grid, for: 0.1)
            let start = Point(x: 200, y: 200 + Double(burst % 20) * 30)
            let measured = try drag(bench, from: start, motions: motionsPerBurst, grid: &grid)
            if forLatch && bench.session.firstWindow.toplevel.pacesInputForLatch { pacedForLatch += 1 }
            if forLatch { latch.add(measured) } else { frameCallback.add(measured) }
        }
        var latchSamples = Samples(reservingCapacity: latch.latencies.count)
        latch.latencies.forEach { latchSamples.append($0) }
        var todaySamples = Samples(reservingCapacity: frameCallback.latencies.count)
        frameCallback.latencies.forEach { todaySamples.append($0) }
        let predictor = bench.session.firstWindow.toplevel.latchPredictor
        let setUp = "\(bursts) bursts each way of \(motionsPerBurst) motions 8 ms apart, alternating, "
            + "fake 60 Hz latch on the test compositor, 1920×1080, 1,000 lines"
        return [
            Figure(name: "input → presented p50, commit for the latch ÷ frame-callback pacing",
                   value: latchSamples.median / todaySamples.median, unit: "×", budget: .atMost(0.5),
                   verdict: verdict,
                   details: ["commit for the latch: \(latchSamples.durationSummary); "
                                 + "ended paced for the latch in \(pacedForLatch) of \(bursts) bursts",
                             "frame-callback pacing: \(todaySamples.durationSummary)",
                             "latch lead learned \(Format.duration(predictor.latchLead)), render margin "
                                 + (predictor.renderMargin.map { Format.duration($0) } ?? "unknown"),
                             setUp]),
            Figure(name: "frames rendered per frame presented, commit for the latch",
                   value: Double(latch.framesDrawn) / Double(max(1, latch.framesShown)), unit: "×",
                   budget: .atMost(1.2), verdict: .enforced,
                   details: ["\(latch.framesDrawn) rendered, \(latch.framesShown) presented; frame-callback pacing: "
                                 + "\(frameCallback.framesDrawn) rendered, \(frameCallback.framesShown) presented"]),
        ]
    }

    /// The compositor's repaints, a refresh apart on the real clock.
    struct Grid {
        var next: Double

        /// Repaints if one is due; a repaint missed by a stalled process
        /// is skipped, as a display does not wait.
        mutating func repaintIfDue(_ bench: SessionOnTestCompositor) {
            let now = Stopwatch.now
            guard now >= next else { return }
            bench.compositor.repaint(at: next, refresh: LatchPacingBenchmark.refresh)
            next += LatchPacingBenchmark.refresh
            while next <= now { next += LatchPacingBenchmark.refresh }
        }
    }

    /// Lets the compositor repaint and the session run, sleeping in the
    /// session's poll, for `seconds`.
    private static func idle(_ bench: SessionOnTestCompositor, grid: inout Grid, for seconds: Double) throws {
        let end = Stopwatch.now + seconds
        while Stopwatch.now < end {
            grid.repaintIfDue(bench)
            try bench.session.loop.runOnce(timeout: max(0, min(grid.next, end) - Stopwatch.now))
        }
    }

    /// One burst: down, `motions` motions of `step` to the right, up.
    private static func drag(_ bench: SessionOnTestCompositor, from start: Point, motions: Int,
                             grid: inout Grid) throws -> Burst {
        let surface = bench.surface
        var motionOfDraw: [Int] = []
        let paint = bench.session.firstWindow.toplevel.onDraw
        bench.session.firstWindow.toplevel.onDraw = { [unowned bench] target in
            paint?(target)
            // Which motions this frame shows: the line ends at the newest.
            let line = bench.session.firstWindow.canvas.drawing.linesInProgress.values.first
            motionOfDraw.append(line.map { Int((($0.end.x - start.x) / step).rounded()) } ?? -1)
        }
        defer { bench.session.firstWindow.toplevel.onDraw = paint }
        let commitsBefore = surface.commits.count, latchedBefore = surface.latchedCommits.count

        var sent: [Double] = []
        bench.seat.touchDown(on: surface.resource, id: 0, x: start.x, y: start.y, time: eventTime(Stopwatch.now))
        bench.seat.touchFrame()
        bench.compositor.dispatch()
        var nextMotion = Stopwatch.now + motionInterval
        while sent.count < motions {
            let now = Stopwatch.now
            if now >= nextMotion {
                sent.append(now)
                bench.seat.touchMotion(id: 0, x: start.x + Double(sent.count) * step, y: start.y, time: eventTime(now))
                bench.seat.touchFrame()
                bench.compositor.dispatch()
                nextMotion += motionInterval
            }
            grid.repaintIfDue(bench)
            try bench.session.loop.runOnce(timeout: max(0, min(grid.next, nextMotion) - Stopwatch.now))
        }
        try idle(bench, grid: &grid, for: 4 * refresh)
        bench.seat.touchUp(id: 0, time: eventTime(Stopwatch.now))
        bench.seat.touchFrame()
        bench.compositor.dispatch()

        let drawnCommits = surface.commits.indices.dropFirst(commitsBefore).filter { surface.commits[$0].attachedBuffer }
        var burst = Burst(framesDrawn: motionOfDraw.count)
        var shownUpTo = 0
        for latched in surface.latchedCommits.dropFirst(latchedBefore) {
            guard let draw = drawnCommits.firstIndex(of: latched.commit), draw < motionOfDraw.count else { continue }
            burst.framesShown += 1
            while shownUpTo < min(motionOfDraw[draw], sent.count) {
                burst.latencies.append(latched.time - sent[shownUpTo])
                shownUpTo += 1
            }
        }
        guard shownUpTo == motions else {
            throw SessionOnTestCompositor.NeverHappened(description: "\(motions - shownUpTo) motions never reached the screen")
        }
        return burst
    }

    /// The compositor's event time for `seconds` on the monotonic clock,
    /// which the presentation clock shares.
    private static func eventTime(_ seconds: Double) -> UInt32 {
        UInt32(truncatingIfNeeded: Int64((seconds * 1000).rounded(.down)))
    }
}

extension LatchPacingBenchmark.Burst {
    mutating func add(_ other: Self) {
        latencies += other.latencies
        framesDrawn += other.framesDrawn
        framesShown += other.framesShown
    }
}
