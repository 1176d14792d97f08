import Canvas
import Decorations
import Inspector
import Playground
import Render
import Timing
import TouchCore
import WaylandClient
import WaylandInput

/// The app without its compositor: the core's window holding the header
/// bar (`WindowChrome`), the canvas and its controller, the gesture playground (in the canvas's
/// place while shown), the banner, the inspector overlay, the scene's
/// controller (`SceneController`: the actions on these, next after the
/// canvas controller in the responder chain), and
/// what turns input batches into touches and keys on the way (palm
/// rejection, the pen hover rings, `InputTranslator`).
///
/// A `Session` shows it in a Wayland window; `touchtracker replay` feeds
/// it a recording's batches on a fake clock. Both run this same wiring, so
/// a replay draws what the live app drew.
package final class CanvasScene {
    package let application = TouchTrackerApplication()
    package let window: TouchCore.Window
    package let canvas: CanvasView
    package let canvasController: CanvasController
    /// Performs the scene's actions (exports, palm rejection, the
    /// inspector, the playground) for the canvas's and the playground's
    /// controllers before it.
    let controller: SceneController
    /// The header bar (the toolbar under server-side decorations), its
    /// main menu and dialogs.
    package let chrome: WindowChrome
    package var headerBar: HeaderBarView { chrome.headerBar }
    /// Shown over the canvas while the drawing is opened, and while it cannot be saved.
    package let banner = Banner(frame: .zero)
    /// Over the canvas while the drawing is empty: how to draw (`CanvasScene+EmptyState`).
    let emptyState = CanvasScene.makeEmptyState()
    /// Which toast says what the last action did (`CanvasScene+Toasts`), and its view.
    let toasts: ToastOverlay
    let toastView: ToastView
    /// The change to the drawing the shown toast's Undo undoes (the
    /// drawing's revision right after it); nil when it offers no Undo.
    var toastUndoRevision: UInt64?
    /// Opens an exported file in the desktop's default application; nil
    /// (a replay): the Exported toast offers no Open.
    package var openFile: ((String) -> Void)?
    private let translator: InputTranslator
    /// Ignores fingers on the canvas while a pen is near.
    package let palmRejection: PalmRejection
    /// The rings of the pens hovering over the canvas.
    package let penHover: PenHover
    /// The inspector overlay (F12, or the canvas menu).
    package let inspector: InspectorOverlay
    /// The gesture playground, hidden until shown (`showPlayground()`).
    package let playground = PlaygroundView()
    let playgroundController: PlaygroundController
    /// Plays a sound the playground asks for (its cue shows anyway).
    package var onPlaygroundSound: ((PlaygroundSound) -> Void)?
    /// Receives the `--trace` lines; nil without `--trace`.
    package var traceLine: ((String) -> Void)? {
        didSet { setTracer() }
    }

    /// Ctrl+Q.
    package var onQuit: () -> Void = {}
    /// Ctrl+W: this window closes (the app quits with the last).
    package var onCloseWindow: () -> Void = {}
    /// Ctrl+N, or New Window in the main menu: another window on a new drawing.
    package var onNewWindow: () -> Void = {}
    /// Palm rejection was turned on or off from a menu.
    package var onPalmRejectionChange: (Bool) -> Void = { _ in }
    /// Another drawing tool was picked (a key or the canvas menu).
    package var onToolChange: (DrawingTool) -> Void = { _ in }
    /// Another colour or width was chosen.
    package var onStrokeStyleChange: (StrokeStyle) -> Void = { _ in }
    /// The person chose Fingers Navigate or Fingers Draw (a pen's switch
    /// to navigating is not theirs to remember).
    package var onFingersNavigateChange: (Bool) -> Void = { _ in }
    /// Whether a pen has switched fingers to navigating in this session:
    /// it does so once, so the person can switch back.
    private var penSwitchedFingers = false

    /// - Parameters:
    ///   - timers: the gestures' timers; `clock` is their clock, which palm
    ///     rejection reads too.
    ///   - exportEnvironment: the environment whose `HOME` the menus'
    ///     exports go under (nil: exports are refused, as in a replay,
    ///     which writes no file of its own accord).
    ///   - report: says where an export went, or why it failed.
    ///   - tool: what strokes draw at first.
    ///   - strokeStyle: the colour and width they draw with at first.
    ///   - fingersNavigate: whether fingers move around instead of drawing.
    package init(size: Size, timers: TimerQueue, drawing: Drawing, palmRejection isPalmRejectionOn: Bool,
         tool: DrawingTool = .lines, strokeStyle: StrokeStyle = .standard, fingersNavigate: Bool = false,
         exportEnvironment: [String: String]?, report: @escaping (String) -> Void) {
        window = TouchCore.Window(size: size, timers: timers)
        let measurer = PangoTextMeasurer()
        application.addWindow(window)
        application.menuController.textMeasurer = measurer
        chrome = WindowChrome(window: window, title: AboutTouchTracker.name, measurer: measurer)
        toasts = ToastOverlay(timers: timers)
        toastView = ToastView(overlay: toasts, measurer: measurer)
        application.chrome = chrome
        canvas = CanvasView(frame: window.bounds, drawing: drawing)
        canvasController = CanvasController(canvas: canvas)
        controller = SceneController(exportEnvironment: exportEnvironment, report: report)
        playgroundController = PlaygroundController(playground: playground)
        canvasController.nextResponder = controller
        playgroundController.nextResponder = controller
        window.addSubview(canvas)
        window.addSubview(emptyState)
        // Above the canvas, below the banner (saving still goes on).
        playground.isHidden = true
        window.addSubview(playground)
        window.addSubview(banner)
        window.addSubview(toastView)
        window.addSubview(chrome.headerBar)
        translator = InputTranslator(window: window)
        let clock = timers.clock
        palmRejection = PalmRejection(now: { clock.now },
                                      isOnCanvas: { [unowned canvas] in !canvas.isHidden && canvas.frame.contains($0) })
        palmRejection.isEnabled = isPalmRejectionOn
        penHover = PenHover(isOnCanvas: { [unowned canvas] in !canvas.isHidden && canvas.frame.contains($0) },
                            damage: { [unowned window] in window.setNeedsDisplay($0) })
        inspector = InspectorOverlay(timers: timers, canvasFrame: canvas.frame,
                                     recognizers: { [unowned canvas] in canvas.gestureRecognizers },
                                     damage: { [unowned window] in window.setNeedsDisplay($0) })
        translator.onAppKey = { [unowned self] press in
            switch (press.key, press.modifiers) {
            case (.character("q"), .control):
                onQuit()
            case (.character("w"), .control) where !press.isRepeat:
                onCloseWindow()
            case (.character("n"), .control) where !press.isRepeat:
                onNewWindow()
            case (.character("o"), .control) where !press.isRepeat:
                application.sendAction(WindowChrome.showOpenChooser, to: nil, from: nil)
            case (.character("s"), [.control, .shift]) where !press.isRepeat:
                application.sendAction(WindowChrome.showSaveAsChooser, to: nil, from: nil)
            case (.escape, []) where chrome.drawingFiles?.cancelDesktopChooser() == true:
                break
            case (.other(Keysym.f12), []) where !press.isRepeat:
                inspector.toggle()
            case (.other(Keysym.f10), []) where !press.isRepeat:
                chrome.openMainMenu()
            case (.character("?"), let modifiers) where modifiers.contains(.control) && !press.isRepeat:
                application.sendAction(WindowChrome.showKeyboardShortcuts, to: nil, from: nil)
            default:
                return false
            }
            return true
        }
        translator.onTouchFrame = { [unowned self] frame in inspector.observe(frame) }
        inspector.onToggle = { [unowned self] in setTracer() }
        translator.onSecondaryClick = { [unowned self] point in
            // A right click on our title bar (or in the playground) is not the canvas's.
            guard !canvas.isHidden, canvas.frame.contains(point), !chrome.closeOpenOverlay() else { return }
            canvasController.secondaryClick(at: canvas.convert(point, from: nil))
        }
        controller.scene = self
        playground.onExit = { [unowned self] in showDrawing() }
        playground.onSound = { [unowned self] sound in onPlaygroundSound?(sound) }
        canvas.tool = tool
        canvas.onToolChange = { [unowned self] tool in onToolChange(tool) }
        canvas.strokeStyle = strokeStyle
        canvas.onStrokeStyleChange = { [unowned self] style in onStrokeStyleChange(style) }
        canvas.navigation.fingersNavigate = fingersNavigate
        // The header bar's readout follows the zoom, a fling's and a
        // replay's too, as soon as its reading changes.
        canvas.onViewportChange = { [unowned self] viewport in
            guard viewport.percentage != shownZoom else { return }
            shownZoom = viewport.percentage
            chrome.update()
        }
        canvas.navigation.onFingersNavigateChange = { [unowned self] on in
            if !switchingForPen { onFingersNavigateChange(on) }
        }
        // A drag that starts on the canvas outside an open popover closes
        // it and draws (issue 36); elsewhere (the header bar) it is used up.
        chrome.takerOfPressOutsidePopover = { [unowned self] point in
            window.hitTest(point, with: nil)?.isDescendant(of: canvas) == true ? canvas : nil
        }
        // Fingers resting on a touchpad catch a gliding paper, as any new contact does.
        translator.onTouchpadHold = { [unowned self] in canvas.navigation.stopFling() }
        setUpToasts()
        translator.onPan = { [unowned self] pan, point in
            // Over the playground (or anything else on top) the wheel keeps
            // its own gestures.
            guard window.hitTest(point, with: nil)?.isDescendant(of: canvas) == true else { return false }
            canvas.navigation.scroll(by: pan)
            return true
        }
    }

    private var switchingForPen = false
    /// The percentage the header bar's zoom readout shows.
    private var shownZoom = 100

    /// The pen draws, the hand navigates (Xournal++'s and Rnote's
    /// convention): the first pen to touch the canvas (not a menu over it)
    /// while palm rejection is on turns fingers to navigating, for this
    /// session. Returns whether it did.
    private func penMayTakeOver(_ frame: TabletToolFrame) -> Bool {
        guard !penSwitchedFingers, palmRejection.isEnabled,
              frame.events.contains(where: { if case .down = $0 { true } else { false } }),
              window.hitTest(Point(x: frame.axes.x, y: frame.axes.y), with: nil)?.isDescendant(of: canvas) == true
        else { return false }
        penSwitchedFingers = true
        switchingForPen = true
        canvas.navigation.fingersNavigate = true
        switchingForPen = false
        return true
    }

    /// The window's tracer: `--trace`'s lines, the open inspector's
    /// recognizer timeline, the shown playground's side panel, any of them
    /// or (the default) none, which costs nothing.
    private func setTracer() {
        let inspector = inspector.isOpen ? inspector : nil
        let panel: PlaygroundView? = isShowingPlayground ? playground : nil
        guard traceLine != nil || inspector != nil || panel != nil else {
            window.tracer = nil
            return
        }
        let clock = window.timers.clock
        window.tracer = { [traceLine] record in
            traceLine?(TraceLog.line(for: record))
            inspector?.record(record)
            panel?.record(record, at: clock.now)
        }
    }

    /// Turns palm rejection on or off, and says so (the session remembers it).
    func setPalmRejection(_ on: Bool) {
        palmRejection.isEnabled = on
        onPalmRejectionChange(on)
    }

    /// Whether the playground is shown instead of the drawing.
    package var isShowingPlayground: Bool { !playground.isHidden }

    /// Shows the playground in place of the drawing: the canvas is hidden,
    /// so it neither draws nor takes touches (`--playground`, and the canvas
    /// menu's Gesture Playground).
    package func showPlayground() {
        guard playground.isHidden else { return }
        window.menuController.hideMenu()
        playground.isHidden = false
        canvas.isHidden = true
        updateEmptyState()
        playground.becomeFirstResponder()
        chrome.showPlaygroundControls()
        setTracer()
    }

    /// Back to the drawing (the header's "‹ Drawing", Escape).
    package func showDrawing() {
        guard !playground.isHidden else { return }
        playground.willHide()
        playground.isHidden = true
        canvas.isHidden = false
        updateEmptyState()
        canvas.becomeFirstResponder()
        chrome.showDrawingControls()
        setTracer()
    }

    /// The drawing is being opened (in the background). The canvas takes
    /// input at once, on the empty drawing: what is drawn meanwhile shows
    /// on top at once and joins the opened lines (`documentOpened`).
    package func beginOpening() {
        takeKeyboard()
    }

    /// The drawing's lines (and their index), as opened, go on the canvas,
    /// under what was drawn meanwhile. Returns the changes that put those
    /// lines after the opened ones, for saving (see `Drawing.takeLines(of:)`).
    @discardableResult
    package func documentOpened(_ lines: Drawing) -> [DrawingChange] {
        let drawnMeanwhile = canvas.drawing.takeLines(of: lines)
        canvas.setNeedsDisplay()
        updateEmptyState()
        takeKeyboard()
        return drawnMeanwhile
    }

    /// The canvas answers the keyboard from the start: Ctrl+Z must undo a
    /// line just drawn, before any tap made the canvas first responder
    /// (unless the playground took its place meanwhile).
    private func takeKeyboard() {
        if !isShowingPlayground { canvas.becomeFirstResponder() }
        chrome.update()
    }

    /// One input batch of the Wayland layer, on its way to the core.
    package func handle(_ event: InputEvent) {
        chrome.observeHover(event)
        switch event {
        case .touch(let frame):
            guard let kept = palmRejection.filter(frame) else { return }
            translator.handle(.touch(kept))
        case .tabletTool(let frame):
            palmRejection.observe(frame)
            penHover.observe(frame)
            let tookOver = penMayTakeOver(frame)
            translator.handle(event)
            // After the pen's stroke began, which would have taken it away.
            if tookOver { offerFingersDraw() }
        case .pointer, .pointerGesture, .key, .keyboardFocus, .seatCapabilities:
            translator.handle(event)
        }
        dismissOutdatedToast()
        updateEmptyState()
        // What the event changed (a line drawn, undone, another tool) shows
        // on the buttons.
        chrome.update()
    }

    /// Places the bar along the top (the header bar where we draw the
    /// decorations, else the toolbar), the canvas below it and the banner
    /// along the canvas's bottom edge, in `layout`'s window.
    package func layOut(_ layout: WindowLayout) {
        let bounds = Rect(x: 0, y: 0, width: Double(layout.width), height: Double(layout.height))
        // A configure that only changes states (activated, maximized) must
        // not repaint the whole window.
        if window.frame != bounds {
            window.frame = bounds
            chrome.windowResized()
        }
        headerBar.style = layout.barStyle
        let height = min(layout.barHeight, bounds.height)
        headerBar.isHidden = height == 0
        let barFrame = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: height)
        if headerBar.frame != barFrame { headerBar.frame = barFrame }
        window.topChromeHeight = height
        headerBar.isActive = layout.activated || !layout.clientSideDecorations
        headerBar.isMaximized = layout.maximized
        let canvasFrame = Rect(x: bounds.minX, y: bounds.minY + height, width: bounds.width,
                               height: bounds.height - height)
        if canvas.frame != canvasFrame { canvas.frame = canvasFrame }
        let bannerFrame = Banner.frame(in: canvasFrame)
        if banner.frame != bannerFrame { banner.frame = bannerFrame }
        placeToasts()
        updateEmptyState()
        if playground.frame != canvasFrame { playground.frame = canvasFrame }
        inspector.canvasFrame = canvasFrame
        chrome.update()
    }
}
