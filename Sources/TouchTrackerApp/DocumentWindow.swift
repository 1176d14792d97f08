import Canvas
import Decorations
import Document
import Inspector
import InspectorModel
import Instruments
import Platform
import Playground
import Render
import Synchronization
import Timing
import TouchCore
import WaylandClient
import WaylandInput

/// One drawing in its own Wayland window (an `xdg_toplevel`): the window,
/// its canvas, renderer, document (lock, journal, autosave) and undo
/// history. The `Session` owns every window, and shares its connection,
/// seats and event loop among them; input reaches the window it targets.
///
/// The data flows one way: the Wayland layer's input batches become core
/// touches and keys (InputTranslator); the canvas changes its drawing and
/// marks damage; the damage reaches the Wayland window, which asks for a
/// frame; on the frame the renderer has the views draw themselves, only
/// where damaged, into a shared memory buffer. Every finished change is saved at once (see `Autosave`);
/// while saves fail, a banner on the canvas says why.
public final class DocumentWindow: FrameSource {
    public let loop: EventLoop
    /// The window's timers, in the loop's queue: closing the window cancels
    /// them all (`close()`), so none fires into a window that is gone.
    public let timers: TimerQueue
    public let toplevel: ToplevelWindow
    /// The session's seats (shared by every window).
    public let seats: SeatManager
    /// The app's views and input handling, which a replay runs too.
    let scene: CanvasScene
    public var application: TouchCore.Application { scene.application }
    public var window: TouchCore.Window { scene.window }
    public var canvas: CanvasView { scene.canvas }
    var canvasController: CanvasController { scene.canvasController }
    var headerBar: HeaderBarView { scene.headerBar }
    var banner: Banner { scene.banner }
    var palmRejection: PalmRejection { scene.palmRejection }
    var penHover: PenHover { scene.penHover }
    var inspector: InspectorOverlay { scene.inspector }
    /// The gesture playground, in place of the canvas while shown
    /// (`showPlayground()`, `--playground`, the canvas menu).
    public var playground: PlaygroundView { scene.playground }
    /// Plays a sound the playground asks for; its visual cue shows anyway.
    /// Nil: no sound.
    public var onPlaygroundSound: ((PlaygroundSound) -> Void)? {
        get { scene.onPlaygroundSound }
        set { scene.onPlaygroundSound = newValue }
    }
    /// The next step of the window's display links (`DisplayLink`), while
    /// some run; `animationFallback` steps them when no frame comes.
    var animationStep: TimerHandle?
    var animationFallback: TimerHandle?
    /// Keeps the drawing on disk; nil while the drawing is still being opened.
    var autosave: Autosave?
    /// Where the drawing is saved: the path given, with a symbolic link at
    /// its end resolved to its target; another after Open…, Save As… or
    /// Rename… (`DocumentWindow+Documents`).
    public internal(set) var documentPath: String
    /// The drawings this app used lately, shared with the desktop
    /// (`DocumentWindow+Documents`: Open…, Save As…, Rename… add to it).
    lazy var recentDrawings = RecentDrawings(path: RecentDrawings.defaultPath(environment: environment), report: report)
    /// The thread parsing and indexing a large drawing while the window is
    /// already up, and where it leaves the result; nil once the drawing is open.
    private var opening: (opening: DocumentOpening, work: BackgroundWork, watch: FileWatch, outcome: OpeningOutcome)?
    /// True while the drawing is still being opened: the canvas shows a
    /// notice meanwhile.
    public var isOpeningDrawing: Bool { opening != nil }
    /// Why the drawing could not be opened after all (read in the
    /// background), once the session stopped for it.
    public private(set) var openingFailure: DocumentError?
    /// Files of at least this many bytes (about 50,000 lines) are opened in
    /// the background, after the window appears: parsing and indexing them
    /// takes long enough to notice. Smaller ones open before it.
    public static let backgroundOpeningThreshold = 4 << 20
    /// How the drawing ended up, once the window closed (or the session
    /// ended: `quit()`, a lost connection); nil while it is open.
    public private(set) var ending: SessionEnding?
    /// Messages for the user (errors saving, a drawing set aside); stderr in the app.
    let report: (String) -> Void
    /// Opens exports in the desktop's default application (their toast's Open).
    private(set) var opener: DesktopOpener?
    /// The process environment: where emergency copies and exports go.
    let environment: [String: String]
    /// The canvas's fast path: its line cache.
    private let canvasRenderer: CanvasRenderer = {
        let canvasRenderer = CanvasRenderer()
        // Half a 60 Hz frame: a drawing of a million lines appears at once
        // and fills in over the next frames instead of blocking the window.
        canvasRenderer.frameBudget = DocumentWindow.renderingBudget
        return canvasRenderer
    }()
    private lazy var renderer: WindowRenderer = {
        let renderer = WindowRenderer()
        // The canvas draws from its line cache, the playground's panel with
        // the inspector's timeline painter; every other view draws itself.
        renderer.contentPainters = [canvasRenderer, TimelinePanelPainter { ($0 as? RecognizerPanelView)?.timeline }]
        return renderer
    }()
    /// Seconds a frame may spend rasterizing lines from scratch.
    public static let renderingBudget = 0.008
    /// Asks for the next frame while the line cache is still being rendered.
    private var continuation: TimerHandle?
    /// Writes the window's input to a file (`--record`); nil when not asked,
    /// and in every window but the session's first.
    let recorder: Recorder?
    /// `check --live`'s script, shown over the canvas.
    let guide: CheckGuide?
    /// What is remembered between runs (shared by the session's windows);
    /// nil: the defaults, remembered nowhere.
    let settingsFile: SettingsFile?
    /// The window asks to close: its title bar's close button, the
    /// compositor's close, Ctrl+W (the session closes it, or quits if it
    /// is the last).
    var onClose: () -> Void = {}
    /// Ctrl+Q: the session quits, every window saved.
    var onQuit: () -> Void = {}
    /// New Window (Ctrl+N, the main menu).
    var onNewWindow: () -> Void = {}
    /// Open… and Open Recent of a drawing this window does not take in
    /// place: the session opens it in a window of its own (or shows the
    /// window that has it), throwing why it cannot.
    var onOpenDrawing: (String) throws -> Void = { _ in }
    /// The drawing could not be opened after all (read in the background):
    /// the session closes the window, or stops if it was the only one.
    var onOpeningFailure: () -> Void = {}
    /// A change to the finished lines is waiting to be saved (see `wire`).
    var needsSave = false
    /// The compositor time of the oldest input whose change no committed
    /// frame shows yet (see `DocumentWindow+Presentation`).
    var unshownInputTime: UInt32?
    /// When the app received that input (seconds on its clock): the
    /// estimate from frame callbacks starts there when the compositor's
    /// event times are on another clock (KWin 5.27's).
    var unshownInputReceived: Double?
    /// Input → on screen over the last frames with input, whatever the
    /// inspector shows: the predicted tip looks this far ahead.
    var presentation = PresentationStatistics()
    /// What watches every input batch before the scene handles it, in
    /// order: the recorder, `--log-input`, `check --live`'s guide (each
    /// when asked, in the session's first window) and `touchtracker
    /// conformance`'s runner.
    var inputObservers: [any InputObserver] = []
    /// Sees each frame once painted, before it is committed: `touchtracker
    /// conformance` reads the pixels the user is shown. Nil in every other run.
    var onFramePainted: ((DrawTarget) -> Void)?

