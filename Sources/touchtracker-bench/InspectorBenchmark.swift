import BenchmarkWorkloads
import TestCompositor
import TestSupport
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// Figures 13a–c: what the inspector overlay costs a finger drawing, with
/// the real app wiring (`Session`) at 1920×1080 over 10,000 finished lines,
/// through the scripted test compositor, timed as `InputLatencyBenchmark`
/// times a batch (from the compositor sending a motion to the flush of the
/// commit showing it), on this thread's CPU clock, where all that work
/// runs: on the wall clock the scheduler of two cores shared with other
/// work stretched a motion and a full repaint unlike, and the ratio drifted
/// with the load (0.195 × quiet, 0.229 × and 0.248 × at load 7, against
/// its 0.25 × budget; on the CPU 0.15 × quiet and 0.13 × at load 7).
///
/// One finger circles in the middle of the window, away from the panel; its
/// motions alternate in blocks of 20 between the overlay closed and open,
/// so both sides of the ratio see the same machine load. The motion with
/// the overlay open is judged against what it must not become, a repaint
/// of the whole window (with the overlay open), timed after every block of
/// open motions (interleaved, not after all of them: a ratio within 3 % of
/// its budget moved across it when the load changed between the two
/// halves of a run). The run is cut into `repeats` repeats of consecutive
/// open blocks, each giving its own ratio of medians, and the median of
/// those ratios is judged, so no single stretch of load decides it. The
/// motion's ratio to the motion with the overlay closed is reported. With the overlay
/// open, each motion repaints the line, the contact's ring and label where
/// they were and are, the panel's frame lines and the latency measured by
/// the commit before, a recognizer's row when its state changes: the area
/// each such commit damages is recorded, and the largest must stay a small
/// part of the window. The frames drawn for a motion until the session is
/// quiet again are counted: one, the motion's own. A frame the overlay
/// asked for on its own (to show the latency just measured, say) would hold
/// the frame callback that the next motion then waits for.
enum InspectorBenchmark {
    static let block = 20
    /// Full repaints timed after each block of motions with the overlay open.
    static let fullRepaintsPerBlock = 2
    /// Repeats whose ratios' median is judged (fewer when a quick run has
    /// fewer open blocks).
    static let repeats = 5

