/// The app as a responder (UIApplication): the end of every responder chain
/// and the entry point for action messages.
open class Application: Responder {
    public private(set) var windows: [Window] = []
    /// The window that receives key presses and nil-target actions.
    public private(set) weak var keyWindow: Window?

    public override init() {
        super.init()
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

    public func removeWindow(_ window: Window) {
        windows.removeAll { $0 === window }
        if window.application === self { window.application = nil }
        if keyWindow === window { keyWindow = windows.first }
    }

    func makeKey(_ window: Window) {
        precondition(window.application === self, "only a window of this application can be key")
        keyWindow = window
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
