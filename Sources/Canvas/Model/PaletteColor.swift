import TouchCore

/// The eight colours a line can be drawn in: black (the default) and
/// seven of the GNOME HIG palette's colours, each at the shade the HIG
/// names (blue 3, green 4, yellow 5, orange 5, red 4, purple 3, brown 4),
/// dark enough to read on white paper.
public enum PaletteColor: String, CaseIterable, Hashable, Sendable {
    case black, blue, green, yellow, orange, red, purple, brown

    /// The colour of lines drawn before the palette existed.
    public static let standard = PaletteColor.black

    /// The sRGB value, as `#rrggbb` (also how the drawing file, the
    /// journal and SVG exports spell it).
    public var hex: String {
        switch self {
        case .black: "#000000"
        case .blue: "#3584e4"    // Blue 3
        case .green: "#2ec27e"   // Green 4
        case .yellow: "#e5a50a"  // Yellow 5
        case .orange: "#c64600"  // Orange 5
        case .red: "#c01c28"     // Red 4
        case .purple: "#9141ac"  // Purple 3
        case .brown: "#865e3c"   // Brown 4
        }
    }

    /// The palette colour spelled `hex` (`#rrggbb`, either case), if any.
    public init?(hex: String) {
        guard let color = Self.allCases.first(where: { $0.hex == hex.lowercased() }) else { return nil }
        self = color
    }

    /// The colour to paint with.
    public var color: Color {
        let value = UInt32(hex.dropFirst(), radix: 16)!
        return Color(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
                     blue: Double(value & 0xFF) / 255)
    }

    /// What a person calls it ("Blue"), for menus and the colour button.
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The action that picks this colour (sent through the responder
    /// chain: see `CanvasView.handler(for:)`).
    public var action: Action { Action("strokeColor-\(rawValue)") }

    /// The colour an action from `action` picks.
    public init?(action: Action) {
        guard let color = Self.allCases.first(where: { $0.action == action }) else { return nil }
        self = color
    }
}
