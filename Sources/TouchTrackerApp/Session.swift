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
    public let application = TouchCore.Application()
    public let window: TouchCore.Window
    public let canvas: CanvasView
    let canvasController: CanvasController
    /// Our own title bar, shown when the compositor leaves decorations to us.
    let titleBar = TitleBarView(title: Session.title)
    /// Shown over the canvas while the drawing cannot be saved.
    let saveFailureBanner = SaveFailureBanner(frame: .zero)
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
    private let translator: InputTranslator
    /// Ignores fingers on the canvas while a pen is near.
    let palmRejection: PalmRejection
    /// The rings of the pens hovering over the canvas.
    let penHover: PenHover
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
                            report: @escaping (String) -> Void, settingsPath: String? = nil) throws {
        let document = try Document.open(at: documentPath)
        if let message = document.message { report(message) }
        try self.init(display: display, clock: clock, document: document, environment: environment,
                      logInput: logInput, trace: trace, report: report, settingsPath: settingsPath)
    }

    /// Shows the opened `document` and maps the window; the session holds
    /// the document's lock until it is released.
    /// - Parameters:
    ///   - environment: where emergency copies go (`XDG_STATE_HOME`, `XDG_RUNTIME_DIR`, `HOME`).
    ///   - logInput: receives one JSON line per input batch (`--log-input`).
    ///   - trace: receives one JSON line per decision of the core (`--trace`).
    ///   - report: receives messages meant for the user.
    ///   - settingsPath: the settings file (`SettingsFile`); nil keeps the
    ///     defaults and saves no settings.
    public init(display: Display, clock: Clock, document: OpenedDocument,
                environment: [String: String] = Program.environment(),
                logInput: ((String) -> Void)? = nil, trace: ((String) -> Void)? = nil,
                report: @escaping (String) -> Void, settingsPath: String? = nil) throws {
        self.display = display
        self.report = report
        self.environment = environment
        loop = EventLoop(display: display, clock: clock)
        let drawing = Drawing(lines: document.lines)
        autosave = Autosave(document: document, timers: loop.timers, drawing: drawing, report: report)

        toplevel = try ToplevelWindow(display: display, loop: loop, title: Session.title,
                                      appID: Session.appID, minimumSize: Session.minimumSize)
        let size = toplevel.size
        window = TouchCore.Window(size: Size(width: Double(size.width), height: Double(size.height)),
                                  timers: loop.timers)
        window.menuController.textMeasurer = PangoTextMeasurer()
        application.addWindow(window)
        canvas = CanvasView(frame: window.bounds, drawing: drawing)
        canvasController = CanvasController(
            canvas: canvas,
            exportBasePath: { CanvasController.defaultExportBasePath(environment: Program.environment()) },
            report: report)
        window.addSubview(canvas)
        window.addSubview(saveFailureBanner)
        // The canvas answers the keyboard from the start: Ctrl+Z must undo
        // a line just drawn, before any tap made the canvas first responder.
        canvas.becomeFirstResponder()
        translator = InputTranslator(window: window)
        settingsFile = settingsPath.map { SettingsFile(path: $0, report: report) }
        palmRejection = PalmRejection(now: { clock.now }, isOnCanvas: { [unowned canvas] in canvas.frame.contains($0) })
        penHover = PenHover(isOnCanvas: { [unowned canvas] in canvas.frame.contains($0) },
                            damage: { [unowned window] in window.setNeedsDisplay($0) })
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
            logInput?(InputLog.line(for: event))
            switch event {
            case .touch(let frame):
                guard let kept = palmRejection.filter(frame) else { return }
                translator.handle(.touch(kept))
            case .tabletTool(let frame):
                palmRejection.observe(frame)
                penHover.observe(frame)
                translator.handle(event)
            case .pointer(let frame):
                translator.handle(event)
                // The pointer's image follows what is under it (the title
                // bar's resize border).
                updateCursor(for: frame)
            case .key, .keyboardFocus, .seatCapabilities:
                translator.handle(event)
            }
        }
        translator.onAppKey = { [unowned self] press in
            guard press.key == .character("q"), press.modifiers == .control else { return false }
            quit()
            return true
        }
        translator.onSecondaryClick = { [unowned self] point in
            // A right click on our title bar is not the canvas's.
            guard canvas.frame.contains(point) else { return }
            canvasController.secondaryClick(at: canvas.convert(point, from: nil))
        }
        toplevel.onConfigure = { [unowned self] size, _, _ in
            let bounds = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
            // A configure that only changes states (activated, maximized)
            // must not repaint the whole window.
            if window.frame != bounds { window.frame = bounds }
            layOut(in: bounds)
        }
        palmRejection.isEnabled = settingsFile?.settings.palmRejection ?? true
        canvas.tool = settingsFile?.settings.tool ?? .lines
        canvas.onToolChange = { [unowned self] tool in settingsFile?.update { $0.tool = tool } }
        canvasController.isPalmRejectionOn = { [unowned self] in palmRejection.isEnabled }
        canvasController.setPalmRejection = { [unowned self] on in
            palmRejection.isEnabled = on
            settingsFile?.update { $0.palmRejection = on }
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

    /// Places the title bar (if shown), the canvas below it and the banner
    /// along the canvas's bottom edge.
    func layOut(in bounds: Rect) {
        let canvasFrame = layOutDecorations(in: bounds)
        if canvas.frame != canvasFrame { canvas.frame = canvasFrame }
        let bannerFrame = SaveFailureBanner.frame(in: canvasFrame)
        if saveFailureBanner.frame != bannerFrame { saveFailureBanner.frame = bannerFrame }
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
