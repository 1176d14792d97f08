import Canvas
import Render
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// Figures 2 and 3: the renderer alone (Render's `CanvasRenderer` drawing
/// into memory), at 1920×1080 and scale 1.
enum RendererBenchmarks {
    static let width = 1920, height = 1080
    static var area: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }

    /// A drawing of `lineCount` random finished lines, a renderer whose line
    /// cache is already built (as after the window's first frame) and the
    /// buffer it draws into.
    final class Scene {
        let drawing: Drawing
        let renderer = CanvasRenderer()
        let pixels = OwnedPixelBuffer(width: RendererBenchmarks.width, height: RendererBenchmarks.height)
        /// Stands for the touch drawing the line in progress.
        private let finger = ObjectIdentifier(Scene.self)

        init(lineCount: Int) {
            drawing = Drawing(lines: SampleLines.random(count: lineCount, in: RendererBenchmarks.area))
            renderer.renderAll(drawing, into: pixels.buffer)
        }

        func beginStroke(at point: Point) {
            drawing.beginLine(for: finger, at: point)
        }

        /// One motion frame, exactly as the canvas view damages it: the
        /// union of the line in progress before and after the move.
        func moveFinger(to point: Point) {
            guard let (old, new) = drawing.extendLine(for: finger, to: point) else {
                preconditionFailure("no stroke in progress")
            }
            renderer.render(drawing, into: pixels.buffer, damage: [old.paintedBounds.union(new.paintedBounds)])
        }

        func endStroke() {
            guard let line = drawing.discardLine(for: finger) else { preconditionFailure("no stroke in progress") }
            renderer.render(drawing, into: pixels.buffer, damage: [line.paintedBounds])
        }
    }

    /// Figure 2: the cost of a motion frame with 10,000 finished lines over
    /// its cost with 10. Both scenes replay the same strokes (random start,
    /// 20 frames of 6 pt in a random direction, so the line in progress
    /// grows to 120 pt), frame by frame alternately so that both see the
    /// same machine state; the ratio is of the two medians.
    static func motionFrameRatio(strokes: Int, verdict: Figure.Verdict) -> Figure {
        let few = Scene(lineCount: 10), many = Scene(lineCount: 10_000)
        var fewTimes = Samples(reservingCapacity: strokes * 20), manyTimes = Samples(reservingCapacity: strokes * 20)
        let starts = SampleLines.randomPoints(count: strokes, in: area.insetBy(dx: 150, dy: 150), seed: 7)
        let directions = SampleLines.random(count: strokes, in: area, lengths: 6...6, seed: 8)
        for (start, direction) in zip(starts, directions) {
            let step = direction.end - direction.begin
            few.beginStroke(at: start)
            many.beginStroke(at: start)
            var point = start
            for _ in 0..<20 {
                point = point + step
                fewTimes.append(Stopwatch.time { few.moveFinger(to: point) })
                manyTimes.append(Stopwatch.time { many.moveFinger(to: point) })
            }
            few.endStroke()
            many.endStroke()
        }
        precondition(few.renderer.lastFrame.rebuiltCache == false && many.renderer.lastFrame.rebuiltCache == false,
                     "motion frames must reuse the line cache")
        return Figure(name: "motion frame cost, 10,000 lines ÷ 10 lines", value: manyTimes.median / fewTimes.median,
                      unit: "×", budget: .atMost(1.5), verdict: verdict, details: [
                          "10,000 lines: \(manyTimes.durationSummary)",
                          "10 lines: \(fewTimes.durationSummary)",
                      ])
    }

    /// Figure 3: a full redraw of 10,000 lines at 1920×1080 (the line cache
    /// rebuilt from scratch, as after a resize, then copied to the buffer),
    /// and its ratio to one `memcpy` of a 1920×1080 frame, both as medians.
    static func fullRedraw(runs: Int) -> [Figure] {
        let scene = Scene(lineCount: 10_000)
        var redraws = Samples(reservingCapacity: runs)
        for _ in 0..<runs {
            redraws.append(Stopwatch.time {
                scene.renderer.invalidateCache()
                scene.renderer.renderAll(scene.drawing, into: scene.pixels.buffer)
            })
        }
        let copy = OwnedPixelBuffer(width: width, height: height)
        let bytes = 4 * width * height
        var copies = Samples(reservingCapacity: runs * 10)
        for _ in 0..<(runs * 10) {
            copies.append(Stopwatch.time { memcpy(copy.buffer.data, scene.pixels.buffer.data, bytes) })
        }
        return [
            Figure(name: "full redraw, 10,000 lines at 1920×1080", value: redraws.median * 1e3, unit: "ms",
                   budget: nil, verdict: .reportOnly, details: [redraws.durationSummary]),
            Figure(name: "full redraw ÷ one 1920×1080 memcpy", value: redraws.median / copies.median, unit: "×",
                   budget: nil, verdict: .reportOnly, details: ["memcpy of \(bytes) bytes: \(copies.durationSummary)"]),
        ]
    }
}
