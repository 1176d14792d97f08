import Canvas
import TestCompositor
import TestSupport
import Presentation
import TouchCore

/// Input → presented on the scripted compositor (issues 25 and 40), on two
/// repaint cadences:
///
/// - a clean 60 Hz grid: the compositor repaints on a real-time grid
///   16.67 ms apart, latching whatever the app committed by then and
///   presenting it there (flagged `vsync`); a finger drags in bursts of
///   motions 8 ms apart (a 125 Hz touchscreen);
/// - headless weston 10's cadence (`WestonLikeCadence`): repaints ≈ 25.7 ms
///   apart while busy, the first ≈ 9.7 ms after a commit from idle, each
///   presented 16 ms after it, announcing a 16.7 ms refresh and no flags;
///   a finger drags at 100 Hz (the drag).
///
/// Each motion is timed from its sending to the presentation of the
/// repaint that first shows it. Bursts alternate between the default
/// pacing and `--frame-callback-pacing` (`allowsLatchPacing` off) in the
/// same session, so both meet the same machine load, and every burst is
/// measured against a reference that commits on every input event (what
/// weston-simple-touch does), worked out from the same motions' sending
/// times on the same cadence: what the fastest client could show.
/// Budgets: on the clean grid, latch p50 at most half of frame-callback
/// p50; on the weston-like cadence, p50 at most 1.5 × the reference's and
/// p99 at most 2 ×; on both, at most 1.2 frames rendered per frame shown.
enum LatchPacingBenchmark {
    static let refresh = 1.0 / 60, step = 3.0

    struct Burst {
        var latencies: [Double] = []
        var reference: [Double] = []
        var framesDrawn = 0
        var framesShown = 0
        var pacings: [FramePresentation.Pacing: Int] = [:]
    }

    /// `verdict` judges the latency ratios: they need a release build,
    /// whose render margin is small beside a refresh (a debug build's
    /// motion frame takes 4–5 ms, and the latch is aimed that much
    /// earlier). The frames rendered per frame presented are judged in any
    /// build.
    static func run(bursts: Int, verdict: Figure.Verdict) throws -> [Figure] {
        let bench = try SessionOnTestCompositor(lineCount: 1_000)
        var grid = Grid(next: Stopwatch.now + refresh)
        let clean = try measure(bench, cadence: &grid, bursts: bursts, motions: 40, interval: 0.008)
        // A session of its own: a compositor's grid is learned per session.
        let westonBench = try SessionOnTestCompositor(lineCount: 1_000)
        var weston = WestonLikeCadence()
        let westonLike = try measure(westonBench, cadence: &weston, bursts: bursts, motions: 100, interval: 0.010)
        let predictor = westonBench.session.firstWindow.toplevel.latchPredictor
        let gridPredictor = bench.session.firstWindow.toplevel.latchPredictor

        let latchSamples = samples(clean.latch.latencies), todaySamples = samples(clean.frameCallback.latencies)
        let cleanSetUp = "\(bursts) bursts each way of 40 motions 8 ms apart, alternating, "
            + "fake 60 Hz latch on the test compositor, 1920×1080, 1,000 lines"
        let app = samples(westonLike.latch.latencies), reference = samples(westonLike.latch.reference)
        let frameCallback = samples(westonLike.frameCallback.latencies)
        let frameCallbackReference = samples(westonLike.frameCallback.reference)
        let westonSetUp = "\(bursts) bursts each way of 100 motions 10 ms apart, alternating, on the test compositor "
            + "repainting like headless weston 10 (25.7 ms apart while busy, 9.7 ms after a commit from idle, "
            + "presented 16 ms after the repaint, 16.7 ms announced), 1920×1080, 1,000 lines"
        return [
            Figure(name: "input → presented p50, commit for the latch ÷ frame-callback pacing",
                   value: latchSamples.median / todaySamples.median, unit: "×", budget: .atMost(0.5),
                   verdict: verdict,
                   details: ["commit for the latch: \(latchSamples.durationSummary); "
                                 + "frames \(describe(clean.latch.pacings))",
                             "frame-callback pacing: \(todaySamples.durationSummary)",
                             "render margin " + (gridPredictor.renderMargin.map { Format.duration($0) } ?? "unknown")
                                 + (gridPredictor.missesKeepTheGrid ? ", missed latches shown a period later" : ""),
                             "every-event reference: \(samples(clean.latch.reference).durationSummary); "
                                 + "app ÷ reference p50 \(ratio(latchSamples, samples(clean.latch.reference)))",
                             cleanSetUp]),
            Figure(name: "frames rendered per frame presented, commit for the latch",
                   value: shownRatio(clean.latch), unit: "×", budget: .atMost(1.2), verdict: .enforced,
                   details: ["\(clean.latch.framesDrawn) rendered, \(clean.latch.framesShown) presented; frame-callback pacing: "
                                 + "\(clean.frameCallback.framesDrawn) rendered, \(clean.frameCallback.framesShown) presented"]),
            Figure(name: "weston-like cadence: input → presented p50, app ÷ every-event reference",
                   value: app.median / reference.median, unit: "×", budget: .atMost(1.5), verdict: verdict,
                   details: ["app: \(app.durationSummary); frames \(describe(westonLike.latch.pacings))",
                             "every-event reference: \(reference.durationSummary)",
                             "latch lead learned \(Format.duration(predictor.latchLead)), period "
                                 + (predictor.period.map { Format.duration($0) } ?? "unknown") + ", render margin "
                                 + (predictor.renderMargin.map { Format.duration($0) } ?? "unknown"),
                             westonSetUp]),
            Figure(name: "weston-like cadence: input → presented p99, app ÷ every-event reference",
                   value: app.percentile(99) / reference.percentile(99), unit: "×", budget: .atMost(2),
                   verdict: verdict, details: []),
            Figure(name: "weston-like cadence: frames rendered per frame presented",
                   value: shownRatio(westonLike.latch), unit: "×", budget: .atMost(1.2), verdict: .enforced,
                   details: ["\(westonLike.latch.framesDrawn) rendered, \(westonLike.latch.framesShown) presented; "
                                 + "frame-callback pacing: \(westonLike.frameCallback.framesDrawn) rendered, "
                                 + "\(westonLike.frameCallback.framesShown) presented"]),
            Figure(name: "weston-like cadence: --frame-callback-pacing p50 ÷ every-event reference",
                   value: frameCallback.median / frameCallbackReference.median, unit: "×", budget: nil,
                   verdict: .reportOnly,
                   details: ["frame-callback pacing: \(frameCallback.durationSummary); reference "
                                 + "\(frameCallbackReference.durationSummary); p99 ÷ reference p99 "
                                 + times(frameCallback.percentile(99) / frameCallbackReference.percentile(99))]),
        ]
    }

