/// The name of an action message (Swift's stand-in for a selector).
///
/// A responder implements an action by returning a handler for it from
/// `Responder.handler(for:)`; `Application.sendAction(_:to:from:)` and the
/// menu deliver actions to those handlers.
public struct Action: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }

    // The standard edit actions (UIResponderStandardEditActions).
    public static let cut = Action("cut")
    public static let copy = Action("copy")
    public static let paste = Action("paste")
    public static let delete = Action("delete")
    public static let select = Action("select")
    static let selectAll = Action("selectAll")

    /// The standard edit actions in the order the menu shows them.
    static let standardEditActions: [Action] = [.cut, .copy, .paste, .delete, .select, .selectAll]
}
