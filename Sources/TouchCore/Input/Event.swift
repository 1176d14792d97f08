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

    init(allTouches: Set<Touch>, timestamp: Double) {
        self.allTouches = allTouches
        self.timestamp = timestamp
        hitTestedKind = nil
    }

    private init(hitTesting kind: Touch.Kind, at timestamp: Double) {
        allTouches = []
        self.timestamp = timestamp
        hitTestedKind = kind
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
