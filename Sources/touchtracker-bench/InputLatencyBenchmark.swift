import Canvas
import SampleDrawings
import TestCompositor
import TestSupport
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// Figures 1a–1c: from the compositor sending a finger's `wl_touch` events +
/// `wl_touch.frame` to the app's `wl_surface.commit` of the frame showing
/// them, with the real app wiring (`Session`) at 1920×1080 over 10,000
/// finished lines, through the scripted test compositor.
///
/// What is timed, exactly: everything runs on this thread. Before each
/// batch, every frame callback is answered and both sides are quiet. The
/// clock starts before the test seat sends the events and the compositor
/// flushes them into the socket; then the session's event loop runs
/// non-blocking iterations (read and dispatch the events → touch batch →
/// core window → gesture recognizers → canvas view → damage; then, before
/// sleeping, the toplevel paints the damage with the renderer into a
/// `wl_shm` buffer, attaches, damages, asks for a frame callback, commits and
/// flushes). The clock stops when the iteration that painted the frame has
/// flushed its commit (noted in the loop's `flushed` stage, before the
/// session saves a finished line in its `idle` stage). It thus covers the client's whole processing and both
/// socket transfers, but not the scheduler's wake-up of a sleeping process
/// (which no in-process measurement can show) nor the compositor's handling
/// of the commit. Each commit is then checked to attach a buffer whose
/// damage covers the finger.
///
/// The finger draws strokes like a user's: down at a random point, 40
/// motions of 5 pt in one random direction, and up (the drawing gains one
/// line per stroke). Three figures come from one run:
/// - the mid-stroke motions alone (the figure of earlier runs);
/// - every batch of the strokes: the down, the motions and the up, whose
///   commit follows the finished line being saved;
/// - stroke start: from the down to the first commit showing the stroke's
///   ink, at most a tenth of a 60 Hz frame (its ratio to the motions' p99
///   of the same run, the old budget, is reported). The finger keeps moving 5 pt per 8 ms of real time until ink
///   shows, so a canvas that withholds the down shows as a wait. The same
///   is measured with the canvas's taps set up as the book does (and as the
///   app did before ink came first): `delaysTouchesBegan`, 45 pt, 1.5 s.
///
/// Each figure is judged as its p99 on this thread's CPU ÷ the reference
/// unit (`ReferenceUnits`), also on the CPU, timed after every batch, never
/// as an absolute time; the wall-clock times are reported. Everything runs
/// on this thread and nothing in a batch sleeps (the loop runs
/// non-blocking), so the CPU time is the batch's whole work; what it leaves
/// out is the time the scheduler gave other processes, which on a loaded
/// machine decides the wall clock's p99 (4.3 ms, against a p50 of 185 µs,
/// with load 9 on the 2-core development machine) and says nothing of the
/// app. Why the reference
/// unit and not a full repaint timed in the same run: a batch's time is CPU
/// work of the kind the reference does (dispatching small events through
/// the core, views and recognizers, allocating, hashing) plus a few
/// syscalls, with a small damaged area painted; a full repaint is a copy of
/// 8 MB of pixels, bound by memory bandwidth, which differs between
/// machines by other factors than the CPU (PLATFORM-NOTES: one 8 MB copy
/// took 138 µs on one machine and 600–720 µs on another of the same kind,
/// where routing differed by 2×). The budgets keep the absolute budgets'
/// strictness on the development machine: 1 ms (a tenth of a 60 Hz frame
/// for the stroke start) in its reference units
/// (`ReferenceUnits.developmentMachineUnit`).
enum InputLatencyBenchmark {
    /// The motions' and whole strokes' p99 budget: 1 ms in reference units.
    static let batchBudgetUnits = ReferenceUnits.units(in: 1e-3)
    /// The stroke start's: a tenth of a 60 Hz frame in reference units.
    static let strokeStartBudgetUnits = ReferenceUnits.units(in: 1.0 / 60 / 10)
    /// Reference units timed after each batch, about as long as a batch.
    static let referenceUnitsPerBatch = 100

    static let motionsPerStroke = 40
    /// How far and how often the finger moves while drawing.
    static let step = 5.0, motionInterval = 0.008

