import Canvas
import Decorations
import Render
import Timing
import TouchCore
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

/// One running TouchTracker: a Wayland window showing the canvas, wired to
/// the core's window, the canvas view, the renderer and the document.
///
/// The data flows one way: the Wayland layer's input batches become core
/// touches and keys (InputTranslator); the canvas changes its drawing and
/// marks damage; the damage reaches the Wayland window, which asks for a
/// frame; on the frame the renderer repaints only the damage into a shared
/// memory buffer. Every finished change is saved at once (see `Autosave`);
/// while saves fail, a banner on the canvas says why.
public final class Session {
    public let loop: EventLoop
    public let toplevel: ToplevelWindow
    public let seats: SeatManager
    /// The app's views and input handling, which a replay runs too.
    let scene: CanvasScene
    public var application: TouchCore.Application { scene.application }
    public var window: TouchCore.Window { scene.window }
    public var canvas: CanvasView { scene.canvas }
    var canvasController: CanvasController { scene.canvasController }
    var titleBar: TitleBarView { scene.titleBar }
    var saveFailureBanner: SaveFailureBanner { scene.saveFailureBanner }
    var palmRejection: PalmRejection { scene.palmRejection }
    var penHover: PenHover { scene.penHover }
    let autosave: Autosave
    /// Where the drawing is saved: the path given, with a symbolic link at
    /// its end resolved to its target.
    public var documentPath: String { autosave.path }
    /// How the drawing ended up, once the session ended (`quit()` or a
    /// lost connection); nil while it runs.
    public private(set) var ending: SessionEnding?
    /// Messages for the user (errors saving, a drawing set aside); stderr in the app.
    private let report: (String) -> Void
    /// The process environment: where emergency copies go.
    private let environment: [String: String]
    private let renderer: CanvasRenderer = {
        let renderer = CanvasRenderer()
        // Half a 60 Hz frame: a drawing of a million lines appears at once
        // and fills in over the next frames instead of blocking the window.
        renderer.frameBudget = Session.renderingBudget
        return renderer
    }()
    /// Seconds a frame may spend rasterizing lines from scratch.
    public static let renderingBudget = 0.008
    /// Asks for the next frame while the line cache is still being rendered.
    private var continuation: TimerHandle?
    /// Writes the session's input to a file (`--record`); nil when not asked.
    private let recorder: Recorder?
    /// `check --live`'s script, shown over the canvas.
    let guide: CheckGuide?
    /// What is remembered between runs; nil: the defaults, remembered nowhere.
    let settingsFile: SettingsFile?
    /// A change to the finished lines is waiting to be saved (see `wire`).
    private var needsSave = false

    /// Declared after everything holding Wayland objects: stored properties
    /// are released in order, and those objects must be destroyed while the
    /// connection is still open.
    public let display: Display

    public static let appID = "org.touchtracker.TouchTracker"
    public static let title = "TouchTracker"
    public static let minimumSize = (width: 320, height: 240)

    /// Opens the drawing at `documentPath` (see `Document.open(at:)`: it
    /// throws a `DocumentError` when another process has it open or it is
    /// no drawing file), reports what happened to it, and maps the window.
    public convenience init(display: Display, clock: Clock, documentPath: String,
                            environment: [String: String] = Program.environment(),
                            logInput: ((String) -> Void)? = nil, trace: ((String) -> Void)? = nil,
                            record: RecordingFile? = nil,
                            report: @escaping (String) -> Void, settingsPath: String? = nil) throws {
        let document = try Document.open(at: documentPath)
        if let message = document.message { report(message) }
        try self.init(display: display, clock: clock, document: document, environment: environment,
                      logInput: logInput, trace: trace, record: record, report: report, settingsPath: settingsPath)
    }

