/// One delivery of touch changes (UIEvent of type touches): every touch on
/// the window at that moment, with their phases for this delivery.
public final class Event {
    /// Every touch on the window, including those that are stationary and
    /// those that ended or were cancelled in this delivery.
    public let allTouches: Set<Touch>
    /// Time of the input batch, in seconds.
    public let timestamp: Double
    /// What a new touch comes from, on the event `hitTest(_:with:)` and
    /// `point(inside:with:)` get while that touch is hit-tested, so a view
    /// can answer by the kind of input (a title bar resizes from its border
    /// for a pointer only). Nil on the events delivered with touch messages.
    public let hitTestedKind: Touch.Kind?
    /// The window whose touches these are, where `Application.sendEvent(_:)`
    /// sends the event, while that window sends it; nil before and after.
    public var window: Window? { isBeingSent ? sendingWindow?.takeUnretainedValue() : nil }
    /// The window that built the event, not counted: the window's gesture
    /// environment keeps its latest event, which must not keep the window,
    /// and counting it cost routing a tenth of its instructions (each
    /// retain of a window goes through its side table, for the weak
    /// references touches hold). It is followed only while `isBeingSent`,
    /// that is inside the window's own `send`, when the window is alive.
    private let sendingWindow: Unmanaged<Window>?
    /// True while the window that built the event is sending it.
    var isBeingSent = false
    /// The touches that began, moved, ended or were cancelled in this
    /// delivery, each once, in order of change: what `Window.sendEvent(_:)`
    /// delivers. The window empties it once the event has been sent, so
    /// the dispatcher can reuse the list's storage (no allocation a batch),
    /// and an event sent again later delivers nothing.
    var changedTouches: [Touch]

    init(allTouches: Set<Touch>, timestamp: Double, window: Window, changedTouches: [Touch]) {
        self.allTouches = allTouches
        self.timestamp = timestamp
        hitTestedKind = nil
        sendingWindow = Unmanaged.passUnretained(window)
        self.changedTouches = changedTouches
    }

    private init(hitTesting kind: Touch.Kind, at timestamp: Double) {
        allTouches = []
        self.timestamp = timestamp
        hitTestedKind = kind
        sendingWindow = nil
        changedTouches = []
    }

    /// Calls `body` with the window sending the event, without counting a
    /// reference to it (see `sendingWindow`); does nothing once it is sent.
    func withSendingWindow(_ body: (Window) -> Void) {
        guard isBeingSent, let sendingWindow else { return }
        sendingWindow._withUnsafeGuaranteedRef(body)
    }

    /// The event for hit-testing a new touch of `kind` at `timestamp`.
    public static func hitTesting(_ kind: Touch.Kind, at timestamp: Double = 0) -> Event {
        Event(hitTesting: kind, at: timestamp)
    }

    /// The touches bound to `view` (those that began in it).
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    /// The touches `recognizer` sees.
    public func touches(for recognizer: GestureRecognizer) -> Set<Touch> {
        allTouches.filter { touch in touch.gestureRecognizers.contains { $0 === recognizer } }
    }
}