    static func run(strokes: Int, verdict: Figure.Verdict) throws -> [Figure] {
        let bench = try SessionOnTestCompositor(lineCount: 10_000)
        let area = Rect(x: 0, y: 0, width: Double(SessionOnTestCompositor.width),
                        height: Double(SessionOnTestCompositor.height))
        let starts = SampleLines.randomPoints(count: strokes, in: area.insetBy(dx: 260, dy: 260), seed: 11)
        let directions = SampleLines.random(count: strokes, in: area, lengths: step...step, seed: 12)
        // On the wall clock (reported) and on this thread's CPU (judged).
        var motions = Samples(reservingCapacity: strokes * motionsPerStroke)
        var wholeStrokes = Samples(reservingCapacity: strokes * (motionsPerStroke + 2))
        var strokeStarts = Samples(reservingCapacity: strokes)
        var motionsCPU = motions, wholeStrokesCPU = wholeStrokes, strokeStartsCPU = strokeStarts
        var clock = CompositorClock()
        var reference = ReferenceUnits(unitsPerSample: referenceUnitsPerBatch, clock: .threadCPU,
                                       reservingCapacity: strokes * (motionsPerStroke + 2))

        for (start, direction) in zip(starts, directions) {
            let step = direction.end - direction.begin
            let (startLatency, reached) = try timeStrokeStart(bench, at: start, moving: step, clock: &clock)
            strokeStarts.append(startLatency.wall)
            wholeStrokes.append(startLatency.wall)
            strokeStartsCPU.append(startLatency.cpu)
            wholeStrokesCPU.append(startLatency.cpu)
            reference.sample()
            var point = reached
            for _ in 0..<motionsPerStroke {
                try bench.settle()
                point = point + step
                let latency = try timeBatch(bench, "motion") {
                    bench.seat.touchMotion(id: 0, x: point.x, y: point.y, time: clock.advance())
                }
                motions.append(latency.wall)
                wholeStrokes.append(latency.wall)
                motionsCPU.append(latency.cpu)
                wholeStrokesCPU.append(latency.cpu)
                try check(bench.surface.lastCommit, shows: point)
                reference.sample()
            }
            try bench.settle()
            let up = try timeBatch(bench, "up") { bench.seat.touchUp(id: 0, time: clock.advance()) }
            wholeStrokes.append(up.wall)
            wholeStrokesCPU.append(up.cpu)
            try check(bench.surface.lastCommit, shows: point)
            reference.sample()
        }
        precondition(bench.session.firstWindow.canvas.drawing.count == 10_000 + strokes, "every stroke must become a line")
        try checkPixels(bench, clock: &clock)
        let book = try bookStrokeStarts(bench, strokes: strokes, starts: starts, directions: directions, clock: &clock)

        let motionP99 = motions.percentile(99)
        let unit = reference.unit
        let setUp = "1920×1080, 10,000 finished lines, Session on the test compositor, "
            + "compositor answers every frame callback before the next batch"
        return [
            Figure(name: "input batch → wl_surface.commit, mid-stroke motions, p99 on the CPU ÷ reference unit",
                   value: motionsCPU.percentile(99) / unit, unit: "×", budget: .atMost(batchBudgetUnits), verdict: verdict,
                   details: ["on the CPU: \(motionsCPU.durationSummary)", "wall clock: \(motions.durationSummary); \(setUp)",
                             "\(reference.summary), on the CPU, timed after each batch"]),
            Figure(name: "input batch → wl_surface.commit, whole strokes (down, motions, up), p99 on the CPU ÷ reference unit",
                   value: wholeStrokesCPU.percentile(99) / unit, unit: "×", budget: .atMost(batchBudgetUnits),
                   verdict: verdict,
                   details: ["on the CPU: \(wholeStrokesCPU.durationSummary)",
                             "wall clock: \(wholeStrokes.durationSummary); the up's line is saved after its commit"]),
            // Issue 25: a first frame costs a sub-millisecond more than a
            // motion's (cold caches, not work), which nobody sees; the
            // budget is a tenth of a 60 Hz frame on the development
            // machine, and the old ratio is reported beside it.
            Figure(name: "stroke start (touch down → commit showing its ink) p99 on the CPU ÷ reference unit",
                   value: strokeStartsCPU.percentile(99) / unit, unit: "×", budget: .atMost(strokeStartBudgetUnits),
                   verdict: verdict,
                   details: [
                       "on the CPU: \(strokeStartsCPU.durationSummary)",
                       "wall clock: \(strokeStarts.durationSummary)",
                       "÷ the motions' p99, wall clock (the old budget, ≤ 1 ×): "
                           + Format.number(strokeStarts.percentile(99) / motionP99) + " ×",
                       "with the book's tap set-up (delaysTouchesBegan, 45 pt, 1.5 s; the app before ink came first), "
                           + "the finger moving 5 pt per 8 ms: \(book.durationSummary)",
                   ]),
        ]
    }

