/// One command of the menu (UIMenuItem): a title and the action it sends to
/// the first responder.
public struct MenuItem: Hashable, Sendable {
    public var title: String
    public var action: Action

    public init(title: String, action: Action) {
        self.title = title
        self.action = action
    }

    /// The item the menu shows for a standard edit action the first
    /// responder implements, or nil for any other action.
    public static func standard(for action: Action) -> MenuItem? {
        switch action {
        case .cut: MenuItem(title: "Cut", action: action)
        case .copy: MenuItem(title: "Copy", action: action)
        case .paste: MenuItem(title: "Paste", action: action)
        case .delete: MenuItem(title: "Delete", action: action)
        case .select: MenuItem(title: "Select", action: action)
        case .selectAll: MenuItem(title: "Select All", action: action)
        default: nil
        }
    }
}
