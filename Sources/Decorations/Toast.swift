/// A short message about what just happened, shown at the bottom of the
/// window for a few seconds (libadwaita's `AdwToast`): a title and at most
/// one button, which undoes or follows up the action ("Undo", "Open").
/// `ToastOverlay` decides when it shows and goes; `ToastView` draws it.
public struct Toast {
    /// What happened: "Drawing cleared".
    public let title: String
    /// The button's label; nil: no button.
    public let buttonTitle: String?
    /// What the button does.
    public let action: (() -> Void)?
    /// Seconds it stays before it goes by itself: `AdwToast`'s default.
    public let timeout: Double

    public static let defaultTimeout = 5.0

    public init(_ title: String, button buttonTitle: String? = nil, timeout: Double = Toast.defaultTimeout,
                action: (() -> Void)? = nil) {
        precondition((buttonTitle == nil) == (action == nil), "a toast's button needs an action, and only a button")
        self.title = title
        self.buttonTitle = buttonTitle
        self.action = action
        self.timeout = timeout
    }
}
