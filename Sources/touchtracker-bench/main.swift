// touchtracker-bench: measures what users feel against the budgets of
// issue 8 and prints one line per figure:
//     NAME: VALUE UNIT (budget OP LIMIT) ok | MISSED
// with supporting numbers (percentiles, sample counts) on indented `#` lines.
// Figures compare within one run and report medians and percentiles.
//
//   swift run -c release touchtracker-bench   the full run; exits 1 if a budget is missed
//   touchtracker-bench --quick                a short run proving every benchmark executes;
//                                             its timings are shown, never judged
//   touchtracker-bench --only routing         just one figure (latency, recording, renderer, nearest-line,
//                                             routing, idle, memory, large, inspector, prediction,
//                                             navigation, latch, straightening, selection-drag), e.g. under callgrind
//   touchtracker-bench --only prediction --recordings DIR
//                                             also the prediction error on each DIR/NAME.ttrec
//                                             (scripts/performance-table)
//   touchtracker-bench --only routing-steady-state   the routing workload the routing figure counts under
//                                             callgrind (warmed up), for profiling it by hand
#if canImport(Glibc)
import Glibc
#endif

/// The figures `--only` can pick, in the order they run.
let benchmarkNames: Set = ["latency", "recording", "renderer", "nearest-line", "routing", "idle", "memory", "large",
                           "inspector", "prediction", "navigation", "latch", "straightening", "selection-drag"]
var quick = false
var only: String?
var recordings: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick":
        quick = true
    case "--only" where arguments.first.map({ benchmarkNames.contains($0) || $0 == RoutingInstructionCount.workloadName }) == true:
        only = arguments.popFirst()
    case "--recordings" where arguments.first != nil:
        recordings = arguments.popFirst()
    default:
        let names = benchmarkNames.sorted() + [RoutingInstructionCount.workloadName]
        print("usage: touchtracker-bench [--quick] [--only \(names.joined(separator: "|"))]"
              + " [--recordings DIR]")
        exit(2)
    }
}
/// Whether the benchmark `name` runs: all of them unless `--only` picked one.
@MainActor func runs(_ name: String) -> Bool { only == nil || only == name }
// The routing workload the instruction count runs under callgrind: no figure of its own.
if only == RoutingInstructionCount.workloadName {
    RoutingInstructionCount.runWorkload()
    exit(0)
}
// A quick run's timings come from a few iterations, often of a debug build.
let timing: Figure.Verdict = quick ? .quickRun : .enforced
var results = Results(quick: quick)

// 1: a finger drawing, from the compositor's input to the app's commit.
if runs("latency") {
    do {
        results.add(try InputLatencyBenchmark.run(strokes: quick ? 3 : 100, verdict: timing))
    } catch {
        results.add(Figure.failed("input batch → wl_surface.commit", error))
    }
}

// 1d: what recording (--record) adds to it.
if runs("recording") {
    do {
        results.add(try RecordingCostBenchmark.run(strokes: quick ? 3 : 50, verdict: timing))
    } catch {
        results.add(Figure.failed("--record: mid-stroke motion p50", error))
    }
}

// 2 and 3: the renderer alone.
if runs("renderer") {
    results.add(RendererBenchmarks.motionFrameRatio(frames: quick ? 50 : 2_000, verdict: timing))
    results.add(RendererBenchmarks.freehandMotionFrameRatio(frames: quick ? 50 : 2_000, verdict: timing))
    results.add(RendererBenchmarks.freehandExtensionRatio(frames: quick ? 50 : 2_000, verdict: timing))
    results.add(RendererBenchmarks.drawingPassOverhead(frames: quick ? 50 : 4_000))
    results.add(RendererBenchmarks.fullRedraw(runs: quick ? 1 : 10))
}

// Moving around (issue 23): pan and pinch frames, the sharp redraw at rest.
if runs("navigation") {
    let lineCount = quick ? 10_000 : 100_000
    results.add(NavigationBenchmarks.frameRatios(lineCount: lineCount, frames: quick ? 30 : 1_000, verdict: timing))
    results.add(NavigationBenchmarks.sharpRedraw(lineCount: lineCount, runs: quick ? 1 : 5))
}

