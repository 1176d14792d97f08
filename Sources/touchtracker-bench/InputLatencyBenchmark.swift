import Canvas
import TestCompositor
import TouchCore

/// Figure 1: from the compositor sending one finger's `wl_touch.motion` +
/// `wl_touch.frame` to the app's `wl_surface.commit` of the frame showing it,
/// with the real app wiring (`Session`) at 1920×1080 over 10,000 finished
/// lines, through the scripted test compositor.
///
/// What is timed, exactly: everything runs on this thread. Before each
/// motion, every frame callback is answered and both sides are quiet. The
/// clock starts before the test seat sends `motion` + `frame` and the
/// compositor flushes them into the socket; then the session's event loop
/// runs non-blocking iterations (read and dispatch the events → touch batch
/// → core window → gesture recognizers → canvas view → damage; then, before
/// sleeping, the toplevel paints the damage with the renderer into a
/// `wl_shm` buffer, attaches, damages, asks for a frame callback, commits and
/// flushes). The clock stops when the iteration that painted the frame has
/// flushed its commit. It thus covers the client's whole processing and both
/// socket transfers, but not the scheduler's wake-up of a sleeping process
/// (which no in-process measurement can show) nor the compositor's handling
/// of the commit. Each commit is then checked to attach a buffer whose
/// damage covers the finger.
///
/// The finger draws strokes like a user's: down at a random point, a first
/// motion 50 pt away (the canvas's tap recognizers delay `touchesBegan`
/// until they fail, so nothing is drawn before the finger moves past their
/// 45 pt allowance; that frame is not timed), then 40 timed motions of 5 pt
/// in the same random direction (one per 8 ms of compositor time), then
/// `wl_touch.cancel`, so the drawing keeps exactly 10,000 finished lines and
/// nothing is saved in between.
enum InputLatencyBenchmark {
    static let motionsPerStroke = 40

    static func run(strokes: Int, verdict: Figure.Verdict) throws -> Figure {
        let bench = try SessionOnTestCompositor(lineCount: 10_000)
        let area = Rect(x: 0, y: 0, width: Double(SessionOnTestCompositor.width),
                        height: Double(SessionOnTestCompositor.height))
        let starts = SampleLines.randomPoints(count: strokes, in: area.insetBy(dx: 260, dy: 260), seed: 11)
        let directions = SampleLines.random(count: strokes, in: area, lengths: 5...5, seed: 12)
        var latencies = Samples(reservingCapacity: strokes * motionsPerStroke)
        var time: UInt32 = 1000

        for (start, direction) in zip(starts, directions) {
            try bench.settle()
            time += 100
            bench.seat.touchDown(on: bench.surface.resource, id: 0, x: start.x, y: start.y, time: time)
            bench.seat.touchFrame()
            let step = direction.end - direction.begin
            var point = start + Vector(dx: step.dx * 10, dy: step.dy * 10)
            time += 8
            bench.seat.touchMotion(id: 0, x: point.x, y: point.y, time: time)
            bench.seat.touchFrame()
            try waitForFrame(bench)
            for _ in 0..<motionsPerStroke {
                try bench.settle()
                point = point + step
                time += 8
                latencies.append(try timeMotion(bench, to: point, time: time))
                try check(bench.surface.lastCommit, shows: point)
            }
            try bench.settle()
            bench.seat.touchCancel()
            try waitForFrame(bench)
        }
        precondition(bench.session.canvas.drawing.count == 10_000, "strokes must not add lines")
        try checkPixels(bench, time: time + 100)
        return Figure(name: "input batch → wl_surface.commit, p99", value: latencies.percentile(99) * 1e3, unit: "ms",
                      budget: .atMost(1), verdict: verdict, details: [
                          "\(latencies.durationSummary); 1920×1080, 10,000 finished lines, "
                              + "Session on the test compositor, compositor answers every frame callback before the next motion",
                      ])
    }

    /// Sends one motion batch and returns the seconds until the session has
    /// flushed the commit of the frame drawn for it.
    private static func timeMotion(_ bench: SessionOnTestCompositor, to point: Point, time: UInt32) throws -> Double {
        let framesBefore = bench.framesDrawn
        let start = Stopwatch.now
        bench.seat.touchMotion(id: 0, x: point.x, y: point.y, time: time)
        bench.seat.touchFrame()
        bench.compositor.dispatch()
        for _ in 0..<100 where bench.framesDrawn == framesBefore {
            try bench.session.loop.runOnce(timeout: 0)
        }
        let elapsed = Stopwatch.now - start
        guard bench.framesDrawn > framesBefore else {
            throw SessionOnTestCompositor.NeverHappened(description: "no frame was drawn for a motion")
        }
        bench.compositor.dispatch()
        return elapsed
    }

    private static func waitForFrame(_ bench: SessionOnTestCompositor) throws {
        let framesBefore = bench.framesDrawn
        try bench.pump("no frame was drawn after a touch") { bench.framesDrawn > framesBefore }
        bench.compositor.dispatch()
    }

    /// Once, untimed: a finger's frame really shows the red line in progress
    /// under the finger (read back from the committed `wl_shm` buffer).
    private static func checkPixels(_ bench: SessionOnTestCompositor, time: UInt32) throws {
        try bench.settle()
        bench.compositor.capturesPixels = true
        defer { bench.compositor.capturesPixels = false }
        bench.seat.touchDown(on: bench.surface.resource, id: 0, x: 700, y: 500, time: time)
        bench.seat.touchFrame()
        bench.seat.touchMotion(id: 0, x: 800, y: 520, time: time + 8)
        bench.seat.touchFrame()
        try waitForFrame(bench)
        let red: UInt32 = 0xFFFF_0000
        guard bench.surface.lastCommit?.pixel(x: 800, y: 520) == red else {
            throw SessionOnTestCompositor.NeverHappened(description: "the committed frame does not show the line in progress")
        }
        try bench.settle()
        bench.seat.touchCancel()
        try waitForFrame(bench)
    }

    /// The commit must attach a buffer and damage the finger's position.
    private static func check(_ commit: CommitRecord?, shows point: Point) throws {
        guard let commit, commit.attachedBuffer,
              commit.bufferDamage.contains(where: { rect in
                  Double(rect.x) <= point.x && point.x < Double(rect.x + rect.width)
                      && Double(rect.y) <= point.y && point.y < Double(rect.y + rect.height)
              })
        else {
            throw SessionOnTestCompositor.NeverHappened(description: "a motion's commit did not repaint the finger at \(point)")
        }
    }
}