    /// Both pacings' bursts on one cadence.
    private struct Measured {
        var latch = Burst(), frameCallback = Burst()
    }

    private static func measure<C: RepaintCadence>(_ bench: SessionOnTestCompositor, cadence: inout C, bursts: Int,
                                                   motions: Int, interval: Double) throws -> Measured {
        var measured = Measured()
        for burst in 0..<(2 * bursts) {
            let forLatch = burst % 2 == 0
            bench.session.firstWindow.toplevel.allowsLatchPacing = forLatch
            // A pause between bursts: weston's repaint loop stops in it.
            try idle(bench, cadence: &cadence, for: 0.1)
            let start = Point(x: 200, y: 200 + Double(burst % 20) * 30)
            let result = try drag(bench, from: start, motions: motions, interval: interval, cadence: &cadence)
            if forLatch { measured.latch.add(result) } else { measured.frameCallback.add(result) }
        }
        return measured
    }

    private static func samples(_ values: [Double]) -> Samples {
        var samples = Samples(reservingCapacity: values.count)
        values.forEach { samples.append($0) }
        return samples
    }

    private static func ratio(_ app: Samples, _ reference: Samples) -> String {
        times(app.median / reference.median) + " (p99 " + times(app.percentile(99) / reference.percentile(99)) + ")"
    }

    private static func times(_ value: Double) -> String {
        Format.fixed(value, decimals: 2) + " ×"
    }

    private static func shownRatio(_ burst: Burst) -> Double {
        Double(burst.framesDrawn) / Double(max(1, burst.framesShown))
    }

    /// "latch 80, at-once 6, frame-callback 4": how the frames were paced.
    private static func describe(_ pacings: [FramePresentation.Pacing: Int]) -> String {
        FramePresentation.Pacing.allCases.compactMap { pacing in
            pacings[pacing].map { "\(pacing.rawValue) \($0)" }
        }.joined(separator: ", ")
    }

    /// Lets the compositor repaint and the session run, sleeping in the
    /// session's poll, for `seconds`.
    private static func idle<C: RepaintCadence>(_ bench: SessionOnTestCompositor, cadence: inout C,
                                                for seconds: Double) throws {
        let end = Stopwatch.now + seconds
        while Stopwatch.now < end {
            cadence.repaintIfDue(bench)
            try bench.session.loop.runOnce(timeout: max(0, min(cadence.nextEvent, end) - Stopwatch.now))
        }
    }