    /// Declared after everything holding Wayland objects: stored properties
    /// are released in order, and those objects must be destroyed while the
    /// connection is still open.
    public let display: Display

    public static let minimumSize = (width: 320, height: 240)

    private enum DocumentSource {
        case opened(OpenedDocument)
        case inBackground(DocumentOpening)
    }

    /// Opens the drawing `opening` began opening (its lock taken) and maps
    /// its window on `loop`, taking the input `seats` deliver to it. A file
    /// of at least `configuration.backgroundOpeningThreshold` bytes is
    /// parsed and indexed on a thread of its own: the window appears at
    /// once with a notice, and the lines when they are ready. Throws a
    /// `DocumentError` when the drawing cannot be read; what happened to it
    /// otherwise (set aside…) goes to `report`. With `instrumented`, the
    /// window carries the session's recording, check guide, input log and
    /// trace (the first window only: they follow one window).
    init(opening: DocumentOpening, display: Display, loop: EventLoop, seats: SeatManager,
         settingsFile: SettingsFile?, configuration: Session.Configuration, instrumented: Bool) throws {
        let source: DocumentSource = opening.byteCount < configuration.backgroundOpeningThreshold
            ? .opened(try opening.finish()) : .inBackground(opening)
        let clock = configuration.clock, report = configuration.report, environment = configuration.environment
        self.display = display
        self.report = report
        self.environment = environment
        self.loop = loop
        timers = TimerQueue(sharing: loop.timers)
        self.seats = seats
        let drawing = Drawing()
        switch source {
        case .opened(let document): documentPath = document.path
        case .inBackground(let opening): documentPath = opening.path
        }

        let title = DrawingName.title(ofDrawingAt: documentPath, environment: environment)
        toplevel = try ToplevelWindow(display: display, loop: loop, title: title,
                                      appID: Session.appID, minimumSize: Self.minimumSize)
        let size = toplevel.size
        self.settingsFile = settingsFile
        let palmRejectionOn = settingsFile?.settings.palmRejection ?? true
        scene = CanvasScene(
            size: Size(width: Double(size.width), height: Double(size.height)), timers: timers,
            drawing: drawing, palmRejection: palmRejectionOn, tool: settingsFile?.settings.tool ?? .lines,
            strokeStyle: settingsFile?.settings.strokeStyle ?? .standard,
            fingersNavigate: settingsFile?.settings.fingersNavigate ?? false,
            exportEnvironment: environment, report: report)
        let tool = scene.canvas.tool
        let strokeStyle = scene.canvas.strokeStyle
        let fingersNavigate = scene.canvas.navigation.fingersNavigate
        // The drawing opens where it was last seen.
        if let view = settingsFile?.settings.views[SettingsFormat.viewKey(forDrawingAt: documentPath)] {
            scene.canvas.viewport = view
        }
        let viewport = scene.canvas.viewport
        recorder = (instrumented ? configuration.record : nil).map {
            Recorder(file: $0, clock: clock, appVersion: Version.string, seats: seats, palmRejection: palmRejectionOn, tool: tool,
                     strokeStyle: strokeStyle,
                     fingersNavigate: fingersNavigate, viewport: viewport, report: report)
        }
        guide = instrumented && configuration.showsCheckGuide ? CheckGuide(timers: timers) : nil
        scene.chrome.drawingTitle = title
        scene.setUpClipboard(LinesClipboard(clipboard: seats.clipboard))

        wire(logInput: instrumented ? configuration.logInput : nil)
        if instrumented { scene.traceLine = configuration.trace }
        setUpDecorations()
        setUpPlayground()
        setUpDrawingFiles()
        switch source {
        case .opened(let document):
            documentOpened(document, lines: Drawing(lines: document.takeLines()))
        case .inBackground(let opening):
            try openInBackground(opening)
        }
    }

