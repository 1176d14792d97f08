import BenchmarkWorkloads

/// Figures 2 and 3: the renderer alone (Render's `CanvasRenderer` drawing
/// into memory) at 1920×1080, scale 1, through the workloads of BenchmarkWorkloads.
enum RendererBenchmarks {
    /// Figure 2: the cost of a motion frame with 10,000 finished lines over
    /// its cost with 10. A frame moves the finger drawing a line in progress
    /// by a few points and renders the damage the canvas view would raise
    /// (the line's painted bounds before and after the move) from the
    /// already built line cache. The two workloads take turns frame by
    /// frame, so both see the same machine state; the ratio is of medians.
    static func motionFrameRatio(frames: Int, verdict: Figure.Verdict) -> Figure {
        let few = MotionFrameWorkload(finishedLines: 10), many = MotionFrameWorkload(finishedLines: 10_000)
        var fewTimes = Samples(reservingCapacity: frames), manyTimes = Samples(reservingCapacity: frames)
        for _ in 0..<frames {
            fewTimes.append(Stopwatch.time { few.step() })
            manyTimes.append(Stopwatch.time { many.step() })
        }
        return Figure(name: "motion frame cost, 10,000 lines ÷ 10 lines", value: manyTimes.median / fewTimes.median,
                      unit: "×", budget: .atMost(1.5), verdict: verdict, details: [
                          "10,000 lines: \(manyTimes.durationSummary)",
                          "10 lines: \(fewTimes.durationSummary)",
                      ])
    }

    /// Figure 2e: what the drawing pass costs a motion frame (10,000 lines):
    /// the frame drawn through the window's views, as the app draws it (each
    /// view drawing itself, the canvas from its line cache), over the same
    /// frame drawn by the canvas renderer alone, as the app drew it before
    /// views drew themselves. Taking turns frame by frame; medians.
    static func drawingPassOverhead(frames: Int) -> Figure {
        let pass = MotionFrameWorkload(finishedLines: 10_000)
        let alone = MotionFrameWorkload(finishedLines: 10_000, throughWindow: false)
        var passTimes = Samples(reservingCapacity: frames), aloneTimes = Samples(reservingCapacity: frames)
        for _ in 0..<frames {
            passTimes.append(Stopwatch.time { pass.step() })
            aloneTimes.append(Stopwatch.time { alone.step() })
        }
        return Figure(name: "motion frame through the views' drawing pass ÷ the canvas drawn alone",
                      value: passTimes.median / aloneTimes.median, unit: "×", budget: nil, verdict: .reportOnly,
                      details: [
                          "drawing pass: \(passTimes.durationSummary)",
                          "canvas alone: \(aloneTimes.durationSummary)",
                      ])
    }

    /// Figure 2b: the same with freehand lines: 10,000 finished freehand
    /// lines of 200 points over 10, the finger drawing freehand (a point
    /// per frame, so its own line grows by 2,000 points over the run).
    static func freehandMotionFrameRatio(frames: Int, verdict: Figure.Verdict) -> Figure {
        let few = MotionFrameWorkload(finishedLines: 10, freehand: true)
        let many = MotionFrameWorkload(finishedLines: 10_000, freehand: true)
        var fewTimes = Samples(reservingCapacity: frames), manyTimes = Samples(reservingCapacity: frames)
        for _ in 0..<frames {
            fewTimes.append(Stopwatch.time { few.step() })
            manyTimes.append(Stopwatch.time { many.step() })
        }
        return Figure(name: "freehand motion frame cost, 10,000 freehand lines ÷ 10", value: manyTimes.median / fewTimes.median,
                      unit: "×", budget: .atMost(1.5), verdict: verdict, details: [
                          "10,000 freehand lines of 200 points: \(manyTimes.durationSummary)",
                          "10 freehand lines: \(fewTimes.durationSummary)",
                      ])
    }

    /// Figure 2c: extending a freehand line in progress (a point added,
    /// its frame rendered) when the line has 5,000 points, over the same
    /// when it has 50: the in-progress line is extended, never stroked
    /// again from its start. The two take turns frame by frame; each is
    /// set back to its length every 100 frames, outside the timings.
    static func freehandExtensionRatio(frames: Int, verdict: Figure.Verdict) -> Figure {
        let short = FreehandExtensionWorkload(points: 50), long = FreehandExtensionWorkload(points: 5_000)
        var shortTimes = Samples(reservingCapacity: frames), longTimes = Samples(reservingCapacity: frames)
        for frame in 0..<frames {
            if frame % 100 == 99 {
                short.reset()
                long.reset()
            }
            shortTimes.append(Stopwatch.time { short.step() })
            longTimes.append(Stopwatch.time { long.step() })
        }
        return Figure(name: "extending a freehand line, 5,000 points ÷ 50 points", value: longTimes.median / shortTimes.median,
                      unit: "×", budget: .atMost(1.5), verdict: verdict, details: [
                          "5,000 points: \(longTimes.durationSummary)",
                          "50 points: \(shortTimes.durationSummary)",
                      ])
    }

    /// Figure 3: a full redraw of 10,000 lines at 1920×1080 (the line cache
    /// rebuilt from scratch, as after a resize, then the frame filled from
    /// it), and its ratio to one copy of a whole frame, both as medians.
    static func fullRedraw(runs: Int) -> [Figure] {
        let workload = FullRedrawWorkload(lineCount: 10_000)
        var redraws = Samples(reservingCapacity: runs)
        for _ in 0..<runs { redraws.append(Stopwatch.time { workload.step() }) }
        var copies = Samples(reservingCapacity: runs * 10)
        for _ in 0..<(runs * 10) { copies.append(Stopwatch.time { workload.copyFrame() }) }
        return [
            Figure(name: "full redraw, 10,000 lines at 1920×1080", value: redraws.median * 1e3, unit: "ms",
                   budget: nil, verdict: .reportOnly, details: [redraws.durationSummary]),
            Figure(name: "full redraw ÷ one copy of the 1920×1080 frame", value: redraws.median / copies.median,
                   unit: "×", budget: nil, verdict: .reportOnly,
                   details: ["copy of 8,294,400 bytes: \(copies.durationSummary)"]),
        ]
    }
}