// 4: selecting a line.
if runs("nearest-line") {
    results.add(NearestLineBenchmark.run(queries: quick ? 20 : 2_000, verdict: timing))
    results.add(NearestLineBenchmark.runFreehand(queries: quick ? 20 : 2_000, verdict: timing))
}

// 5: the core's touch routing.
if runs("routing") {
    results.add(RoutingBenchmark.run(passes: quick ? 3 : 200, cyclesPerPass: quick ? 5 : 100, verdict: timing))
    // A count, not a timing, but a quick run's build is often a debug build.
    results.add(RoutingInstructionCount.run(verdict: timing))
}

// 6: an untouched window must sleep. Not a timing: judged in quick runs too.
if runs("idle") {
    do {
        results.add(try IdleBenchmark.run(seconds: quick ? 2 : 10, verdict: .enforced))
    } catch {
        results.add(Figure.failed("idle wake-ups of a mapped window", error))
    }
}

// 7: the real app's memory, under a real (headless) compositor. A quick
// run may lack weston, and its debug build weighs differently.
if runs("memory") {
    results.add(MemoryBenchmark.run(verdict: timing, requireWeston: !quick))
}

// 8–12: a drawing of 1,000,000 lines (the loader's limit; 20,000 in a quick run).
if runs("large") {
    let lineCount = quick ? 20_000 : 1_000_000
    do {
        results.add(try LargeDrawingBenchmark.loadTime(lineCount: lineCount, runs: quick ? 1 : 3, verdict: timing))
        results.add(try LargeDrawingBenchmark.saveCost(lineCount: lineCount, runs: quick ? 1 : 3, verdict: timing))
        results.add(try LargeDrawingBenchmark.firstFrame(lineCount: lineCount, verdict: timing))
        results.add(try StrokesWhileOpeningBenchmark.run(lineCount: lineCount, verdict: timing))
        results.add(LargeDrawingBenchmark.motionFrameRatio(lineCount: lineCount, frames: quick ? 50 : 2_000, verdict: timing))
        results.add(LargeDrawingBenchmark.modelMemory(lineCount: lineCount))
        results.add(try LargeDrawingBenchmark.exportMemory(lineCount: lineCount, verdict: timing))
        results.add(MemoryBenchmark.run(lineCount: lineCount, budget: nil, verdict: timing, requireWeston: !quick))
    } catch {
        results.add(Figure.failed("large drawings", error))
    }
}

// 13: a finger drawing with the inspector overlay open and closed.
if runs("inspector") {
    do {
        results.add(try InspectorBenchmark.run(motions: quick ? 80 : 2_000, verdict: timing))
    } catch {
        results.add(Figure.failed("motions with the inspector open", error))
    }
}

// 14: the predicted tip's accuracy (issue 25). Not a timing: judged in quick runs too.
if runs("prediction") {
    results.add(PredictionBenchmark.run())
    if let recordings { results.add(PredictionBenchmark.run(recordingsIn: recordings)) }
}

// 15: commit for the latch (issues 25 and 40): input → presented on a fake
// 60 Hz latch and on headless weston 10's cadence, against frame-callback
// pacing and a client committing on every event in the same run. Frames
// rendered per frame presented are judged in quick runs too.
if runs("latch") {
    do {
        results.add(try LatchPacingBenchmark.run(bursts: quick ? 4 : 20, verdict: timing))
    } catch {
        results.add(Figure.failed("input → presented, commit for the latch", error))
    }
}

// 16: hold to straighten deciding the shape of a stroke of 2,000 points (issue 38).
if runs("straightening") {
    results.add(StraighteningBenchmark.run(decisions: quick ? 20 : 2_000, verdict: timing))
}

// 17: dragging a selection of 10,000 lines against one of 10 (issue 38).
if runs("selection-drag") {
    results.add(SelectionDragBenchmark.run(lineCount: quick ? 1_000 : 10_000, frames: quick ? 3 : 60, verdict: timing))
}

exit(results.finish())
