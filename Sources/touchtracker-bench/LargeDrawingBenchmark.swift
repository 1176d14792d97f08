import BenchmarkWorkloads
import Canvas
import Document
import Export
import Render
import SampleDrawings
import TouchCore
import TestSupport
import TouchTrackerApp
import CPlatform
#if canImport(Glibc)
import Glibc
#endif

/// Figures 8–12: a drawing of 1,000,000 lines (the loader's limit), with
/// 100,000 and 10 lines as the yardsticks measured in the same run. Each
/// measures what a user of such a drawing waits for: opening it, the first
/// frame, drawing over it, the memory it takes, and exporting it.
enum LargeDrawingBenchmark {
    static let area = Rect(x: 0, y: 0, width: 1920, height: 1080)

    /// Figure 8: load time (read, parse, validate, index) per 100,000 lines,
    /// and its growth from 100,000 to `lineCount` lines.
    static func loadTime(lineCount: Int, runs: Int, verdict: Figure.Verdict) throws -> [Figure] {
        let directory = try TemporaryDirectory(prefix: "touchtracker-bench-load")
        let small = directory.path + "/small.json", large = directory.path + "/large.json"
        let base = lineCount / 10
        try Document.save(SampleLines.random(count: base, in: area), to: small)
        try Document.save(SampleLines.random(count: lineCount, in: area), to: large)
        var smallTimes = Samples(), largeTimes = Samples(), parseTimes = Samples()
        for _ in 0..<runs {
            smallTimes.append(try Stopwatch.time { _ = Drawing(lines: try Document.load(from: small)) })
            var lines: [Line] = []
            let parse = try Stopwatch.time { lines = try Document.load(from: large) }
            parseTimes.append(parse)
            largeTimes.append(parse + Stopwatch.time { _ = Drawing(lines: lines) })
        }
        let perHundredThousand = largeTimes.median / Double(lineCount) * 100_000
        let growth = (largeTimes.median / Double(lineCount)) / (smallTimes.median / Double(base))
        return [
            Figure(name: "load time per 100,000 lines, with \(Format.count(lineCount)) lines",
                   value: perHundredThousand * 1e3, unit: "ms", budget: nil, verdict: .reportOnly, details: [
                       "\(Format.count(lineCount)) lines: \(largeTimes.durationSummary)",
                       "\(Format.count(base)) lines: \(smallTimes.durationSummary)",
                       "of which reading and parsing \(Format.count(lineCount)) lines: \(parseTimes.durationSummary)",
                   ]),
            Figure(name: "load time per line, \(Format.count(lineCount)) ÷ \(Format.count(base)) lines (linear is 1)",
                   value: growth, unit: "×", budget: .atMost(1.5), verdict: verdict),
        ]
    }

    /// Figure 8b: what saving one change costs with `lineCount` lines: an
    /// append to the journal (what the app does after each change), next
    /// to writing the whole drawing (what it did before, and does at quit).
    static func saveCost(lineCount: Int, runs: Int, verdict: Figure.Verdict) throws -> Figure {
        let directory = try TemporaryDirectory(prefix: "touchtracker-bench-save")
        let path = directory.path + "/drawing.json"
        let drawing = Drawing(lines: SampleLines.random(count: lineCount, in: area))
        var snapshots = Samples(), appends = Samples()
        for _ in 0..<runs {
            snapshots.append(try Stopwatch.time { try Document.saveSnapshot(of: drawing, to: path) })
            for _ in 0..<20 {
                let revision = drawing.revision
                drawing.add(Line(begin: Point(x: 10, y: 10), end: Point(x: 200, y: 120)))
                appends.append(try Stopwatch.time {
                    try Document.appendToJournal(drawing.changes(since: revision)!, at: path)
                })
            }
        }
        unlink(DrawingJournal.path(for: path))
        unlink(DrawingLock.lockPath(for: path))
        return Figure(name: "saving one change with \(Format.count(lineCount)) lines, whole drawing ÷ journal append",
                      value: snapshots.median / appends.median, unit: "×", budget: .atLeast(10), verdict: verdict,
                      details: ["journal append (fdatasync included): \(appends.durationSummary)",
                                "whole drawing (write, fsync, rename): \(snapshots.durationSummary)"])
    }

