import BenchmarkWorkloads

/// Issue 23: moving around the canvas, the renderer drawing through the
/// window's drawing pass at 1920×1080, scale 1.
enum NavigationBenchmarks {
    /// A pan frame and a pinch frame (one motion event of navigating
    /// fingers, and the frame it damages) with 100,000 lines in view over
    /// the same with 10: the frames scale the last sharp picture, so their
    /// cost must not follow the lines. The two take turns frame by frame;
    /// the ratio is of medians.
    static func frameRatios(lineCount: Int, frames: Int, verdict: Figure.Verdict) -> [Figure] {
        [NavigationFrameWorkload.Motion.pan, .pinch].map { motion in
            let few = NavigationFrameWorkload(lineCount: 10, motion: motion)
            let many = NavigationFrameWorkload(lineCount: lineCount, motion: motion)
            var fewTimes = Samples(reservingCapacity: frames), manyTimes = Samples(reservingCapacity: frames)
            for _ in 0..<frames {
                fewTimes.append(Stopwatch.time { few.step() })
                manyTimes.append(Stopwatch.time { many.step() })
            }
            let name = motion == .pan ? "pan" : "pinch"
            return Figure(name: "\(name) frame cost, \(Format.count(lineCount)) lines in view ÷ 10",
                          value: manyTimes.median / fewTimes.median, unit: "×", budget: .atMost(2), verdict: verdict,
                          details: [
                              "\(Format.count(lineCount)) lines: \(manyTimes.durationSummary)",
                              "10 lines: \(fewTimes.durationSummary)",
                              "frames scaled the last sharp picture: \(many.scaledLastFrame ? "yes" : "no")",
                          ])
        }
    }

    /// The sharp redraw once a pinch rests at 200 %, with `lineCount` lines
    /// in view, and its ratio to drawing as many lines at 100 % (each line
    /// covers four times the pixels at 200 %). Medians.
    static func sharpRedraw(lineCount: Int, runs: Int) -> [Figure] {
        let zoomed = SharpRedrawWorkload(lineCount: lineCount, zoom: 2)
        let actual = SharpRedrawWorkload(lineCount: lineCount, zoom: 1)
        var zoomedTimes = Samples(reservingCapacity: runs), actualTimes = Samples(reservingCapacity: runs)
        for _ in 0..<runs {
            zoomedTimes.append(Stopwatch.time { zoomed.step() })
            actualTimes.append(Stopwatch.time { actual.step() })
        }
        return [
            Figure(name: "sharp redraw after a pinch to 200 %, \(Format.count(lineCount)) lines in view",
                   value: zoomedTimes.median * 1e3, unit: "ms", budget: nil, verdict: .reportOnly,
                   details: [zoomedTimes.durationSummary]),
            Figure(name: "sharp redraw at 200 % ÷ the same lines at 100 %", value: zoomedTimes.median / actualTimes.median,
                   unit: "×", budget: nil, verdict: .reportOnly, details: ["100 %: \(actualTimes.durationSummary)"]),
        ]
    }
}
