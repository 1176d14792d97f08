import BenchmarkWorkloads

/// Figure 17 (issue 38): the mouse dragging the lasso's selection over a
/// drawing of 10,000 lines, a motion frame (the motion delivered, the
/// frame's damage rendered) with all 10,000 selected over the same frame
/// with 10 selected; the two drags alternate, medians compared within one
/// run, as figure 10 compares motion frames. Both frames do the same work
/// (a gesture's selection is moved as cached pixels whatever its size);
/// the drag's start, which caches them, is reported beside. Frames are
/// timed on the thread's CPU clock: on two cores shared with other work the
/// scheduler stretches a 2 ms frame's wall time far more often than a
/// 1.7 ms one's (load 7 made the wall-clock ratio 1.30 × into 5.19 ×).
enum SelectionDragBenchmark {
    /// `lineCount`: the drawing's lines, all of them selected on the large
    /// side (10,000; quick runs take 1,000, whose frames a debug build
    /// draws in CI's time).
    static func run(lineCount: Int = 10_000, frames: Int, verdict: Figure.Verdict) -> Figure {
        let few = SelectionDragWorkload(lineCount: lineCount, selectedCount: 10)
        let many = SelectionDragWorkload(lineCount: lineCount, selectedCount: lineCount)
        // The first motion takes hold of the selection and caches it: once a drag, timed apart.
        let fewStart = Stopwatch.time { few.step() }, manyStart = Stopwatch.time { many.step() }
        var fewTimes = Samples(reservingCapacity: frames), manyTimes = Samples(reservingCapacity: frames)
        // Where the frame of the large selection goes: moving the lines, or rendering.
        var manyMoves = Samples(reservingCapacity: frames), manyRenders = Samples(reservingCapacity: frames)
        for _ in 0..<frames {
            fewTimes.append(Stopwatch.timeOnCPU { few.step() })
            let move = Stopwatch.timeOnCPU { many.move() }
            let render = Stopwatch.timeOnCPU { many.render() }
            manyMoves.append(move)
            manyRenders.append(render)
            manyTimes.append(move + render)
        }
        return Figure(name: "dragging a selection, motion frame on the CPU with \(Format.count(lineCount)) selected ÷ 10 selected",
                      value: manyTimes.median / fewTimes.median, unit: "×", budget: .atMost(2), verdict: verdict,
                      details: ["\(Format.count(lineCount)) selected: \(manyTimes.durationSummary)",
                                "of which moving the lines: \(manyMoves.durationSummary)",
                                "of which rendering: \(manyRenders.durationSummary)",
                                "10 selected: \(fewTimes.durationSummary)",
                                "starting the drag (the selection cached once): \(Format.count(lineCount)) selected "
                                    + "\(Format.duration(manyStart)), 10 selected \(Format.duration(fewStart))",
                                "a drawing of \(Format.count(lineCount)) lines, 1920×1080"])
    }
}