    /// The compositor's event times: 8 ms apart, as a finger's motions.
    struct CompositorClock {
        private(set) var now: UInt32 = 1000

        mutating func advance(by milliseconds: UInt32 = 8) -> UInt32 {
            now += milliseconds
            return now
        }
    }

    /// Sends a down at `start`, then, every 8 ms of real time until a
    /// commit shows the stroke's ink, a motion of `step`. Returns the
    /// seconds from the down to the flush of that commit, and where the
    /// finger then is.
    @inline(never)  // a function of its own, for profiling
    private static func timeStrokeStart(_ bench: SessionOnTestCompositor, at start: Point, moving step: Vector,
                                        clock: inout CompositorClock) throws -> (BatchTime, Point) {
        try bench.settle()
        let framesBefore = bench.framesDrawn
        var point = start
        let begin = Stopwatch.now, beginCPU = Stopwatch.threadCPU
        bench.seat.touchDown(on: bench.surface.resource, id: 0, x: start.x, y: start.y, time: clock.advance(by: 100))
        bench.seat.touchFrame()
        bench.compositor.dispatch()
        var nextMotion = begin + motionInterval
        // A canvas that withholds ink may wait for 45 pt of travel or 1.5 s.
        for _ in 0..<400 {
            for _ in 0..<20 where !showsInk(bench, framesBefore: framesBefore) {
                try bench.session.loop.runOnce(timeout: 0)
            }
            if showsInk(bench, framesBefore: framesBefore) {
                let elapsed = BatchTime(wall: bench.lastFlush - begin, cpu: bench.lastFlushCPU - beginCPU)
                bench.compositor.dispatch()
                try check(bench.surface.lastCommit,
                          shows: inWindow(bench, bench.session.firstWindow.canvas.drawing.linesInProgress.values.first!.begin))
                return (elapsed, point)
            }
            let wait = nextMotion - Stopwatch.now
            if wait > 0 { usleep(useconds_t(wait * 1e6)) }
            nextMotion += motionInterval
            point = point + step
            bench.seat.touchMotion(id: 0, x: point.x, y: point.y, time: clock.advance())
            bench.seat.touchFrame()
            bench.compositor.dispatch()
        }
        throw SessionOnTestCompositor.NeverHappened(description: "no ink appeared for a stroke")
    }

    /// A frame was painted while the canvas had a line in progress, and it
    /// repainted where that line begins. (Its commit is checked once it has
    /// reached the compositor.)
    private static func showsInk(_ bench: SessionOnTestCompositor, framesBefore: Int) -> Bool {
        guard bench.framesDrawn > framesBefore,
              let line = bench.session.firstWindow.canvas.drawing.linesInProgress.values.first else { return false }
        let begin = inWindow(bench, line.begin)
        return bench.lastDrawnDamage.contains { rect in
            rect.x <= begin.x && begin.x < rect.x + rect.width && rect.y <= begin.y && begin.y < rect.y + rect.height
        }
    }

    /// Stroke starts with the canvas's taps set up as in the book; the taps
    /// are restored afterwards. Each stroke is cancelled once its ink shows.
    private static func bookStrokeStarts(_ bench: SessionOnTestCompositor, strokes: Int, starts: [Point],
                                         directions: [Line], clock: inout CompositorClock) throws -> Samples {
        let canvas = bench.session.firstWindow.canvas
        let taps = [canvas.doubleTapRecognizer, canvas.tapRecognizer]
        let ours = taps.map { ($0.delaysTouchesBegan, $0.allowableMovement, $0.maximumPressDuration) }
        defer {
            for (tap, setting) in zip(taps, ours) {
                (tap.delaysTouchesBegan, tap.allowableMovement, tap.maximumPressDuration) = setting
            }
        }
        for tap in taps { (tap.delaysTouchesBegan, tap.allowableMovement, tap.maximumPressDuration) = (true, 45, 1.5) }
        var samples = Samples(reservingCapacity: strokes)
        for (start, direction) in zip(starts, directions) {
            samples.append(try timeStrokeStart(bench, at: start, moving: direction.end - direction.begin,
                                               clock: &clock).0.wall)
            try bench.settle()
            bench.seat.touchCancel()
            try waitForFrame(bench)
        }
        return samples
    }

