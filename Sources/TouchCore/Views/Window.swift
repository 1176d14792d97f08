import Timing

/// The root of a view tree, backed by one Wayland toplevel surface
/// (UIWindow).
///
/// The app layer feeds it input: `handle(_: TouchFrame)` for each batch of
/// touch and pointer-button changes, `handle(_: KeyPress)` for keys. It
/// turns raw changes into `Touch` objects bound to hit-tested views and
/// sends each batch as an `Event` to its application's `sendEvent(_:)`,
/// which hands it back to the window's `sendEvent(_:)`; that gives it to
/// the gesture environment, which delivers it to recognizers and views. Drawing requests collect as damage in window
/// coordinates; its `host` is told to schedule a frame and
/// the renderer collects the damage with `takeDamage()`.
open class Window: View {
    /// Timers for time-based behaviour (long press, double-tap windows), run
    /// by the app's event loop.
    public let timers: TimerQueue
    /// The application the window belongs to, which keeps it. Not counted:
    /// every input batch and hit-test reads it, and a weak load goes through
    /// the application's side table each time. It stays valid because the
    /// application clears it when it removes the window and when it goes.
    public internal(set) unowned(unsafe) var application: Application?
    /// The responder that receives key presses and nil-target actions first;
    /// at most one per window.
    public private(set) weak var firstResponder: Responder?

    /// What shows the window, asked for frames when it has damage or a
    /// running display link. Held weakly: the host owns the window.
    public weak var host: WindowHost?
    /// The display links added to this window (see `DisplayLink`).
    var displayLinks: [DisplayLink] = []
    /// Receives what the core decides for this window's touches, recognizers
    /// and actions (`--trace`); nil, the default, traces nothing.
    public var tracer: Tracer? {
        didSet { gestureEnvironment.tracer = tracer }
    }

