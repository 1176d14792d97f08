/// One decision of the core, for `--trace`: the Linux form of the book's
/// `NSLog(@"%@", NSStringFromSelector(_cmd))` debugging, but for every
/// responder and recognizer at once.
public enum TraceRecord: Equatable, Sendable {
    /// A view or a gesture recognizer received a touch message.
    case touches(Touch.Phase, receiver: String, touches: [TracedTouch])
    /// A gesture recognizer received a step of an indirect gesture (a
    /// touchpad pinch or swipe, a wheel burst).
    case indirectGesture(IndirectGesture.Phase, kind: IndirectGesture.Kind, source: IndirectGesture.Source,
                         receiver: String)
    /// A recognizer's state change took effect (`possible` again after a
    /// reset included).
    case state(recognizer: String, from: GestureRecognizer.State, to: GestureRecognizer.State)
    /// A recognizer sent an action to a target.
    case action(recognizer: String, action: String, target: String)
    /// An action message with no target walked the responder chain: the
    /// responders asked, in order, and the one that took it (nil: none).
    case actionWalk(action: String, asked: [String], takenBy: String?)
}

/// A touch as the trace names it: as `--log-input` does, by its seat and
/// the compositor's id.
public struct TracedTouch: Equatable, Sendable {
    public var seat: String
    public var id: Int32
    public var kind: Touch.Kind

    public init(seat: String, id: Int32, kind: Touch.Kind) {
        self.seat = seat
        self.id = id
        self.kind = kind
    }
}

/// Receives the trace records of a window while it is set; nil (the
/// default) costs a check per message and builds nothing.
public typealias Tracer = (TraceRecord) -> Void

extension TracedTouch {
    init(_ touch: Touch) {
        self.init(seat: touch.device.seat, id: touch.rawID, kind: touch.kind)
    }

    /// `touches` in the order they went down.
    static func list(_ touches: Set<Touch>) -> [TracedTouch] {
        touches.sorted { $0.serial < $1.serial }.map(TracedTouch.init)
    }
}