    /// Figure 9: from opening the drawing to the first 1920×1080 frame the
    /// app commits, with `lineCount` lines, and to the drawing ready (parsed,
    /// indexed and its line cache rasterized on threads of their own
    /// meanwhile, see `PreparedLineCache`). The frames after it fill in
    /// what is left (see `CanvasRenderer.frameBudget`: nothing, when the
    /// window kept its size); the second figure is how long until every
    /// line is on screen once it is ready, with the frames answered at once.
    static func firstFrame(lineCount: Int, verdict: Figure.Verdict) throws -> [Figure] {
        var session: SessionOnTestCompositor?
        let seconds = try Stopwatch.time { session = try SessionOnTestCompositor(lineCount: lineCount, fillIn: false) }
        guard let session else { return [] }
        let opened = session.openedToFirstFrame
        var frames = 0
        let filling = try Stopwatch.time {
            // The first frame after the drawing is ready starts filling it in.
            repeat {
                try session.settle()
                frames += 1
            } while session.session.firstWindow.isRenderingDrawing
        }
        return [
            Figure(name: "open to first frame with \(Format.count(lineCount)) lines", value: opened * 1e3,
                   unit: "ms", budget: nil, verdict: .reportOnly,
                   details: ["including writing the file and the compositor's set-up: \(Format.duration(seconds))"]),
            Figure(name: "open to the drawing ready (parsed, indexed, rasterized), \(Format.count(lineCount)) lines",
                   value: session.openedToDrawingReady * 1e3, unit: "ms", budget: nil, verdict: .reportOnly,
                   details: ["the window shows an \"Opening…\" notice meanwhile"]),
            Figure(name: "drawing ready to every line on screen, \(Format.count(lineCount)) lines",
                   value: filling * 1e3, unit: "ms", budget: nil, verdict: .reportOnly,
                   details: ["\(frames) frames of at most \(Format.number(DocumentWindow.renderingBudget * 1e3)) ms of rasterizing"]),
            try everyLineOnScreenRatio(seconds: session.openedToDrawingReady + filling, path: session.drawingPath,
                                       lineCount: lineCount, verdict: verdict),
        ]
    }

    /// Issue 24: from opening the drawing to every line on screen, over
    /// python's `json.load` of the same file (its own clock, interpreter
    /// start-up left out), the yardstick of "as fast as reading it".
    private static func everyLineOnScreenRatio(seconds: Double, path: String, lineCount: Int,
                                               verdict: Figure.Verdict) throws -> Figure {
        let name = "every line of \(Format.count(lineCount)) on screen ÷ python's json.load of the file"
        let log = path + ".python"
        let script = "import json, sys, time; start = time.perf_counter(); json.load(open(sys.argv[1])); "
            + "print(time.perf_counter() - start)"
        let python = try ChildProcess("/usr/bin/python3", ["-c", script, path], environment: [:], logPath: log)
        while python.isRunning { usleep(10_000) }
        var output = [CChar](repeating: 0, count: 64)
        if let file = fopen(log, "r") {
            _ = fgets(&output, Int32(output.count), file)
            fclose(file)
        }
        let text = String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let load = text.split(separator: "\n").first.flatMap({ Double($0) }), load > 0 else {
            return Figure(name: name, value: .nan, unit: "×", budget: .atMost(2.5),
                          verdict: .unavailable("python3 could not load the file", missed: true))
        }
        return Figure(name: name, value: seconds / load, unit: "×", budget: .atMost(2.5), verdict: verdict,
                      details: ["open to every line on screen \(Format.duration(seconds)), json.load \(Format.duration(load))"])
    }

    /// Figure 10: a motion frame's cost with `lineCount` finished lines
    /// over its cost with 10 (the frames alternate; medians).
    static func motionFrameRatio(lineCount: Int, frames: Int, verdict: Figure.Verdict) -> Figure {
        let few = MotionFrameWorkload(finishedLines: 10)
        let many = MotionFrameWorkload(finishedLines: lineCount)
        var fewTimes = Samples(reservingCapacity: frames), manyTimes = Samples(reservingCapacity: frames)
        for _ in 0..<frames {
            fewTimes.append(Stopwatch.time { few.step() })
            manyTimes.append(Stopwatch.time { many.step() })
        }
        return Figure(name: "motion frame cost, \(Format.count(lineCount)) lines ÷ 10 lines",
                      value: manyTimes.median / fewTimes.median, unit: "×", budget: .atMost(1.5), verdict: verdict,
                      details: ["\(Format.count(lineCount)) lines: \(manyTimes.durationSummary)",
                                "10 lines: \(fewTimes.durationSummary)"])
    }

    /// Figure 11: the memory the model of `lineCount` lines takes (the
    /// lines and their grid index): the heap's allocated bytes
    /// (`mallinfo2`) before and after it is built.
    static func modelMemory(lineCount: Int) -> Figure {
        let lines = SampleLines.random(count: lineCount, in: area)
        let before = tt_heap_allocated_bytes()
        let drawing = Drawing(lines: lines)
        let after = tt_heap_allocated_bytes()
        let megabytes = Double(Int(after) - Int(before)) / 1e6
        return Figure(name: "memory of a \(Format.count(lineCount))-line drawing (model and index, heap)",
                      value: megabytes, unit: "MB", budget: nil, verdict: .reportOnly,
                      details: ["\(Format.number(megabytes * 1e6 / Double(drawing.count))) bytes per line; "
                                + "a line's four coordinates are 32 bytes"])
    }

