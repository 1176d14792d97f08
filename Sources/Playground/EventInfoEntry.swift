import TouchCore

/// One touch message as the EventInfo page lists it: which of the four
/// methods ran, what each of its touches said, and how many touches the
/// event held in all.
public struct EventInfoEntry: Equatable, Sendable {
    /// The touch method that ran.
    public enum Method: String, Equatable, Sendable {
        case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
    }

    /// One touch of the message.
    public struct TouchInfo: Equatable, Sendable {
        public var touch: TracedTouch
        public var phase: Touch.Phase
        public var tapCount: Int
        /// The view the touch is bound to (the one hit-tested when it
        /// began), by the name the page shows.
        public var viewName: String
        /// `location(in: touch.view)`.
        public var inView: Point
        /// `location(in: nil)`.
        public var inWindow: Point
    }

    public var method: Method
    /// The message's touches, in the order they began.
    public var touches: [TouchInfo]
    /// `event.allTouches.count`.
    public var allTouchesCount: Int

    /// The entry's lines of text: the method and the count, then two lines
    /// per touch (what it is, then where), narrow enough for a small window.
    public var lines: [String] {
        ["\(method.rawValue)  allTouches \(allTouchesCount)"] + touches.flatMap { info in
            ["  \(Self.name(of: info.touch)) \(Self.name(of: info.phase)) tap \(info.tapCount)",
             "    \(info.viewName) \(Self.format(info.inView))  window \(Self.format(info.inWindow))"]
        }
    }

    static func name(of touch: TracedTouch) -> String {
        switch touch.kind {
        case .finger: "finger \(touch.id)"
        case .pointer: "mouse"
        case .pen: "pen"
        case .eraser: "eraser"
        }
    }

    static func name(of phase: Touch.Phase) -> String {
        switch phase {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    /// A point to a tenth of a point, as "(12.5, 40)".
    static func format(_ point: Point) -> String {
        "(\(format(point.x)), \(format(point.y)))"
    }

    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let whole = abs(tenths) / 10, fraction = abs(tenths) % 10
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