    /// Parses and indexes the drawing on a thread of its own; the loop
    /// sleeps on its completion meanwhile, and the canvas already takes
    /// input: strokes drawn before the lines are there show at once, and
    /// join them when they come (`completeOpening`).
    private func openInBackground(_ opening: DocumentOpening) throws {
        scene.beginOpening()
        banner.show(Self.openingNotice(for: opening), style: .notice)
        let outcome = OpeningOutcome()
        let work = try BackgroundWork {
            outcome.result = Result { () throws(DocumentError) in
                let document = try opening.finish()
                let lines = document.takeLines()
                // The canvas's line cache is rasterized meanwhile, at the
                // size the canvas has now, on threads of its own: the
                // lines are all on screen in the first frame they are there.
                var prepared: PreparedLineCache?
                let size = outcome.canvasCacheSize.withLock { $0 }
                let painter = lines.isEmpty ? nil : size.flatMap { size in
                    try? BackgroundWork { prepared = PreparedLineCache(lines, size: size) }
                }
                let drawing = Drawing(lines: lines)
                painter?.join()
                return (document, drawing, prepared)
            }
        }
        let watch = loop.watch(fd: work.completion.rawValue, events: .readable) { [weak self] _ in
            self?.completeOpening()
        }
        self.opening = (opening, work, watch, outcome)
    }

