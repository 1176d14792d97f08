/// One finger (or the pointer's left button, or a pen's contact) on the
/// window, from down to up or cancel (UITouch).
///
/// A touch is an identity: the same object for its whole life, so views and
/// recognizers may key state by it (a `Set<Touch>` or a dictionary). A new
/// contact always gets a new `Touch`, even when Wayland reuses the raw id.
public final class Touch: Hashable {
    /// Where a touch is in its life (UITouchPhase). The raw value is the
    /// phase's name, as `--trace` and the playground's EventInfo print it.
    public enum Phase: String, Hashable, Sendable {
        case began
        case moved
        /// Down but unchanged in the current event.
        case stationary
        case ended
        case cancelled
    }

    public enum Kind: Hashable, Sendable {
        /// A `wl_touch` contact.
        case finger
        /// The pointer with its left button held.
        case pointer
        /// A tablet tool touching the tablet (`zwp_tablet_tool_v2.down` to
        /// `up`): a pen, a brush, a pencil… anything but an eraser.
        case pen
        /// A tablet tool of type eraser touching the tablet (a pen's eraser
        /// end, or the eraser button some pens report as one): it erases.
        case eraser
    }

    public let kind: Kind
    public internal(set) var phase: Phase
    /// Time of this touch's latest change, in seconds.
    public internal(set) var timestamp: Double
    /// A pen's pressure at its latest change, 0…1 (UITouch.force, scaled);
    /// nil for fingers, the pointer and pens without a pressure axis.
    public internal(set) var pressure: Double?
    /// A pen's tilt at its latest change; nil when unknown.
    public internal(set) var tilt: Tilt?
    /// Whether the pen's first barrel button was held as it touched down:
    /// the touch selects by a loop, whatever the tool.
    public let barrelButtonHeld: Bool
    /// How many quick taps in a row this touch is: 1 for a first touch, 2
    /// for the second of a double tap, and so on. It is set when the touch
    /// begins and does not change. A touch counts as the next tap when the
    /// previous touch of the same device was a tap (held at most
    /// `TapCounter.maximumPressDuration`, moved at most
    /// `TapCounter.maximumMovement`), ended at most `TapCounter.maximumInterval`
    /// before this one began, and within `TapCounter.maximumDistance` of it.
    public internal(set) var tapCount: Int
    /// The view hit-tested when the touch began. It keeps the touch for its
    /// whole life, even after the finger leaves its bounds. Nil when nothing
    /// was hit.
    public internal(set) var view: View?
    /// Whether the touch closed the window's visible menu as it began
    /// (it went down outside it). It still goes on to `view`, which may
    /// treat it as spent on closing the menu.
    public internal(set) var closedMenu = false
    public internal(set) weak var window: Window?
    /// The recognizers that see this touch, filled by the gesture environment
    /// when the touch begins.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Where the touch is and was, in window coordinates.
    var locationInWindow: Point
    var previousLocationInWindow: Point
    /// Where and when it began, for tap counting.
    let startLocation: Point
    let startTimestamp: Double
    /// Furthest distance from `startLocation` so far, for tap counting.
    var maximumMovement: Double = 0
    /// The device and raw id it came from.
    let device: InputDeviceID
    let rawID: Int32
    /// Creation order, so deliveries are deterministic.
    let serial: UInt64

    init(kind: Kind, device: InputDeviceID, rawID: Int32, serial: UInt64,
         location: Point, timestamp: Double, tapCount: Int, window: Window,
         pressure: Double? = nil, tilt: Tilt? = nil, barrelButtonHeld: Bool = false) {
        self.kind = kind
        self.barrelButtonHeld = barrelButtonHeld
        self.pressure = pressure
        self.tilt = tilt
        self.device = device
        self.rawID = rawID
        self.serial = serial
        self.phase = .began
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.startLocation = location
        self.startTimestamp = timestamp
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.window = window
    }

    /// The current location in `view`'s coordinates, or in window
    /// coordinates when `view` is nil.
    public func location(in view: View?) -> Point {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// The location before the latest move, in `view`'s coordinates (window
    /// coordinates when nil). Equal to `location(in:)` for a touch that has
    /// just begun.
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension Collection where Element == Touch {
    /// The touches in the order they began. A `Set`'s order changes from
    /// run to run (touches hash by identity): a view that makes something of
    /// each touch of a message (a line, numbered as it finishes) goes
    /// through them in this order, so the same input gives the same result.
    public var inOrderOfBeginning: [Touch] { sorted { $0.serial < $1.serial } }
}
