/// Modifier keys held during a key press (from `wl_keyboard.modifiers` via
/// xkbcommon).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let control = KeyModifiers(rawValue: 1 << 1)
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// The "Super"/"Windows" key.
    public static let logo = KeyModifiers(rawValue: 1 << 3)
}
