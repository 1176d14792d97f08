/// Something that can handle touches, keys and actions (UIResponder).
///
/// Responders form a chain through `next` (SPEC §3): a view → its view
/// controller, else its superview; a view controller → its view's superview;
/// the root view → the window; the window → the application; the application
/// → nothing. Every default implementation here passes the message on to
/// `next`; whatever reaches the end of the chain is dropped.
open class Responder {
    public init() {}

    /// The next responder in the chain.
    open var next: Responder? { nil }

    /// How `--trace` names this responder: its type's name.
    open var traceName: String { String(describing: type(of: self)) }

    /// The window whose first responder this responder would be.
    var windowForFirstResponder: Window? { nil }

    // MARK: Touches

    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        next?.touchesEnded(touches, with: event)
    }

    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Keys

    /// Handles a key press; returns whether it was handled. The default
    /// passes it to `next` (false at the end of the chain).
    open func keyPressed(_ press: KeyPress) -> Bool {
        next?.keyPressed(press) ?? false
    }

    // MARK: First responder

    /// Whether this responder accepts becoming its window's first responder.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder lets the first-responder status go.
    var canResignFirstResponder: Bool { true }

    /// True when this responder is its window's first responder.
    var isFirstResponder: Bool {
        windowForFirstResponder?.firstResponder === self
    }

    /// Makes this responder its window's (only) first responder. Fails when
    /// `canBecomeFirstResponder` is false, when it is not in a window, or
    /// when the current first responder refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = windowForFirstResponder else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder {
            guard current.resignFirstResponder() else { return false }
        }
        window.setFirstResponder(self)
        return true
    }

    /// Gives up first-responder status; fails when `canResignFirstResponder`
    /// is false. Resigning a responder that is not first responder succeeds
    /// and changes nothing.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = windowForFirstResponder, window.firstResponder === self {
            window.setFirstResponder(nil)
        }
        return true
    }

    // MARK: Actions

    /// How this responder performs `action`, or nil when it does not
    /// implement it. Subclasses override this to implement actions:
    ///
    ///     override func handler(for action: Action) -> ((Any?) -> Void)? {
    ///         switch action {
    ///         case .delete: return { [unowned self] _ in deleteSelection() }
    ///         default: return super.handler(for: action)
    ///         }
    ///     }
    ///
    /// The handler's argument is the sender.
    open func handler(for action: Action) -> ((Any?) -> Void)? { nil }

    /// Whether this responder can perform `action` now. By default it can
    /// exactly when it implements it; override to disable an implemented
    /// action (e.g. delete with nothing selected).
    open func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
        handler(for: action) != nil
    }

    /// Fills in how `command` looks now (its state, its value), when this
    /// responder is the one that would perform its action (UIResponder's
    /// `validate(_:)`). The default changes nothing.
    open func validate(_ command: Command) {}

    /// The first responder from here along the chain that can perform
    /// `action`, or nil.
    public func target(forAction action: Action, withSender sender: Any?) -> Responder? {
        var responder: Responder? = self
        while let current = responder {
            if current.canPerformAction(action, withSender: sender) { return current }
            responder = current.next
        }
        return nil
    }

    /// Finds the target for `action` from here and performs it; returns
    /// whether some responder did.
    /// With a `tracer`, the walk is traced: who was asked, who took it.
    @discardableResult
    func perform(_ action: Action, sender: Any?, tracer: Tracer? = nil) -> Bool {
        if let tracer { traceWalk(of: action, sender: sender, to: tracer) }
        guard let target = target(forAction: action, withSender: sender),
              let handler = target.handler(for: action) else { return false }
        handler(sender)
        return true
    }

    private func traceWalk(of action: Action, sender: Any?, to tracer: Tracer) {
        var asked: [String] = []
        var responder: Responder? = self
        while let current = responder {
            asked.append(current.traceName)
            if current.canPerformAction(action, withSender: sender) {
                tracer(.actionWalk(action: action.name, asked: asked, takenBy: current.traceName))
                return
            }
            responder = current.next
        }
        tracer(.actionWalk(action: action.name, asked: asked, takenBy: nil))
    }
}
