/// What a finger, the mouse or a pen draws on the canvas.
public enum DrawingTool: String, CaseIterable, Hashable, Sendable {
    /// A straight line from where the stroke began to where it is: the
    /// book's TouchTracker, and the default.
    case lines
    /// Every point the stroke passes through, as wide as a pen presses.
    case freehand
    /// A lasso: the loop drawn selects the lines in it, which then move,
    /// scale and turn together (issue 38; see `Lasso`).
    case select

    /// The key that picks the tool on the canvas (no modifiers).
    public var key: Character {
        switch self {
        case .lines: "l"
        case .freehand: "f"
        case .select: "s"
        }
    }

    /// The tool picked by `key`, if any.
    public init?(key: Character) {
        guard let tool = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = tool
    }
}