    /// Takes what the opening thread made, waiting for it if it is still
    /// at work (the session ends meanwhile: the strokes drawn so far must
    /// join the drawing and be saved).
    private func completeOpening() {
        guard let (opening, work, watch, outcome) = self.opening else { return }
        self.opening = nil
        watch.cancel()
        work.join()
        switch outcome.result! {
        case .success(let (document, lines, prepared)):
            documentOpened(document, lines: lines, lineCache: prepared)
        case .failure(let error):
            openingFailure = error
            report("\(error)")
            keepDrawnMeanwhile(failure: error)
            opening.abandon()
            onOpeningFailure()
        }
    }

    /// The drawing could not be opened after all, so it cannot be saved:
    /// lines drawn while it was being opened go to an emergency copy.
    private func keepDrawnMeanwhile(failure: DocumentError) {
        guard canvas.drawing.count > 0 else { return }
        do {
            let copy = try Document.writeEmergencyCopy(of: canvas.drawing.lines, for: documentPath,
                                                       environment: environment)
            report("the lines drawn meanwhile were saved to \(copy)")
        } catch {
            report("the lines drawn meanwhile could not be saved either: \(error)")
        }
    }

    /// Where the background thread leaves what it made, read after
    /// `join()`, and what it reads of the window while it works.
    private final class OpeningOutcome: @unchecked Sendable {
        var result: Result<(OpenedDocument, Drawing, PreparedLineCache?), DocumentError>?
        /// The size of the canvas's line cache, as of the last frame.
        let canvasCacheSize = Mutex<LineCacheSize?>(nil)
    }

    static func openingNotice(for opening: DocumentOpening) -> String {
        let name = opening.path.split(separator: "/").last.map(String.init) ?? opening.path
        let megabytes = Double(opening.byteCount) / 1_000_000
        return "Opening \(name) (\((megabytes * 10).rounded() / 10) MB)…"
    }

    /// Shows the drawing `document` opened with, whose lines (and index)
    /// `lines` holds, under what was drawn meanwhile, and starts keeping it
    /// on disk: what was drawn meanwhile is saved at once. `lineCache`, the
    /// lines rasterized while they were opened, replaces the canvas's line
    /// cache if the canvas is still the size it was made for.
    func documentOpened(_ document: OpenedDocument, lines: Drawing, lineCache: PreparedLineCache? = nil) {
        if let message = document.message { report(message) }
        recorder?.record(drawingOpened: lines.lines)
        let drawnMeanwhile = scene.documentOpened(lines)
        if let lineCache { canvasRenderer.adopt(lineCache, showing: canvas.drawing) }
        let autosave = Autosave(document: document, timers: timers, drawing: canvas.drawing,
                                unsaved: drawnMeanwhile, environment: environment, report: report)
        autosave.onFailureChange = { [unowned self] failure in banner.show(failure.map(Autosave.bannerText(for:))) }
        autosave.onOutsideChange = { [unowned self] notice in banner.show(notice, style: .notice) }
        self.autosave = autosave
        // What could not be read stays said until the next save says more.
        banner.show(document.recovery?.summary)
        if !drawnMeanwhile.isEmpty { needsSave = true }
    }

    /// Handles one input batch the seats delivered to this window (or to
    /// every window: a seat's capabilities), which `origin` says how came
    /// to be.
    func handle(_ event: InputEvent, origin: InputOrigin) {
        for observer in inputObservers { observer.observe(event, origin: origin) }
        scene.handle(event)
        noteUnshownInput(event)
        // The pointer's and the pen's images follow what is under them
        // (the title bar's resize border, the canvas).
        switch event {
        case .pointer(let frame): updateCursor(for: frame)
        case .tabletTool(let frame): updateCursor(for: frame)
        case .touch, .pointerGesture, .key, .keyboardFocus, .seatCapabilities: break
        }
    }

