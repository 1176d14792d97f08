import Canvas
import Document
import Instruments
import Platform
import SampleDrawings
import TestCompositor
import TestSupport
import Timing
import TouchCore
import TouchTrackerApp
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

/// The real app wiring (`Session`: Wayland window ⇄ core ⇄ canvas view ⇄
/// renderer ⇄ document) connected by a socket pair to the scripted test
/// compositor (real libwayland-server in this process), mapped at 1920×1080
/// on a 1920×1080 output, showing a drawing of random lines loaded from a
/// temporary file, with a seat offering touch.
///
/// Both ends run on the calling thread: `pump(until:)` alternates the
/// compositor's dispatch with one non-blocking iteration of the session's
/// event loop, as the Wayland client tests do.
final class SessionOnTestCompositor {
    struct NeverHappened: Error, CustomStringConvertible {
        let description: String
    }

    static let width: Int32 = 1920, height: Int32 = 1080

    let compositor: TestCompositor
    let seat: TestSeat
    let session: Session
    let toplevel: TestToplevel
    /// Frames the session has painted (its `FrameSource.draw(into:)` ran):
    /// each is committed right after painting, in the same event-loop
    /// iteration.
    private(set) var framesDrawn = 0
    /// The window's frame source while the bench runs: the session's
    /// window, then the count above (kept: the window holds it weakly).
    private var watchedFrames: WatchedFrames?
    /// Seconds from opening the drawing to the first full-size frame committed.
    private(set) var openedToFirstFrame = 0.0
    /// Seconds from opening the drawing to every line parsed, indexed and
    /// rasterized (the session opens a large drawing in the background).
    private(set) var openedToDrawingReady = 0.0
    /// What the latest painted frame repainted (logical coordinates): known
    /// before its commit reaches the compositor.
    private(set) var lastDrawnDamage: [SurfaceRect] = []
    /// When the commit of the latest painted frame was flushed: a hook of
    /// the loop's `flushed` stage notes it, before the session's `idle`
    /// work (saving).
    private(set) var lastFlush = 0.0
    /// This thread's CPU time (`Stopwatch.threadCPU`) at `lastFlush`.
    private(set) var lastFlushCPU = 0.0
    private let directory: TemporaryDirectory
    /// The drawing's file.
    let drawingPath: String

    /// `fillIn`: answer frames until every line is on screen (see
    /// `Session.isRenderingDrawing`), so that measurements start from a
    /// window with nothing pending.
    /// `recording`: the session records its input (`--record`) into the
    /// temporary directory.
    /// `waitsUntilOpened` false: returns once the first frame is up, while
    /// the drawing may still be opened in the background (it is whatever
    /// its size: `openedToDrawingReady` is then not measured). The drawing
    /// is then saved as the app saves it (with a journal token), so its
    /// first change is appended to a journal, as in a user's session.
    init(lineCount: Int, fillIn: Bool = true, recording: Bool = false, waitsUntilOpened: Bool = true) throws {
        directory = try TemporaryDirectory(prefix: "touchtracker-bench")
        let path = directory.path + "/drawing.touchtracker"
        drawingPath = path
        let area = Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))
        let lines = SampleLines.random(count: lineCount, in: area)
        if waitsUntilOpened {
            try Document.save(lines, to: path)
        } else {
            try Document.saveSnapshot(of: Drawing(lines: lines), to: path)
            unlink(DrawingJournal.path(for: path))
            unlink(DrawingLock.lockPath(for: path))
        }

        compositor = TestCompositor()
        // Thousands of full-HD commits must neither be copied nor kept.
        compositor.capturesPixels = false
        let output = compositor.addOutput(name: "bench", scale: 1, width: Self.width, height: Self.height)
        seat = compositor.addSeat()
        let display = try Display.connect(fd: compositor.connectClient())
        // The session's window needs the globals before it is created: a
        // throwaway loop exchanges messages until the registry has them.
        let bootstrap = EventLoop(display: display, clock: SystemClock())
        try Self.pump(compositor, bootstrap, "the registry never received the globals") {
            display.initialGlobalsReceived
        }

        let opening = Stopwatch.now
        let record = recording ? try RecordingFile(path: directory.path + "/session.ttrec") : nil
        session = try Session(display: display, configuration: Session.Configuration(
            drawing: .path(path), clock: SystemClock(), record: record,
            report: { print("    # session: \($0)") },
            backgroundOpeningThreshold: waitsUntilOpened ? DocumentWindow.backgroundOpeningThreshold : 0))
        let compositor = compositor, seat = seat
        try Self.pump(compositor, session.loop, "no toplevel and touch device appeared") {
            compositor.toplevels.count == 1 && seat.liveTouches == 1
        }
        toplevel = compositor.toplevels[0]

        let watchedFrames = WatchedFrames(session.firstWindow) { [unowned self] target in
            framesDrawn += 1
            lastDrawnDamage = target.damage
        }
        session.firstWindow.toplevel.frameSource = watchedFrames
        self.watchedFrames = watchedFrames
        var framesFlushed = 0
        session.loop.add(.flushed) { [unowned self] in
            if framesDrawn != framesFlushed {
                framesFlushed = framesDrawn
                lastFlush = Stopwatch.now
                lastFlushCPU = Stopwatch.threadCPU
            }
        }
        toplevel.surface.enter(output)
        toplevel.configure(width: Self.width, height: Self.height)
        let surface = toplevel.surface
        try pump("the first 1920×1080 frame never came") {
            surface.lastCommit?.attachedBuffer == true && surface.lastCommit?.bufferWidth == Self.width
        }
        openedToFirstFrame = Stopwatch.now - opening
        guard waitsUntilOpened else { return }
        // A large drawing is parsed, indexed and rasterized on threads of
        // its own meanwhile: sleep in the loop's poll until it is ready.
        while session.firstWindow.isOpeningDrawing {
            compositor.dispatch()
            try session.loop.runOnce(timeout: 0.01)
        }
        openedToDrawingReady = Stopwatch.now - opening
        precondition(session.firstWindow.canvas.drawing.count == lineCount, "the session did not load the drawing")
        while fillIn && session.firstWindow.isRenderingDrawing { try settle() }
    }

    /// The toplevel's surface; its `resource` is the `wl_surface` that `wl_touch.down` names.
    var surface: TestSurface { toplevel.surface }

    /// Exchanges messages until `condition` holds.
    func pump(_ failure: String, until condition: () -> Bool) throws {
        try Self.pump(compositor, session.loop, failure, until: condition)
    }

    private static func pump(_ compositor: TestCompositor, _ loop: EventLoop, _ failure: String,
                             until condition: () -> Bool) throws {
        for _ in 0..<1000 {
            if condition() { return }
            compositor.dispatch()
            try loop.runOnce(timeout: 0)
        }
        if !condition() { throw NeverHappened(description: failure) }
    }

    /// Answers every frame callback and lets the session read the answers
    /// (and the buffer releases), so that nothing is pending on either side:
    /// the next input is handled and drawn at once. A frame a timer draws
    /// meanwhile (the predicted tip withdrawn when the next motion is late,
    /// as in a debug build) is answered too.
    func settle() throws {
        for round in 0..<10 {
            compositor.completeFrames()
            compositor.dispatch()
            try session.loop.runOnce(timeout: 0)
            compositor.dispatch()
            if round >= 2 && toplevel.surface.pendingFrameCount == 0 { break }
        }
    }
}
