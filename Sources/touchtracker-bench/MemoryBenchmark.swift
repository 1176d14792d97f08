import Canvas
import Document
import SampleDrawings
import TestSupport
import TouchCore
import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// Figure 7: the resident memory of the real `touchtracker` process (the
/// executable built next to this one) showing a 10,000-line drawing (and,
/// with the large drawings, a 1,000,000-line one)
/// fullscreen at 1920×1080 under headless weston (pixman renderer, kiosk
/// shell, one 1920×1080 output, in a private 0700 XDG_RUNTIME_DIR).
///
/// The process's `/proc/<pid>/status` is sampled every 100 ms until its
/// shared memory holds at least one whole 1920×1080 frame (so the window was
/// mapped and drawn) and its peak (VmHWM) has not grown for a second (three
/// for a large drawing, which is opened in the background). Both processes
/// are then ended (SIGTERM).
///
/// The figure is the memory the app owns: the peak over the samples of
/// anonymous memory plus shared memory (the `wl_shm` buffers), in MB
/// (10⁶ bytes), which covers loading and the first frames. VmHWM, the
/// figure before issue 40, also counts the pages of mapped files: the
/// executable and every library it links, which grow with each library
/// linked and each feature compiled in, not with what the app does with a
/// drawing; they are shared with every other process mapping them and can
/// be dropped and read again by the kernel at any time. They are reported
/// beside the figure (see `OwnedMemory`).
enum MemoryBenchmark {
    static let socket = "touchtracker-bench"

    /// `budget`: at most this many MB the app owns; nil reports the figure
    /// only. 28 MB: on 2026-12-04 the release build owned 24.6 MB (16.3
    /// anonymous, 11.6 of it the line cache's tiles, and 8.3 the window's
    /// buffer) with 21.8 MB of mapped files beside it (VmHWM 46.4 MB); the
    /// old budget of 40 MB left 13 % over its 35.3 MB, and so does this.
    static func run(lineCount: Int = 10_000, budget: Double? = 28, verdict: Figure.Verdict,
                    requireWeston: Bool) -> Figure {
        let name = "memory touchtracker owns at 1920×1080 with \(Format.count(lineCount)) lines (anonymous + shared memory, peak)"
        let budget = budget.map { Figure.Budget.atMost($0) }
        guard let weston = ChildProcess.find("weston") else {
            return Figure(name: name, value: .nan, unit: "MB", budget: budget,
                          verdict: .unavailable("weston is not installed", missed: requireWeston))
        }
        let app = executableDirectory() + "/touchtracker"
        guard access(app, X_OK) == 0 else {
            return Figure(name: name, value: .nan, unit: "MB", budget: budget,
                          verdict: .unavailable("no \(app): build it with `swift build -c release`", missed: true))
        }
        do {
            return try measure(weston: weston, app: app, lineCount: lineCount, name: name, budget: budget,
                               verdict: verdict)
        } catch {
            return Figure.failed(name, error)
        }
    }

    private static func measure(weston westonPath: String, app: String, lineCount: Int, name: String,
                                budget: Figure.Budget?, verdict: Figure.Verdict) throws -> Figure {
        let runtime = try TemporaryDirectory(prefix: "touchtracker-bench-runtime")
        let drawing = runtime.path + "/drawing.touchtracker"
        try Document.save(SampleLines.random(count: lineCount, in: Rect(x: 0, y: 0, width: 1920, height: 1080)), to: drawing)

        let weston = try ChildProcess(westonPath, [
            "--backend=headless-backend.so", "--use-pixman", "--shell=kiosk-shell.so", "--idle-time=0",
            "--socket=\(socket)", "--width=1920", "--height=1080",
        ], environment: ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": nil, "DISPLAY": nil],
           logPath: runtime.path + "/weston.log")
        defer { weston.terminate() }
        try waitFor("weston to open its socket", weston, seconds: 15) { access(runtime.path + "/" + socket, F_OK) == 0 }

        let touchtracker = try ChildProcess(app, ["--file", drawing],
                                            environment: ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socket],
                                            logPath: runtime.path + "/touchtracker.log")
        defer { touchtracker.terminate() }
        let frameKilobytes = 1920 * 1080 * 4 / 1024
        var peak = 0, steadySince = Stopwatch.now
        var owned = OwnedMemory()
        let large = lineCount > DocumentWindow.backgroundOpeningThreshold / 80
        try waitFor("touchtracker to draw its window and settle", touchtracker, seconds: large ? 180 : 30) {
            guard let status = ProcStatus(path: "/proc/\(touchtracker.pid)/status"),
                  let hwm = status.number("VmHWM") else { return false }
            owned.sample(status)
            if hwm > peak {
                peak = hwm
                steadySince = Stopwatch.now
            }
            return (status.number("RssShmem") ?? 0) >= frameKilobytes && Stopwatch.now - steadySince >= (large ? 3 : 1)
        }
        let details = [
            "real touchtracker process (pid \(touchtracker.pid)) under headless weston 1920×1080, sampled every 100 ms",
            owned.summary,
            "VmHWM (the figure before issue 40) \(OwnedMemory.megabytes(peak)) MB: it also counts the mapped files",
        ]
        return Figure(name: name, value: Double(owned.peakOwned) * 1024 / 1e6, unit: "MB", budget: budget,
                      verdict: budget == nil ? .reportOnly : verdict, details: details)
    }

    /// Polls `condition` every 100 ms; fails if `process` exits or time runs out.
    private static func waitFor(_ what: String, _ process: ChildProcess, seconds: Double,
                                until condition: () -> Bool) throws {
        let deadline = Stopwatch.now + seconds
        while !condition() {
            guard process.isRunning else {
                throw ChildProcess.Failure(description: "\(process.name) exited while waiting for \(what): \(process.logTail)")
            }
            guard Stopwatch.now < deadline else {
                throw ChildProcess.Failure(description: "timed out waiting for \(what): \(process.logTail)")
            }
            usleep(100_000)
        }
    }

    /// The directory holding this executable (SwiftPM builds `touchtracker` there too).
    static func executableDirectory() -> String {
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &target, target.count - 1)
        guard length > 0 else { return "." }
        let path = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }
}
