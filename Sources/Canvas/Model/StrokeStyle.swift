/// How a line is drawn: its colour and its width. Each line keeps its
/// own; the canvas draws new lines with the one chosen last.
public struct StrokeStyle: Hashable, Sendable, CustomStringConvertible {
    public var color: PaletteColor
    public var width: StrokeWidth

    public init(color: PaletteColor = .standard, width: StrokeWidth = .standard) {
        self.color = color
        self.width = width
    }

    /// Black, 10 pt: every line before styles existed, and what the
    /// drawing file leaves unsaid.
    public static let standard = StrokeStyle()

    public var isStandard: Bool { self == .standard }

    public var description: String { "\(color.rawValue) \(width.name)" }
}