    /// Shows the opened `document` and maps the window; the session holds
    /// the document's lock until it is released.
    /// - Parameters:
    ///   - environment: where emergency copies go (`XDG_STATE_HOME`, `XDG_RUNTIME_DIR`, `HOME`).
    ///   - logInput: receives one JSON line per input batch (`--log-input`).
    ///   - trace: receives one JSON line per decision of the core (`--trace`).
    ///   - record: where to write the session's input (`--record`).
    ///   - report: receives messages meant for the user.
    ///   - settingsPath: the settings file (`SettingsFile`); nil keeps the
    ///     defaults and saves no settings.
    ///   - showsCheckGuide: shows `check --live`'s guide over the canvas.
    public init(display: Display, clock: Clock, document: OpenedDocument,
                environment: [String: String] = Program.environment(),
                logInput: ((String) -> Void)? = nil, trace: ((String) -> Void)? = nil,
                record: RecordingFile? = nil,
                report: @escaping (String) -> Void, settingsPath: String? = nil,
                showsCheckGuide: Bool = false) throws {
        self.display = display
        self.report = report
        self.environment = environment
        loop = EventLoop(display: display, clock: clock)
        let drawing = Drawing(lines: document.lines)
        autosave = Autosave(document: document, timers: loop.timers, drawing: drawing, report: report)

        toplevel = try ToplevelWindow(display: display, loop: loop, title: Session.title,
                                      appID: Session.appID, minimumSize: Session.minimumSize)
        let size = toplevel.size
        settingsFile = settingsPath.map { SettingsFile(path: $0, report: report) }
        let palmRejectionOn = settingsFile?.settings.palmRejection ?? true
        scene = CanvasScene(
            size: Size(width: Double(size.width), height: Double(size.height)), timers: loop.timers,
            drawing: drawing, palmRejection: palmRejectionOn,
            exportBasePath: { CanvasController.defaultExportBasePath(environment: Program.environment()) },
            report: report)
        recorder = record.map {
            Recorder(file: $0, clock: clock, lines: document.lines, palmRejection: palmRejectionOn, report: report)
        }
        guide = showsCheckGuide ? CheckGuide(timers: loop.timers) : nil
        // Created after the toplevel so its end-of-dispatch hook (closing
        // touch frames a compositor left open) runs before the toplevel
        // presents.
        seats = SeatManager(display: display, window: toplevel, loop: loop)

        wire(logInput: logInput)
        if let trace { window.tracer = { trace(TraceLog.line(for: $0)) } }
        setUpDecorations()
    }

    private func wire(logInput: ((String) -> Void)?) {
        seats.onInput = { [unowned self] event in
            recorder?.record(event, origin: seats.currentOrigin, seatVersion: seatVersion(of: event))
            logInput?(InputLog.line(for: event))
            guide?.observe(event)
            scene.handle(event)
            // The pointer's image follows what is under it (the title bar's
            // resize border).
            if case .pointer(let frame) = event { updateCursor(for: frame) }
        }
        scene.onQuit = { [unowned self] in quit() }
        toplevel.onConfigure = { [unowned self] _, _, _ in layOut() }
        scene.onPalmRejectionChange = { [unowned self] on in settingsFile?.update { $0.palmRejection = on } }
        if let recorder {
            // Buffered lines go to the file once the frame is on its way: a
            // crash loses at most the batches of one iteration.
            loop.add(.idle) { recorder.flush() }
        }
        guide?.onChange = { [unowned self] ring, stepChanged in
            if let ring { repaint(ring) }
            if stepChanged { repaint(GuidePainter.stripFrame(in: canvas.frame)) }
        }
        toplevel.onClose = { [unowned self] in quit() }
        toplevel.onDraw = { [unowned self] target in draw(into: target) }
        // Core damage goes straight to the toplevel, which keeps it per buffer
        // and asks the compositor for a frame.
        window.onNeedsDisplay = { [unowned self] in forwardDamage() }
        // Saved once the frame showing the change is on its way to the
        // compositor: the finished line turns black without waiting for the
        // disk, and the changes of one dispatch share one save. A save that
        // fails is retried at the next change and by Autosave's timer,
        // never by this hook: it would run again before every sleep.
        canvas.onChange = { [unowned self] in needsSave = true }
        loop.add(.idle) { [unowned self] in
            guard needsSave else { return }
            save()
            loop.lookAgainBeforeSleeping()
        }
        autosave.onFailureChange = { [unowned self] failure in saveFailureBanner.show(failure) }
    }

