/// The app as a responder (UIApplication): the end of every responder chain,
/// the entry point for action messages, and the way every touch event
/// goes (`sendEvent(_:)`, from its window to its window).
open class Application: Responder {
    /// The process's application; see `shared`. Written once, by the
    /// executable before its loop starts, and read on that one thread.
    nonisolated(unsafe) private static var sharedApplication: Application?

    /// The application of this process (UIApplication.shared): the one
    /// made shared with `makeShared()`, as `UIApplicationMain` makes the
    /// one it creates. Asking before there is one is a programming error.
    public static var shared: Application {
        guard let sharedApplication else {
            preconditionFailure("no shared application: the executable makes its application shared first")
        }
        return sharedApplication
    }

    /// Makes this the process's application (`Application.shared`). The
    /// executable does it once for the application of its window. Tests,
    /// and a program's other scenes, make applications that are not shared.
    public func makeShared() {
        Application.sharedApplication = self
    }

    public private(set) var windows: [Window] = []
    /// The window that receives key presses and nil-target actions.
    private(set) weak var keyWindow: Window?

    /// The application's context menu (UIMenuController), shown in its key
    /// window; `MenuController.shared` is the shared application's.
    public private(set) lazy var menuController = MenuController(application: self)

    public override init() {
        super.init()
    }

    /// Its windows outlive it only as windows of no application (their
    /// `application` is not counted, so it must not point here after).
    deinit {
        for window in windows where window.application === self { window.application = nil }
    }

    /// Adds `window` to the app; the first window becomes the key window.
    public func addWindow(_ window: Window) {
        precondition(window.application == nil || window.application === self,
                     "a window belongs to one application")
        guard !windows.contains(where: { $0 === window }) else { return }
        windows.append(window)
        window.application = self
        if keyWindow == nil { keyWindow = window }
    }

    func removeWindow(_ window: Window) {
        if menuController.isVisible(in: window) { menuController.hideMenu() }
        windows.removeAll { $0 === window }
        if window.application === self { window.application = nil }
        if keyWindow === window { keyWindow = windows.first }
    }

    func makeKey(_ window: Window) {
        precondition(window.application === self, "only a window of this application can be key")
        // The menu shows in the key window: it does not stay behind in another.
        if keyWindow !== window, let keyWindow, menuController.isVisible(in: keyWindow) { menuController.hideMenu() }
        keyWindow = window
    }

    /// Sends a touch event to the window of its touches (UIApplication
    /// .sendEvent): every event of the application's windows comes here
    /// first. A subclass may override it to watch or hold back events, and
    /// calls super to deliver one.
    func sendEvent(_ event: Event) {
        event.withSendingWindow { $0.sendEvent(event) }
    }

    /// Sends `action` (UIApplication.sendAction). With a target, the target
    /// performs it if it implements it. With no target, it goes to the key
    /// window's first responder (the window itself when there is none) and
    /// walks the responder chain to the first responder that can perform it.
    /// Returns whether some responder performed the action.
    @discardableResult
    public func sendAction(_ action: Action, to target: Responder?, from sender: Any?) -> Bool {
        if let target {
            guard let handler = target.handler(for: action) else { return false }
            handler(sender)
            return true
        }
        guard let window = keyWindow else { return perform(action, sender: sender) }
        let start = window.firstResponder ?? window
        return start.perform(action, sender: sender, tracer: window.tracer)
    }

    /// Validates `command` where `sendAction(command.action, to: nil, …)`
    /// would deliver it: the responder that would perform it fills it in
    /// (its `validate(_:)`), and with none it is disabled. Controls call it
    /// before showing a command, so they show what choosing it would do
    /// now. (Not named `validate`: that is the application's own hook as a
    /// responder.)
    public func validateCommand(_ command: Command, sender: Any?) {
        let start: Responder = keyWindow.map { $0.firstResponder ?? $0 } ?? self
        guard let target = start.target(forAction: command.action, withSender: sender) else {
            command.isEnabled = false
            return
        }
        command.isEnabled = true
        target.validate(command)
    }

    /// The end of the chain.
    open override var next: Responder? { nil }
}
