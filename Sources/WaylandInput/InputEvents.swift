/// One batch of input from one seat, as the layer above receives it through
/// `InputHandler.seatManager(_:didReceive:origin:target:)`. Plain values: nothing here refers to a Wayland object.
public enum InputEvent: Equatable, Sendable {
    /// One `wl_touch.frame` worth of changes (or a frame the layer closed
    /// itself when a compositor omitted it, or a cancellation).
    case touch(TouchInputFrame)
    /// One `wl_pointer.frame` worth of events (one event per frame on seats
    /// older than version 5, which have no frame event).
    case pointer(PointerFrame)
    /// One event of a touchpad gesture (`zwp_pointer_gestures_v1`: a swipe,
    /// a pinch or a hold) that began on our surface.
    case pointerGesture(PointerGestureEvent)
    /// One `zwp_tablet_tool_v2.frame` of one tool (or a frame the layer
    /// closed itself: the compositor omitted it, or the tool went away).
    case tabletTool(TabletToolFrame)
    /// A key press or release (`wl_keyboard.key`) or a repeat synthesized
    /// from the event loop's timers.
    case key(KeyEvent)
    /// `wl_keyboard.enter` / `wl_keyboard.leave` on our surface.
    case keyboardFocus(seat: String, entered: Bool)
    /// `wl_seat.capabilities`, and all false when the seat goes away.
    case seatCapabilities(seat: String, pointer: Bool, keyboard: Bool, touch: Bool)
}

/// The touch changes of one frame, in protocol order.
///
/// One id may appear more than once (a `down` and its `up` in the same frame,
/// or an id reused right after its `up`): apply the changes in order.
/// A frame holding `.cancel` changes holds nothing else: the touches listed
/// end without lifting; touches not listed are unaffected.
public struct TouchInputFrame: Equatable, Sendable {
    public var seat: String
    public var changes: [TouchChange]

    public init(seat: String, changes: [TouchChange]) {
        self.seat = seat
        self.changes = changes
    }

    /// True for a frame that cancels touches (`wl_touch.cancel`, the touch
    /// capability or the seat going away, or a stale id the compositor
    /// reused without an `up`).
    public var cancelled: Bool { changes.contains { $0.kind == .cancel } }
}

/// One touch point's change within a `TouchInputFrame`.
public struct TouchChange: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        /// `wl_touch.down`: a new touch point with this id.
        case down
        /// `wl_touch.motion`, `shape` or `orientation`.
        case motion
        /// `wl_touch.up`: lifted; the position is the last one known.
        case up
        /// Ended without lifting; the position is the last one known.
        case cancel
    }

    /// The compositor's touch id, unique among touch points currently down.
    public var id: Int32
    public var kind: Kind
    /// Surface-local logical coordinates.
    public var x: Double
    public var y: Double
    /// Compositor timestamp in milliseconds (for `.up` the time of the up;
    /// for `.cancel` the time of the touch's last event).
    public var time: UInt32
    /// Contact ellipse axes in surface units (`wl_touch.shape`), when sent.
    public var major: Double?
    public var minor: Double?
    /// Angle of the major axis in degrees clockwise from the surface's
    /// y axis (`wl_touch.orientation`), when sent.
    public var orientation: Double?

    public init(id: Int32, kind: Kind, x: Double, y: Double, time: UInt32,
                major: Double? = nil, minor: Double? = nil, orientation: Double? = nil) {
        self.id = id
        self.kind = kind
        self.x = x
        self.y = y
        self.time = time
        self.major = major
        self.minor = minor
        self.orientation = orientation
    }
}

/// The pointer events of one `wl_pointer.frame`, in protocol order, with the
/// axis events of each orientation merged into one `.axis` event.
public struct PointerFrame: Equatable, Sendable {
    public var seat: String
    public var events: [PointerEvent]
    /// Compositor timestamp (ms) of the last timed event in the frame; 0 when
    /// the frame holds only `enter`/`leave`, which carry no time.
    public var time: UInt32
    /// The modifiers of the seat's keyboard as the frame was delivered
    /// (after the last `wl_keyboard.modifiers`), as GTK gives a scroll event
    /// the keyboard's state: Ctrl+wheel and Shift+wheel need them. Empty
    /// when the seat has no keyboard or our surface lacks keyboard focus
    /// (the compositor sends us no modifiers then).
    public var modifiers: KeyboardModifiers

    public init(seat: String, events: [PointerEvent], time: UInt32, modifiers: KeyboardModifiers = []) {
        self.seat = seat
        self.events = events
        self.time = time
        self.modifiers = modifiers
    }
}

