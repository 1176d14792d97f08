import TouchCore

/// The three widths a line can be drawn at.
public enum StrokeWidth: String, CaseIterable, Hashable, Sendable {
    case thin, medium, thick

    /// The width of lines drawn before widths could be chosen.
    public static let standard = StrokeWidth.medium

    /// Points across a straight line, and across a freehand line where it
    /// is pressed fully.
    public var points: Double {
        switch self {
        case .thin: 4
        case .medium: 10
        case .thick: 20
        }
    }

    /// The width that is `points` across, if any.
    public init?(points: Double) {
        guard let width = Self.allCases.first(where: { $0.points == points }) else { return nil }
        self = width
    }

    /// What a person calls it ("Thick").
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The action that picks this width (see `PaletteColor.action`).
    public var action: Action { Action("strokeWidth-\(rawValue)") }

    /// The width an action from `action` picks.
    public init?(action: Action) {
        guard let width = Self.allCases.first(where: { $0.action == action }) else { return nil }
        self = width
    }
}
