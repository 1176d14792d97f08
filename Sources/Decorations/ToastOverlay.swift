import Timing

/// Which toast is shown, and until when (libadwaita's `AdwToastOverlay`,
/// with every toast of high priority: a new one replaces the one shown, as
/// feedback on the latest action is what matters). A toast goes after its
/// `timeout` on the overlay's timers, when its button is pressed, or when
/// the owner dismisses it (the next stroke, a change that makes its Undo
/// mean something else). Pure: tests drive it on a `ManualClock`.
public final class ToastOverlay {
    /// Why a toast went away.
    public enum Dismissal: String, Sendable {
        /// Its time was up.
        case timedOut = "timeout"
        /// Its button was pressed (after which the button's action ran).
        case buttonPressed = "button"
        /// A new stroke began.
        case stroke
        /// Another toast took its place.
        case replaced
        /// The drawing changed since, so its button would no longer do what it says.
        case outdated
    }

    /// What happened to the toasts, in order: the wiring redraws and traces it.
    public enum Event {
        case shown(Toast)
        case dismissed(Toast, Dismissal)
    }

    /// The toast on screen, if any.
    public private(set) var current: Toast?
    /// Told of every toast shown and dismissed.
    public var onEvent: (Event) -> Void = { _ in }
    private let timers: TimerQueue
    private var expiry: TimerHandle?

    public init(timers: TimerQueue) {
        self.timers = timers
    }

    /// Shows `toast` for its `timeout`, in place of the one shown.
    public func show(_ toast: Toast) {
        dismiss(.replaced)
        current = toast
        expiry = timers.schedule(after: toast.timeout) { [unowned self] in dismiss(.timedOut) }
        onEvent(.shown(toast))
    }

    /// Takes the shown toast away, if any, saying why.
    public func dismiss(_ reason: Dismissal) {
        guard let toast = current else { return }
        current = nil
        expiry?.cancel()
        expiry = nil
        onEvent(.dismissed(toast, reason))
    }

    /// The shown toast's button was pressed: the toast goes, then its
    /// action runs (which may show another toast).
    func pressButton() {
        guard let toast = current, let action = toast.action else { return }
        dismiss(.buttonPressed)
        action()
    }
}