    /// The view controller whose view fills the window.
    var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let oldView = oldValue?.view, oldView.superview === self {
                oldView.removeFromSuperview()
            }
            if let rootViewController {
                let view = rootViewController.view
                view.frame = bounds
                insertSubview(view, at: 0)
            }
        }
    }

    /// The context menu that shows in this window: its application's (one
    /// per application, shown in the key window), or its own while the
    /// window belongs to no application.
    public var menuController: MenuController { application?.menuController ?? ownMenuController }
    /// How far down from the window's top its own chrome reaches (the
    /// header bar or toolbar, which the wiring lays out): the menu keeps
    /// below it, as UIKit's menus keep inside the safe area.
    public var topChromeHeight = 0.0
    /// The modifier keys held, as the input that arrives last says (the
    /// wiring sets it from each key and pointer event before delivering
    /// it): what a drag reads to change its meaning, as Shift keeps a
    /// selection handle's proportions. Touches carry no modifiers of their own.
    public var modifiers: KeyModifiers = []
    /// The part of the window the menu may cover: all of it below
    /// `topChromeHeight`.
    var menuArea: Rect {
        let top = min(max(0, topChromeHeight), bounds.height)
        return Rect(x: bounds.minX, y: bounds.minY + top, width: bounds.width, height: bounds.height - top)
    }
    private lazy var ownMenuController = MenuController(window: self)

    /// Where the window's events go (`sendEvent`). Made as the window is,
    /// not lazily: every event reads it, and a lazy property's getter is a
    /// call.
    private(set) var gestureEnvironment: GestureEnvironment!
    private final lazy var touchDispatcher = TouchDispatcher(window: self, environment: gestureEnvironment)
    private lazy var indirectGestureDispatcher = IndirectGestureDispatcher(window: self,
                                                                           environment: gestureEnvironment)
    private var damage: [Rect] = []

    /// Damage beyond this many rectangles collapses into their union.
    private static let maximumDamageRects = 8

    /// A window of `size` points, drawing from its top-left corner.
    public init(size: Size, timers: TimerQueue) {
        self.timers = timers
        super.init(frame: Rect(origin: .zero, size: size))
        gestureEnvironment = GestureEnvironment(window: self)
    }

    /// The application (SPEC §3).
    open override var next: Responder? { application }

    // MARK: Input

    /// Processes one batch of touch changes (see `TouchFrame`) and delivers
    /// the resulting touch events.
    ///
    /// Rules for imperfect input: a move, up or cancel for an id that is not
    /// down is ignored; a down for an id that is still down first ends the
    /// old touch (as if its up had been lost) and starts a new one. A pointer
    /// press while a finger of the same seat is down is ignored, and a finger
    /// going down cancels the pointer touch of its seat, so a compositor that
    /// sends both for one contact draws one line.
    public func handle(_ frame: TouchFrame) {
        touchDispatcher.handle(frame)
    }

    /// Delivers a touch event to the gesture recognizers and views of its
    /// touches (UIWindow.sendEvent). `Application.sendEvent(_:)` calls it
    /// for each of this window's events; a subclass may override it to
    /// watch or hold back the window's events, and calls super to deliver
    /// one. An event is delivered while it is being sent: sent again later,
    /// it delivers nothing.
    func sendEvent(_ event: Event) {
        gestureEnvironment.deliver(event)
    }

    /// Sends a touch event the window built from an input batch: through
    /// its application, as UIKit's events go, or straight to `sendEvent`
    /// when the window belongs to none.
    func send(_ event: Event) {
        event.isBeingSent = true
        defer { event.isBeingSent = false }
        if let application {
            application.sendEvent(event)
        } else {
            sendEvent(event)
        }
        event.changedTouches = []
    }

    /// Processes one step of an indirect gesture (a touchpad pinch or
    /// swipe, a wheel burst; see `IndirectGesture`): its `began` is
    /// hit-tested at its location, and every step goes to the recognizers
    /// that accepted it there.
    public func handle(_ gesture: IndirectGesture) {
        indirectGestureDispatcher.handle(gesture)
    }

    /// Every touch currently down on the window.
    var activeTouches: Set<Touch> { touchDispatcher.activeTouches }

    /// Ends every touch still down as lifting its finger would, where it
    /// was last seen: what quitting does to strokes in progress, so that
    /// a stroke interrupted by SIGTERM is kept as a line, not dropped.
    public func liftAllTouches() {
        touchDispatcher.liftAll()
    }

    /// Delivers a key press: to the menu first while it is visible, then to
    /// the first responder (the window itself when there is none) and along
    /// the responder chain. Returns whether something handled it.
    @discardableResult
    public func handle(_ press: KeyPress) -> Bool {
        if menuController.isVisible(in: self), menuController.handleKey(press) { return true }
        return (firstResponder ?? self).keyPressed(press)
    }

    /// Called for each new touch with the view it hit, before delivery: a
    /// touch outside the visible menu dismisses it. Returns whether it did.
    @discardableResult
    func touchDidHit(_ view: View?) -> Bool {
        let menuView = menuController.menuView
        guard menuController.isMenuVisible, view.map({ !$0.isDescendant(of: menuView) }) ?? true else { return false }
        menuController.hideMenu()
        return true
    }

    // MARK: Key window and first responder

    /// Makes this the application's key window.
    func makeKey() {
        application?.makeKey(self)
    }

    var isKeyWindow: Bool { application?.keyWindow === self }

    /// The menu serves the first responder, so it goes when that changes.
    func setFirstResponder(_ responder: Responder?) {
        guard responder !== firstResponder else { return }
        firstResponder = responder
        if menuController.isVisible(in: self) { menuController.hideMenu() }
    }

    // MARK: Damage

    /// True when something asked to be redrawn since the last `takeDamage()`.
    public var hasDamage: Bool { !damage.isEmpty }

    /// Returns the areas to redraw, in window coordinates, and clears them
    /// (and every view's `needsDisplay`).
    public func takeDamage() -> [Rect] {
        let taken = damage
        damage = []
        clearNeedsDisplay(in: self)
        return taken
    }

    func addDamage(_ rect: Rect) {
        if damage.contains(where: { $0.contains(rect) }) { return }
        let wasClean = damage.isEmpty
        damage.removeAll { rect.contains($0) }
        damage.append(rect)
        if damage.count > Window.maximumDamageRects {
            damage = [damage.reduce(Rect.null) { $0.union($1) }]
        }
        if wasClean { host?.windowNeedsDisplay(self) }
    }

    private func clearNeedsDisplay(in view: View) {
        view.needsDisplay = false
        for subview in view.subviews { clearNeedsDisplay(in: subview) }
    }

    // MARK: Layout

    override func boundsSizeDidChange() {
        rootViewController?.view.frame = bounds
        // The menu was placed for the old size.
        if menuController.isVisible(in: self) { menuController.hideMenu() }
    }

    /// Keeps the visible menu above every other subview.
    override func subviewsDidChange() {
        let menuView = menuController.menuView
        if menuView.superview === self, subviews.last !== menuView {
            bringSubviewToFront(menuView)
        }
    }
}
