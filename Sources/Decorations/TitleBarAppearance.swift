import TouchCore

/// What a client-side title bar shows, in logical points of the window:
/// everything `TitleBarPainter` needs, decided by the view that owns the
/// bar (which also hit-tests the same button frames).
public struct TitleBarAppearance: Equatable, Sendable {
    /// The window buttons, drawn at the right end of the bar.
    public enum Button: Hashable, Sendable, CaseIterable {
        case minimize, maximize, close
    }

    /// One button and where it is.
    public struct ButtonFrame: Equatable, Sendable {
        public var button: Button
        public var frame: Rect

        public init(_ button: Button, frame: Rect) {
            self.button = button
            self.frame = frame
        }
    }

    /// The bar's rectangle in the window.
    public var frame: Rect
    /// The window title, centred in the bar and cut with "…" when it does
    /// not fit beside the buttons.
    public var title: String
    /// The window is the active one (`xdg_toplevel` state `activated`).
    public var isActive: Bool
    /// The window is maximized: the maximize button shows "restore".
    public var isMaximized: Bool
    public var buttons: [ButtonFrame]
    /// The button under a press that has not been released yet.
    public var pressedButton: Button?

    public init(frame: Rect, title: String, isActive: Bool, isMaximized: Bool,
                buttons: [ButtonFrame], pressedButton: Button? = nil) {
        self.frame = frame
        self.title = title
        self.isActive = isActive
        self.isMaximized = isMaximized
        self.buttons = buttons
        self.pressedButton = pressedButton
    }
}