    static func run(motions: Int, verdict: Figure.Verdict) throws -> [Figure] {
        let bench = try SessionOnTestCompositor(lineCount: 10_000)
        // A small circle: the finger's line (straight from where it went
        // down) stays short, and the damage is the overlay's.
        let center = Point(x: 1100, y: 560), radius = 20.0
        var closed = Samples(reservingCapacity: motions / 2), open = Samples(reservingCapacity: motions / 2)
        // Per block with the overlay open: its motions and the full repaints after it.
        var openBlocks: [RepeatedRatio.Block] = []
        var largestOpenDamage = 0.0
        var largestOpenRects: [DamageRect] = []
        var openMotionFrames = 0
        var time: UInt32 = 1000
        var angle = 0.0
        func point() -> Point { Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)) }

        try bench.settle()
        let start = point()
        let framesBeforeDown = bench.framesDrawn
        bench.seat.touchDown(on: bench.surface.resource, id: 0, x: start.x, y: start.y, time: time)
        bench.seat.touchFrame()
        try bench.pump("the down's frame never came") { bench.framesDrawn > framesBeforeDown }
        for index in 0..<motions {
            let inspecting = (index / block) % 2 == 1
            if inspecting != bench.session.firstWindow.isInspectorOpen {
                try quiet(bench)
                let frames = bench.framesDrawn
                bench.session.firstWindow.toggleInspector()
                try bench.pump("the inspector's frame never came") { bench.framesDrawn > frames }
            }
            try quiet(bench)
            angle += 0.15
            time += 8
            let next = point()
            let framesBefore = bench.framesDrawn
            let latency = try InputLatencyBenchmark.timeBatch(bench, "motion") {
                bench.seat.touchMotion(id: 0, x: next.x, y: next.y, time: time)
            }.cpu
            if inspecting {
                if index % block == 0 { openBlocks.append(RepeatedRatio.Block()) }
                open.append(latency)
                openBlocks[openBlocks.count - 1].numerator.append(latency)
                // What the commit damaged: the frame's own change (the
                // buffer painted may also catch up with earlier frames').
                let damage = bench.surface.lastCommit?.bufferDamage ?? []
                try quiet(bench)
                openMotionFrames += bench.framesDrawn - framesBefore
                if area(of: damage) > largestOpenDamage {
                    largestOpenDamage = area(of: damage)
                    largestOpenRects = damage
                }
            } else {
                closed.append(latency)
            }
            if inspecting && (index % block == block - 1 || index == motions - 1) {
                for _ in 0..<fullRepaintsPerBlock {
                    openBlocks[openBlocks.count - 1].denominator.append(try timeFullRepaint(bench))
                }
            }
        }
        try quiet(bench)
        bench.seat.touchUp(id: 0, time: time + 8)
        bench.seat.touchFrame()
        try bench.settle()

        let window = Double(SessionOnTestCompositor.width) * Double(SessionOnTestCompositor.height)
        let setUp = "1920×1080, 10,000 finished lines, one finger circling, blocks of \(block) motions"
        var fullRepaints = Samples(), ratios = Samples()
        for value in openBlocks.flatMap(\.denominator) { fullRepaints.append(value) }
        for ratio in RepeatedRatio.ratios(of: openBlocks, repeats: repeats) { ratios.append(ratio) }
        return [
            Figure(name: "motion batch → wl_surface.commit with the inspector open ÷ a full repaint with it open, "
                       + "median of repeats", value: ratios.median, unit: "×", budget: .atMost(0.25), verdict: verdict,
                   details: ["\(ratios.count) repeats (each \(openBlocks.count / ratios.count)+ blocks of open motions, "
                                 + "\(fullRepaintsPerBlock) full repaints after each block; p50 ÷ p50): "
                                 + ratios.values.map { Format.number($0) }.joined(separator: ", "),
                             "open, on the CPU: \(open.durationSummary)",
                             "full repaint, on the CPU: \(fullRepaints.durationSummary); \(setUp)"]),
            Figure(name: "motion batch → wl_surface.commit with the inspector open ÷ closed, p50",
                   value: open.median / closed.median, unit: "×", budget: nil, verdict: .reportOnly,
                   details: ["closed, on the CPU: \(closed.durationSummary)"]),
            // Counted, not timed: judged in quick runs too.
            Figure(name: "frames drawn per motion with the inspector open", value: Double(openMotionFrames) / Double(open.count),
                   unit: "frames", budget: .atMost(1), verdict: .enforced,
                   details: ["\(openMotionFrames) frames for \(open.count) motions, each until the session was quiet again"]),
            Figure(name: "largest area one motion repaints with the inspector open", value: 100 * largestOpenDamage / window,
                   unit: "% of the window", budget: .atMost(3), verdict: .enforced,
                   details: ["\(Int(largestOpenDamage)) of \(Int(window)) points, over \(open.count) motions: "
                                 + largestOpenRects.map(\.description).joined(separator: ", ")]),
        ]
    }

    /// Repaints the whole window (the overlay open, the finger still down)
    /// and returns the CPU seconds from asking to the flush of its commit.
    private static func timeFullRepaint(_ bench: SessionOnTestCompositor) throws -> Double {
        try quiet(bench)
        let frames = bench.framesDrawn
        let start = Stopwatch.threadCPU
        bench.session.firstWindow.window.setNeedsDisplay()
        try bench.pump("the full repaint never came") { bench.framesDrawn > frames }
        let seconds = bench.lastFlushCPU - start
        try quiet(bench)
        return seconds
    }

    /// Settles until a settle draws nothing more (the overlay's latency
    /// line, the last tiles of the line cache): the next motion is then
    /// drawn at once. The compositor first reads the last frame's commit
    /// and frame request, so that the settle answers it.
    private static func quiet(_ bench: SessionOnTestCompositor) throws {
        bench.compositor.dispatch()
        for _ in 0..<10 {
            let frames = bench.framesDrawn
            try bench.settle()
            if bench.framesDrawn == frames { return }
        }
        throw SessionOnTestCompositor.NeverHappened(description: "the session kept drawing without input")
    }

    private static func area(of rects: [DamageRect]) -> Double {
        rects.reduce(0) { $0 + Double($1.width) * Double($1.height) }
    }
}
