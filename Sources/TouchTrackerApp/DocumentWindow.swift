import Canvas
import Decorations
import Document
import Inspector
import InspectorModel
import Instruments
import Platform
import Playground
import Render
import Scene
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
    var opening: (opening: DocumentOpening, work: BackgroundWork, watch: FileWatch, outcome: OpeningOutcome)?
    /// True while the drawing is still being opened: the canvas shows a
    /// notice meanwhile.
    public var isOpeningDrawing: Bool { opening != nil }
    /// Why the drawing could not be opened after all (read in the
    /// background), once the session stopped for it.
    public internal(set) var openingFailure: DocumentError?
    /// Files of at least this many bytes (about 50,000 lines) are opened in
    /// the background, after the window appears: parsing and indexing them
    /// takes long enough to notice. Smaller ones open before it.
    public static let backgroundOpeningThreshold = 4 << 20
    /// How the drawing ended up, once the window closed (or the session
    /// ended: `quit()`, a lost connection); nil while it is open.
    public internal(set) var ending: SessionEnding?
    /// Messages for the user (errors saving, a drawing set aside); stderr in the app.
    let report: (String) -> Void
    /// Opens exports in the desktop's default application (their toast's Open).
    private(set) var opener: DesktopOpener?
    /// The process environment: where emergency copies and exports go.
    let environment: [String: String]
    /// The canvas's fast path: its line cache.
    let canvasRenderer: CanvasRenderer = {
        let canvasRenderer = CanvasRenderer()
        // Half a 60 Hz frame: a drawing of a million lines appears at once
        // and fills in over the next frames instead of blocking the window.
        canvasRenderer.frameBudget = DocumentWindow.renderingBudget
        return canvasRenderer
    }()
    lazy var renderer: WindowRenderer = {
        let renderer = WindowRenderer()
        // The canvas draws from its line cache, the playground's panel with
        // the inspector's timeline painter; every other view draws itself.
        renderer.contentPainters = [canvasRenderer, TimelinePanelPainter { ($0 as? RecognizerPanelView)?.timeline }]
        return renderer
    }()
    /// Seconds a frame may spend rasterizing lines from scratch.
    public static let renderingBudget = 0.008
    /// Asks for the next frame while the line cache is still being rendered.
    var continuation: TimerHandle?
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
        scene.chrome.appVersion = Version.string
        scene.setUpClipboard(LinesClipboard(clipboard: seats.clipboard))

        wire(logInput: instrumented ? configuration.logInput : nil)
        if instrumented { scene.traceLine = configuration.trace }
        setUpDecorations()
        setUpDrawingFiles()
        switch source {
        case .opened(let document):
            documentOpened(document, lines: Drawing(lines: document.takeLines()))
        case .inBackground(let opening):
            try openInBackground(opening)
        }
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
        // and asks the compositor for a frame (`windowNeedsDisplay`).
        window.host = self
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

    /// Whether the inspector overlay is shown (F12, or the canvas menu).
    public var isInspectorOpen: Bool { inspector.isOpen }

    /// Shows or hides the inspector overlay, as F12 does.
    public func toggleInspector() {
        inspector.toggle()
    }
}