    /// One burst: down, `motions` motions of `step` to the right, `interval`
    /// apart, up.
    private static func drag<C: RepaintCadence>(_ bench: SessionOnTestCompositor, from start: Point, motions: Int,
                                                interval: Double, cadence: inout C) throws -> Burst {
        let surface = bench.surface
        var motionOfDraw: [Int] = []
        let toplevel = bench.session.firstWindow.toplevel
        guard let paint = toplevel.frameSource else {
            throw SessionOnTestCompositor.NeverHappened(description: "the window has no frame source")
        }
        let watched = WatchedFrames(paint) { [unowned bench] _ in
            // Which motions this frame shows: the line ends at the newest.
            let line = bench.session.firstWindow.canvas.drawing.linesInProgress.values.first
            motionOfDraw.append(line.map { Int((($0.end.x - start.x) / step).rounded()) } ?? -1)
        }
        toplevel.frameSource = watched
        var pacings: [FramePresentation.Pacing: Int] = [:]
        let report = bench.session.firstWindow.toplevel.onPresentation
        bench.session.firstWindow.toplevel.onPresentation = { presentation in
            report?(presentation)
            if let pacing = presentation.pacing { pacings[pacing, default: 0] += 1 }
        }
        defer {
            withExtendedLifetime(watched) { toplevel.frameSource = paint }
            bench.session.firstWindow.toplevel.onPresentation = report
        }
        let commitsBefore = surface.commits.count, latchedBefore = surface.latchedCommits.count

        var sent: [Double] = []
        bench.seat.touchDown(on: surface.resource, id: 0, x: start.x, y: start.y, time: eventTime(Stopwatch.now))
        bench.seat.touchFrame()
        bench.compositor.dispatch()
        var nextMotion = Stopwatch.now + interval
        while sent.count < motions {
            let now = Stopwatch.now
            if now >= nextMotion {
                sent.append(now)
                bench.seat.touchMotion(id: 0, x: start.x + Double(sent.count) * step, y: start.y, time: eventTime(now))
                bench.seat.touchFrame()
                bench.compositor.dispatch()
                nextMotion += interval
            }
            cadence.repaintIfDue(bench)
            try bench.session.loop.runOnce(timeout: max(0, min(cadence.nextEvent, nextMotion) - Stopwatch.now))
        }
        // Wait for the frame that draws the last motion and for the repaint
        // that takes it (its motions' latencies count the wait). Paced by
        // frame callbacks, that frame waits for the presentation of the one
        // before, which comes a while after its repaint; on a loaded machine
        // the wait stretches, so it is bounded only by a second. The
        // compositor reads the app's requests before each look, or a frame
        // committed in the last poll would go unseen and unshown.
        try idle(bench, cadence: &cadence, for: 4 * refresh)
        let giveUp = Stopwatch.now + 1
        while Stopwatch.now < giveUp {
            bench.compositor.dispatch()
            let lastLatched = surface.latchedCommits.last?.commit ?? -1
            if motionOfDraw.last == motions, lastLatched >= surface.commits.count - 1 { break }
            try idle(bench, cadence: &cadence, for: refresh)
        }
        bench.seat.touchUp(id: 0, time: eventTime(Stopwatch.now))
        bench.seat.touchFrame()
        bench.compositor.dispatch()

        let drawnCommits = surface.commits.indices.dropFirst(commitsBefore).filter { surface.commits[$0].attachedBuffer }
        var burst = Burst(framesDrawn: motionOfDraw.count, pacings: pacings)
        var shownUpTo = 0
        for latched in surface.latchedCommits.dropFirst(latchedBefore) {
            // A bare commit after a drawn one shows the drawn one's buffer.
            guard let draw = drawnCommits.lastIndex(where: { $0 <= latched.commit }), draw < motionOfDraw.count,
                  motionOfDraw[draw] > shownUpTo else { continue }
            burst.framesShown += 1
            while shownUpTo < min(motionOfDraw[draw], sent.count) {
                burst.latencies.append(latched.time + C.presentationDelay - sent[shownUpTo])
                shownUpTo += 1
            }
        }
        guard shownUpTo == motions else {
            throw SessionOnTestCompositor.NeverHappened(description: "\(motions - shownUpTo) motions never reached the screen (\(C.self), draws \(motionOfDraw.suffix(6)), \(surface.latchedCommits.count - latchedBefore) shown, \(drawnCommits.count) drawn, latency pacing \(bench.session.firstWindow.toplevel.allowsLatchPacing))")
        }
        burst.reference = cadence.referenceLatencies(sent: sent)
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
        reference += other.reference
        framesDrawn += other.framesDrawn
        framesShown += other.framesShown
        pacings.merge(other.pacings, uniquingKeysWith: +)
    }
}
