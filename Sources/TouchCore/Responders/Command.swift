/// A command a control or a menu item stands for (UICommand): the action it
/// sends through the responder chain, and how it looks now. Before showing
/// it, the control asks the chain to validate it
/// (`Application.validateCommand(_:sender:)`): the responder that would perform the
/// action fills in `state` and `value` (`Responder.validate(_:)`); with no
/// such responder it is disabled.
public final class Command {
    /// On or off, for a command that toggles something (a check mark in a
    /// menu, a toggle button).
    public enum State: Hashable, Sendable {
        case off, on
    }

    public let action: Action
    public var title: String
    public var state = State.off
    /// False when no responder in the chain can perform the action now.
    public var isEnabled = true
    /// What the command shows beside its title, as its target says (the
    /// colour in use, for the colour button); nil for most.
    public var value: AnyHashable?

    public init(title: String, action: Action) {
        self.title = title
        self.action = action
    }
}