/// One pointer event.
public enum PointerEvent: Equatable, Sendable {
    /// `wl_pointer.enter` on our surface, at surface-local coordinates.
    case enter(x: Double, y: Double)
    /// `wl_pointer.leave` (also synthesized when the pointer goes away).
    case leave
    /// `wl_pointer.motion`, surface-local coordinates.
    case motion(x: Double, y: Double)
    /// `wl_pointer.button`; `button` is a Linux evdev code (BTN_LEFT = 0x110,
    /// BTN_RIGHT = 0x111, BTN_MIDDLE = 0x112).
    case button(button: UInt32, pressed: Bool)
    /// A button still held as the pointer left our surface or went away:
    /// released with no `wl_pointer.button`, so what it was dragging was
    /// taken away (a grab elsewhere), not finished. Always followed by
    /// `.leave`.
    case releasedByLeave(button: UInt32)
    /// Scrolling along one axis.
    case axis(PointerAxis)
}

/// The scroll information of one orientation within one pointer frame:
/// `wl_pointer.axis`, `axis_source`, `axis_stop`, `axis_discrete` (v5–7) and
/// `axis_value120` (v8) merged.
public struct PointerAxis: Equatable, Sendable {
    public enum Orientation: String, Equatable, Sendable {
        case vertical, horizontal
    }

    public enum Source: String, Equatable, Sendable {
        case wheel, finger, continuous, wheelTilt
    }

    public var orientation: Orientation
    /// Scroll distance in surface units (positive: down / right); 0 for a
    /// pure `axis_stop`.
    public var value: Double
    /// Wheel clicks (`axis_discrete`, or `value120 / 120` on v8 seats).
    public var discrete: Int32?
    /// High-resolution wheel steps, 120 per click (`axis_value120`, or
    /// `discrete * 120` on v5–7 seats).
    public var value120: Int32?
    public var source: Source?
    /// `wl_pointer.axis_stop`: a finger-driven scroll stopped (kinetic
    /// scrolling may start here).
    public var stop: Bool

    public init(orientation: Orientation, value: Double, discrete: Int32? = nil,
                value120: Int32? = nil, source: Source? = nil, stop: Bool = false) {
        self.orientation = orientation
        self.value = value
        self.discrete = discrete
        self.value120 = value120
        self.source = source
        self.stop = stop
    }
}

/// A key event translated through the keymap.
public struct KeyEvent: Equatable, Sendable {
    public enum Action: String, Equatable, Sendable {
        case press, release, `repeat`
    }

    public var seat: String
    public var action: Action
    /// Linux evdev key code as sent in `wl_keyboard.key` (KEY_A = 30).
    public var code: UInt32
    /// The XKB keysym under the current layout and modifiers (e.g. 0x61 'a',
    /// 0x41 'A', 0xff1b Escape).
    public var keysym: UInt32
    /// The keysym's name as xkbcommon spells it ("a", "A", "Escape").
    public var name: String
    /// The text the key types; empty for releases, for keys that type
    /// nothing and for control characters (Return, Tab, Escape, Ctrl+letter).
    public var text: String
    /// Modifiers in effect for this key (after the last `wl_keyboard.modifiers`).
    public var modifiers: KeyboardModifiers
    /// Compositor timestamp in milliseconds; for repeats, the press time plus
    /// the time elapsed on the event loop's clock.
    public var time: UInt32

    public init(seat: String, action: Action, code: UInt32, keysym: UInt32, name: String,
                text: String, modifiers: KeyboardModifiers, time: UInt32) {
        self.seat = seat
        self.action = action
        self.code = code
        self.keysym = keysym
        self.name = name
        self.text = text
        self.modifiers = modifiers
        self.time = time
    }
}

/// Active modifiers, from the keymap's real modifier names.
public struct KeyboardModifiers: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyboardModifiers(rawValue: 1 << 0)
    public static let control = KeyboardModifiers(rawValue: 1 << 1)
    public static let alt = KeyboardModifiers(rawValue: 1 << 2)
    public static let logo = KeyboardModifiers(rawValue: 1 << 3)
    public static let capsLock = KeyboardModifiers(rawValue: 1 << 4)
    public static let numLock = KeyboardModifiers(rawValue: 1 << 5)

    /// Each modifier with the name the input log uses for it, in a fixed order.
    public static let named: [(KeyboardModifiers, String)] = [
        (.shift, "shift"), (.control, "ctrl"), (.alt, "alt"),
        (.logo, "logo"), (.capsLock, "caps"), (.numLock, "num"),
    ]
}