    /// `logInput` receives one JSON line per input batch and presented
    /// frame (`--log-input`); nil without.
    private func wire(logInput: ((String) -> Void)?) {
        let observers: [(any InputObserver)?] = [recorder, logInput.map(InputLogWriter.init(write:)), guide]
        inputObservers = observers.compactMap { $0 }
        scene.onQuit = { [unowned self] in onQuit() }
        scene.onCloseWindow = { [unowned self] in onClose() }
        scene.onNewWindow = { [unowned self] in onNewWindow() }
        let opener = DesktopOpener(loop: loop, environment: environment, report: report)
        self.opener = opener
        scene.openFile = { [unowned self, unowned opener] path in
            do throws(Errno) {
                try opener.open(path)
            } catch {
                report("cannot open \(path): \(error)")
                scene.openFailed(path, error)
            }
        }
        toplevel.onConfigure = { [unowned self] _, _, _ in layOut() }
        scene.onPalmRejectionChange = { [unowned self] on in settingsFile?.update { $0.palmRejection = on } }
        scene.onToolChange = { [unowned self] tool in settingsFile?.update { $0.tool = tool } }
        scene.onStrokeStyleChange = { [unowned self] style in settingsFile?.update { $0.strokeStyle = style } }
        canvas.predictsTip = settingsFile?.settings.prediction ?? true
        canvas.onPredictionChange = { [unowned self] on in settingsFile?.update { $0.prediction = on } }
        canvas.rules = settingsFile?.settings.book == true ? .book : .standard
        canvas.onBookRulesChange = { [unowned self] on in settingsFile?.update { $0.book = on } }
        scene.onFingersNavigateChange = { [unowned self] on in settingsFile?.update { $0.fingersNavigate = on } }
        scene.chrome.exportChoice = settingsFile?.settings.exportChoice ?? ExportChoice()
        scene.chrome.onExportChoiceChange = { [unowned self] choice in settingsFile?.update { $0.exportChoice = choice } }
        if let recorder {
            // Buffered lines go to the file once the frame is on its way: a
            // crash loses at most the batches of one iteration.
            loop.add(.idle) { [weak recorder] in recorder?.flush() }
        }
        guide?.onChange = { [unowned self] ring, stepChanged in
            if let ring { repaint(ring) }
            if stepChanged { repaint(GuidePainter.stripFrame(in: canvas.frame)) }
        }
        toplevel.onClose = { [unowned self] in onClose() }
        toplevel.frameSource = self
        wirePresentation(logInput: logInput)
        reportProtocolsOffered()
        // Core damage goes straight to the toplevel, which keeps it per buffer
        // and asks the compositor for a frame.
        window.onNeedsDisplay = { [unowned self] in forwardDamage() }
        // Saved once the frame showing the change is on its way to the
        // compositor: the finished line turns black without waiting for the
        // disk, and the changes of one dispatch share one save. A save that
        // fails is retried at the next change and by Autosave's timer,
        // never by this hook: it would run again before every sleep.
        canvas.onChange = { [unowned self] in needsSave = true }
        // Weak: the loop outlives a window closed before the session ends.
        loop.add(.idle) { [weak self] in
            guard let self, needsSave else { return }
            save()
            loop.lookAgainBeforeSleeping()
        }
    }

    /// Places the views for the toplevel's size, scale, decorations and
    /// states (and records them, with `--record`).
    func layOut() {
        let layout = windowLayout
        recorder?.record(layout)
        scene.layOut(layout)
    }

    /// The window's size, scale, decorations and states now.
    var windowLayout: WindowLayout {
        let states = toplevel.states
        return WindowLayout(width: Int(toplevel.size.width), height: Int(toplevel.size.height),
                            scale: toplevel.scaleFactor,
                            clientSideDecorations: toplevel.decorationMode == .clientSide,
                            maximized: states.contains(.maximized), fullscreen: states.contains(.fullscreen),
                            activated: states.contains(.activated))
    }

    private func forwardDamage() {
        for rect in window.takeDamage() { repaint(rect) }
    }