    /// Places the views for the toplevel's size, scale, decorations and
    /// states (and records them, with `--record`).
    func layOut() {
        let states = toplevel.states
        let layout = WindowLayout(width: Int(toplevel.size.width), height: Int(toplevel.size.height),
                                  scale: toplevel.scaleFactor,
                                  clientSideDecorations: toplevel.decorationMode == .clientSide,
                                  maximized: states.contains(.maximized), fullscreen: states.contains(.fullscreen),
                                  activated: states.contains(.activated))
        recorder?.record(layout)
        scene.layOut(layout)
    }

    /// The `wl_seat` version of the seat a capabilities batch is about, for
    /// the recording (what the seat may send depends on it).
    private func seatVersion(of event: InputEvent) -> UInt32? {
        guard recorder != nil, case .seatCapabilities(let seat, _, _, _) = event else { return nil }
        return seats.seatVersions.first { $0.name == seat }?.version
    }

    private func forwardDamage() {
        for rect in window.takeDamage() { repaint(rect) }
    }

    /// Asks the toplevel to repaint `rect` (window coordinates) in its next frame.
    private func repaint(_ rect: Rect) {
        toplevel.setNeedsDisplay(SurfaceRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height))
    }

    private func draw(into target: DrawTarget) {
        // Damage raised while handling input but not forwarded yet belongs
        // to this frame too.
        if window.hasDamage { forwardDamage() }
        let damage = target.damage.map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        target.withPixels { pixels in
            let buffer = PixelBuffer(data: pixels, width: target.width, height: target.height,
                                     stride: target.stride, scale: target.scale)
            paintDecorations(into: buffer, damage: damage)
            renderer.render(canvas.drawing, menu: window.menuController, into: buffer, canvasFrame: canvas.frame,
                            damage: damage)
            if let text = saveFailureBanner.text, !saveFailureBanner.isHidden {
                BannerPainter.paint(text, frame: saveFailureBanner.frame, into: buffer, damage: damage)
            }
            if let guide {
                GuidePainter.paint(guide.text, ring: guide.ring, canvasFrame: canvas.frame, into: buffer, damage: damage)
            }
            // Last: the rings stand for the pens' cursors.
            HoverRingPainter.paint(penHover.rings, into: buffer, damage: damage)
        }
        continueRendering()
    }

    /// While the line cache is incomplete, asks for its tiles to be drawn
    /// again in the next frame. Damage raised while drawing is dropped with
    /// the frame, so the request goes through a timer due at once; the frame
    /// itself still waits for the compositor's frame callback, so this
    /// paces at the display's rate and never spins.
    private func continueRendering() {
        let unfinished = renderer.unfinishedArea
        guard !unfinished.isEmpty, continuation?.isActive != true else { return }
        continuation = loop.timers.schedule(after: 0) { [unowned self] in
            for rect in renderer.unfinishedArea { repaint(rect) }
        }
    }

    /// True while the drawing is not fully on screen yet (a large drawing
    /// just opened or resized): the next frames fill it in.
    public var isRenderingDrawing: Bool { !renderer.unfinishedArea.isEmpty }

    /// Saves what is unsaved now (the idle hook does after every change).
    public func save() {
        needsSave = false
        autosave.drawingChanged()
    }

    /// Ends the session cleanly: the drawing is saved (or, failing that,
    /// written to an emergency copy; see `ending`) and `run()` returns.
    public func quit() {
        finish()
        loop.stop()
    }

    /// Saves one last time and records how the drawing ended up.
    private func finish() {
        guard ending == nil else { return }
        recorder?.finish()
        // A change the idle hook has not saved yet counts as unsaved: if the
        // last save fails, it goes to the emergency copy.
        if needsSave { autosave.markChanged() }
        needsSave = false
        ending = autosave.finish(environment: environment)
    }

    /// Runs until the window is closed, Ctrl+Q, SIGINT/SIGTERM/SIGHUP, or the
    /// connection fails (the drawing is saved in every case).
    public func run() throws {
        // Each run watches the signals anew, and stops watching when it ends.
        let signals = loop.watchTerminationSignals { [unowned self] in quit() }
        defer { signals?.cancel() }
        do {
            try loop.run()
        } catch {
            finish()
            throw error
        }
    }
}
