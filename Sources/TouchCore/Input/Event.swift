/// One delivery of touch changes (UIEvent of type touches): every touch on
/// the window at that moment, with their phases for this delivery.
public final class Event {
    /// Every touch on the window, including those that are stationary and
    /// those that ended or were cancelled in this delivery.
    public let allTouches: Set<Touch>
    /// Time of the input batch, in seconds.
    public let timestamp: Double

    init(allTouches: Set<Touch>, timestamp: Double) {
        self.allTouches = allTouches
        self.timestamp = timestamp
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