    /// Asks the toplevel to repaint `rect` (window coordinates) in its next frame.
    private func repaint(_ rect: Rect) {
        toplevel.setNeedsDisplay(SurfaceRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height))
    }

    /// Paints a frame of the scene (`FrameSource`).
    public func draw(into target: DrawTarget) {
        // Damage raised while handling input but not forwarded yet belongs
        // to this frame too.
        if window.hasDamage { forwardDamage() }
        let damage = target.damage.map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        target.withPixels { pixels in
            let buffer = PixelBuffer(data: pixels, width: target.width, height: target.height,
                                     stride: target.stride, scale: target.scale)
            // Every view draws itself: the title bar, the canvas (from its
            // line cache), the banner, the playground, the menu on top.
            renderer.render(window, into: buffer, damage: damage)
            if let guide {
                GuidePainter.paint(guide.text, ring: guide.ring, canvasFrame: canvas.frame, into: buffer, damage: damage)
            }
            // The rings stand for the pens' cursors.
            HoverRingPainter.paint(penHover.rings, into: buffer, damage: damage)
            // Last: the inspector shows what is under it too.
            inspector.paint(into: buffer, damage: damage)
        }
        onFramePainted?(target)
        // The commit follows at once.
        inspector.committed()
        askWhenInputIsShown()
        if let opening { opening.outcome.canvasCacheSize.withLock { $0 = canvasRenderer.lineCacheSize } }
        continueRendering()
        continueAnimating()
    }

    /// While the line cache is incomplete, asks for its tiles to be drawn
    /// again in the next frame. Damage raised while drawing is dropped with
    /// the frame, so the request goes through a timer due at once; the frame
    /// itself still waits for the compositor's frame callback, so this
    /// paces at the display's rate and never spins.
    private func continueRendering() {
        let unfinished = canvasRenderer.unfinishedArea
        guard !unfinished.isEmpty, continuation?.isActive != true else { return }
        continuation = timers.schedule(after: 0) { [unowned self] in
            for rect in canvasRenderer.unfinishedArea { repaint(rect) }
        }
    }

    /// Whether the inspector overlay is shown (F12, or the canvas menu).
    public var isInspectorOpen: Bool { inspector.isOpen }

    /// Shows or hides the inspector overlay, as F12 does.
    public func toggleInspector() {
        inspector.toggle()
    }

    /// True while the drawing is not fully on screen yet (a large drawing
    /// just opened or resized): the next frames fill it in.
    public var isRenderingDrawing: Bool { !canvasRenderer.unfinishedArea.isEmpty }

    /// Saves what is unsaved now (the idle hook does after every change).
    public func save() {
        needsSave = false
        autosave?.drawingChanged()
    }

    /// The window closes for good, alone (`Session.close`): its drawing is
    /// saved (`finish()`), and its timers and pending frame work stop.
    func close() {
        finish()
        timers.cancelAll()
    }

    /// Saves one last time, leaving only the drawing file (see
    /// `Autosave.finish`: the journal finished, the lock released), and
    /// records how the drawing ended up. A drawing still being opened is
    /// waited for: the strokes drawn meanwhile join it and are saved (a
    /// file nobody changed stays as it was).
    func finish() {
        guard ending == nil else { return }
        completeOpening()
        // Strokes in progress end as if their fingers lifted, and are kept
        // (the recording's end line lifts them in a replay too).
        scene.window.liftAllTouches()
        recorder?.finish()
        rememberView()
        // A change the idle hook has not saved yet counts as unsaved: if the
        // last save fails, it goes to the emergency copy.
        if needsSave { autosave?.markChanged() }
        needsSave = false
        // No autosave: the drawing could not be opened, and nothing was saved.
        ending = autosave?.finish(environment: environment) ?? .saved
    }

    /// Remembers where the drawing was seen, for the next time it opens; a
    /// view nobody moved leaves the settings file as it was (or absent).
    func rememberView() {
        let key = SettingsFormat.viewKey(forDrawingAt: documentPath)
        guard let settingsFile, (settingsFile.settings.views[key] ?? .actualSize) != canvas.viewport else { return }
        settingsFile.update { $0.views.remember(canvas.viewport, for: key) }
    }
}
