/// The compositor time an input batch is measured from.
extension InputEvent {
    /// The compositor's time (milliseconds) of the oldest event in the
    /// batch that can change what is drawn: touches, the pointer, touchpad
    /// gestures, tablet tools and key presses. Nil for focus and seat
    /// changes, repeats (their time is ours, not the compositor's), and
    /// pointer frames of only `enter`/`leave` (no time).
    public var inputTime: UInt32? {
        switch self {
        case .touch(let frame): frame.cancelled ? nil : frame.changes.map(\.time).min()
        case .pointer(let frame): frame.time == 0 ? nil : frame.time
        case .pointerGesture(let gesture): gesture.time
        case .tabletTool(let frame): frame.time
        case .key(let key): key.action == .repeat ? nil : key.time
        case .keyboardFocus, .seatCapabilities: nil
        }
    }
}
