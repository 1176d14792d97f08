import TouchCore

/// A width a line can be drawn at: one of eight, from 1 to 30 points.
public struct StrokeWidth: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Points across a straight line, and across a freehand line where it
    /// is pressed fully.
    public let points: Double

    private init(exactly points: Double) {
        self.points = points
    }

    /// Every width, thinnest first: from a hairline to a marker's stroke,
    /// closer together at the thin end, where a point more shows most.
    public static let allCases = [1.0, 2, 4, 7, 10, 15, 20, 30].map(StrokeWidth.init(exactly:))

    /// The width of lines drawn before widths could be chosen, and of new
    /// lines until another is chosen.
    public static let standard = StrokeWidth(exactly: 10)

    /// The width that is `points` across, if it is one of `allCases`.
    public init?(points: Double) {
        guard Self.allCases.contains(where: { $0.points == points }) else { return nil }
        self.init(exactly: points)
    }

    /// How settings files and recordings name it: its points ("7").
    public var name: String { String(Int(points)) }

    /// The width `name` names: its points ("7"), or one of the names of the
    /// three widths there were before the eight (thin, medium, thick: 4,
    /// 10 and 20 points), which older settings files and recordings hold.
    public init?(name: String) {
        switch name {
        case "thin": self.init(exactly: 4)
        case "medium": self.init(exactly: 10)
        case "thick": self.init(exactly: 20)
        default:
            guard let points = Int(name) else { return nil }
            self.init(points: Double(points))
        }
    }

    /// What a person reads ("7 pt").
    public var title: String { "\(name) pt" }

    public var description: String { name }

    /// The action that picks this width (see `PaletteColor.action`).
    public var action: Action { Action("strokeWidth-\(name)") }

    /// The width an action from `action` picks.
    public init?(action: Action) {
        guard let width = Self.allCases.first(where: { $0.action == action }) else { return nil }
        self = width
    }
}