    /// How long a batch took until the flush of its commit: on the wall
    /// clock (what a user waits, on this machine under its load) and on
    /// this thread's CPU (the work of both sides, which share the thread,
    /// without the time the scheduler gave other processes).
    struct BatchTime {
        let wall: Double
        let cpu: Double
    }

    /// Sends one batch (`events` + `wl_touch.frame`) and returns the time
    /// until the session has flushed the commit of the frame drawn for it.
    @inline(never)  // a function of its own, for profiling
    static func timeBatch(_ bench: SessionOnTestCompositor, _ what: String, _ events: () -> Void) throws -> BatchTime {
        let framesBefore = bench.framesDrawn
        let start = Stopwatch.now, startCPU = Stopwatch.threadCPU
        events()
        bench.seat.touchFrame()
        bench.compositor.dispatch()
        for _ in 0..<100 where bench.framesDrawn == framesBefore {
            try bench.session.loop.runOnce(timeout: 0)
        }
        let elapsed = BatchTime(wall: bench.lastFlush - start, cpu: bench.lastFlushCPU - startCPU)
        guard bench.framesDrawn > framesBefore else {
            throw SessionOnTestCompositor.NeverHappened(description: "no frame was drawn for a touch \(what)")
        }
        bench.compositor.dispatch()
        return elapsed
    }

    private static func waitForFrame(_ bench: SessionOnTestCompositor) throws {
        let framesBefore = bench.framesDrawn
        try bench.pump("no frame was drawn after a touch") { bench.framesDrawn > framesBefore }
        bench.compositor.dispatch()
    }

    /// Once, untimed: the first frame after a down shows the red dot under
    /// the finger, and a later one the line in progress (read back from the
    /// committed `wl_shm` buffer).
    private static func checkPixels(_ bench: SessionOnTestCompositor, clock: inout CompositorClock) throws {
        try bench.settle()
        bench.compositor.capturesPixels = true
        defer { bench.compositor.capturesPixels = false }
        let red: UInt32 = 0xFFFF_0000
        bench.seat.touchDown(on: bench.surface.resource, id: 0, x: 700, y: 500, time: clock.advance(by: 100))
        bench.seat.touchFrame()
        try waitForFrame(bench)
        guard bench.surface.lastCommit?.pixel(x: 700, y: 500) == red else {
            throw SessionOnTestCompositor.NeverHappened(description: "the first frame after a down shows no dot")
        }
        try bench.settle()
        bench.seat.touchMotion(id: 0, x: 800, y: 520, time: clock.advance())
        bench.seat.touchFrame()
        try waitForFrame(bench)
        guard bench.surface.lastCommit?.pixel(x: 800, y: 520) == red else {
            throw SessionOnTestCompositor.NeverHappened(description: "the committed frame does not show the line in progress")
        }
        try bench.settle()
        bench.seat.touchCancel()
        try waitForFrame(bench)
    }

    /// The commit must attach a buffer and damage the finger's position.
    /// A point of the canvas in the window's coordinates, which damage and
    /// buffers use: the canvas sits below the app's toolbar or header bar.
    private static func inWindow(_ bench: SessionOnTestCompositor, _ point: Point) -> Point {
        let canvas = bench.session.firstWindow.canvas.frame
        return Point(x: point.x + canvas.minX, y: point.y + canvas.minY)
    }

    private static func check(_ commit: CommitRecord?, shows point: Point) throws {
        guard let commit, commit.attachedBuffer, covers(commit, point) else {
            throw SessionOnTestCompositor.NeverHappened(description: "a commit did not repaint the finger at \(point)")
        }
    }

    private static func covers(_ commit: CommitRecord, _ point: Point) -> Bool {
        commit.bufferDamage.contains { rect in
            Double(rect.x) <= point.x && point.x < Double(rect.x + rect.width)
                && Double(rect.y) <= point.y && point.y < Double(rect.y + rect.height)
        }
    }
}
