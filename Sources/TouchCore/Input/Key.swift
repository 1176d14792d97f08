/// A key, as the app layer names it after xkbcommon has applied the keymap.
public enum Key: Hashable, Sendable {
    /// Text the key produces with the current modifiers (xkb UTF-8 output).
    case character(String)
    /// Forward delete.
    case delete
    case backspace
    case escape
    /// Return or keypad Enter.
    case enter
    case tab
    case up
    case down
    case left
    case right
    case home
    case end
    /// Any other key, by its xkb keysym.
    case other(UInt32)
}