    /// Figure 12: peak resident memory of `touchtracker --export` (a child
    /// process) for SVG, PDF and PNG with `lineCount`
    /// lines and with a tenth of them: SVG must not grow with the lines
    /// beyond the model itself.
    static func exportMemory(lineCount: Int, verdict: Figure.Verdict) throws -> [Figure] {
        let app = MemoryBenchmark.executableDirectory() + "/touchtracker"
        guard access(app, X_OK) == 0 else {
            return [Figure(name: "export memory", value: .nan, unit: "MB", budget: nil,
                           verdict: .unavailable("no \(app)", missed: true))]
        }
        let directory = try TemporaryDirectory(prefix: "touchtracker-bench-export")
        let base = lineCount / 10
        var figures: [Figure] = []
        var peaks: [String: (small: Double, large: Double)] = [:]
        for count in [base, lineCount] {
            let drawing = directory.path + "/drawing-\(count).json"
            try Document.save(SampleLines.random(count: count, in: area), to: drawing)
            for format in ["svg", "pdf", "png"] {
                let peak = try peakMemory(of: app, ["--file", drawing, "--export", directory.path + "/out.\(format)"],
                                          log: directory.path + "/export.log")
                unlink(directory.path + "/out.\(format)")
                var entry = peaks[format] ?? (0, 0)
                if count == base { entry.small = peak } else { entry.large = peak }
                peaks[format] = entry
            }
        }
        for format in ["svg", "pdf", "png"] {
            let (small, large) = peaks[format]!
            figures.append(Figure(name: "\(format.uppercased()) export of \(Format.count(lineCount)) lines, peak memory",
                                  value: large, unit: "MB", budget: nil, verdict: .reportOnly,
                                  details: ["\(Format.count(base)) lines: \(Format.number(small)) MB"]))
        }
        // Export reads the drawing from its file a line at a time as it
        // writes (`SavedDrawing`), holding neither the file's bytes nor the
        // lines, and SVG and PDF are written as they go (`SVGWriter`,
        // `PDFWriter`), so their peaks do not grow with the lines: about 1.
        // PNG also holds its page (at most 1920×1080 here, 8 MB).
        let (svgSmall, svgLarge) = peaks["svg"]!, (pngSmall, pngLarge) = peaks["png"]!
        let (pdfSmall, pdfLarge) = peaks["pdf"]!
        figures.append(Figure(name: "SVG export peak memory, \(Format.count(lineCount)) ÷ \(Format.count(base)) lines",
                              value: svgLarge / svgSmall, unit: "×", budget: nil, verdict: .reportOnly,
                              details: ["PNG: \(Format.number(pngLarge / pngSmall)) ×"]))
        figures.append(Figure(name: "PDF export peak memory, \(Format.count(lineCount)) ÷ \(Format.count(base)) lines",
                              value: pdfLarge / pdfSmall, unit: "×", budget: .atMost(2), verdict: verdict,
                              details: ["\(Format.number(pdfLarge)) MB ÷ \(Format.number(pdfSmall)) MB"]))
        // Freehand: pen strokes of 200 points, as many points as the large drawing has lines.
        let strokes = max(1, lineCount / 200)
        let freehand = directory.path + "/freehand.json"
        try Document.save(SampleStrokes.random(count: strokes, points: 200, in: area), to: freehand)
        var freehandPeaks: [String: Double] = [:]
        for format in ["svg", "pdf", "png"] {
            freehandPeaks[format] = try peakMemory(of: app, ["--file", freehand, "--export",
                                                             directory.path + "/freehand.\(format)"],
                                                   log: directory.path + "/export.log")
            unlink(directory.path + "/freehand.\(format)")
        }
        figures.append(Figure(name: "SVG export of \(Format.count(strokes)) freehand lines of 200 points, peak memory",
                              value: freehandPeaks["svg"]!, unit: "MB", budget: nil, verdict: .reportOnly,
                              details: ["PDF \(Format.number(freehandPeaks["pdf"]!)) MB, "
                                        + "PNG \(Format.number(freehandPeaks["png"]!)) MB"]))
        return figures
    }

    /// Runs `path` to its end and returns its peak resident memory in MB:
    /// its VmHWM, sampled every 2 ms once it runs `touchtracker`
    /// (`ru_maxrss` cannot be used: a `posix_spawn`ed child's counts this
    /// process's memory before `exec`).
    private static func peakMemory(of path: String, _ arguments: [String], log: String) throws -> Double {
        let child = try ChildProcess(path, arguments, environment: [:], logPath: log)
        var peak = 0
        while child.isRunning {
            // Until it has called exec, the child still shares this process's memory.
            if let status = ProcStatus(path: "/proc/\(child.pid)/status"), status.text("Name") == "touchtracker",
               let hwm = status.number("VmHWM") {
                peak = max(peak, hwm)
            }
            usleep(2_000)
        }
        return Double(peak) * 1024 / 1e6
    }
}
