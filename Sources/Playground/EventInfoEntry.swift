import TouchCore

/// One touch message as the guide's EventInfo logs it: which of the four
/// methods ran and with how many touches (`touches.count`), then every
/// touch of the event (`event.allTouches`, so a finger held still while
/// another moves is listed, `stationary`), each with
/// `locationInView(self)` and `locationInView(nil)` to three decimals
/// (`%2.3f`), its phase by the guide's number and name, and its `tapCount`.
public struct EventInfoEntry: Equatable, Sendable {
    /// The touch method that ran.
    public enum Method: String, Equatable, Sendable {
        case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
    }

    /// One touch of the event.
    public struct TouchInfo: Equatable, Sendable {
        public var touch: TracedTouch
        public var phase: Touch.Phase
        public var tapCount: Int
        /// The view the touch is bound to (the one hit-tested when it
        /// began), by the name the page shows.
        var viewName: String
        /// `locationInView(self)`: in the page's coordinates.
        var inSelf: Point
        /// `locationInView(nil)`: in the window's.
        public var inWindow: Point
    }

    public var method: Method
    /// `touches.count`: how many touches the message is about.
    var touchesCount: Int
    /// `event.allTouches`, in the order they began.
    public var allTouches: [TouchInfo]

    /// The entry's lines of text: the method and its count, then three
    /// lines per touch of the event (what it is, then where in the view and
    /// in the window), narrow enough for a small window.
    public var lines: [String] {
        ["\(method.rawValue): touches.count \(touchesCount), allTouches \(allTouches.count)"]
            + allTouches.flatMap { info in
                ["  \(Self.name(of: info.touch)) in \(info.viewName): phase \(Self.number(of: info.phase)) "
                    + "\(info.phase.rawValue), tapCount \(info.tapCount)",
                 "    locationInView(self) \(Self.format(info.inSelf))",
                 "    locationInView(nil)  \(Self.format(info.inWindow))"]
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

    /// The phase's number as the guide prints it (UITouchPhase's raw value).
    static func number(of phase: Touch.Phase) -> Int {
        switch phase {
        case .began: 0
        case .moved: 1
        case .stationary: 2
        case .ended: 3
        case .cancelled: 4
        }
    }

    /// A point as the guide's `{%2.3f, %2.3f}`.
    static func format(_ point: Point) -> String {
        "{\(format(point.x)), \(format(point.y))}"
    }

    /// `%2.3f`: three decimals, the sign kept as C keeps it (-0.0004 is
    /// "-0.000"); three decimals always exceed the width of 2.
    static func format(_ value: Double) -> String {
        let thousandths = Int((abs(value) * 1000).rounded())
        let digits = String(thousandths % 1000)
        let sign = value.sign == .minus ? "-" : ""
        return "\(sign)\(thousandths / 1000).\(String(repeating: "0", count: 3 - digits.count))\(digits)"
    }
}
