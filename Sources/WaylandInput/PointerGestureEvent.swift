/// One event of a touchpad gesture (`zwp_pointer_gestures_v1`), on our
/// surface: a swipe, a pinch or a hold, from `begin` to `end`. Plain values,
/// as the protocol gives them; the layer above accumulates them.
///
/// A gesture whose `begin` named another surface is dropped whole. Every
/// gesture that began on ours ends: when the pointer, its seat or the
/// gestures global goes away first, the layer ends it as cancelled.
public struct PointerGestureEvent: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        /// `zwp_pointer_gesture_swipe_v1`: fingers moving together.
        case swipe
        /// `zwp_pointer_gesture_pinch_v1`: fingers moving apart, together or
        /// turning around their centre.
        case pinch
        /// `zwp_pointer_gesture_hold_v1` (version 3): fingers resting still.
        case hold
    }

    public enum Change: Equatable, Sendable {
        /// `begin`: `fingers` on the touchpad, with the pointer at `x`, `y`
        /// (surface-local; the gesture's logical centre starts there).
        case begin(fingers: UInt32, x: Double, y: Double)
        /// Swipe or pinch `update`: the centre moved by `dx`, `dy` since the
        /// previous event (surface units); for a pinch, `scale` is the
        /// fingers' spread relative to `begin` (absolute) and `rotation` the
        /// degrees turned clockwise since the previous event (relative).
        case update(dx: Double, dy: Double, scale: Double?, rotation: Double?)
        /// `end`; `cancelled` when the compositor or the hardware cancelled
        /// the gesture (whatever it did should be undone), or when the layer
        /// ended it because its pointer went away.
        case end(cancelled: Bool)
    }

    public var seat: String
    public var kind: Kind
    public var change: Change
    /// Compositor timestamp in milliseconds.
    public var time: UInt32

    public init(seat: String, kind: Kind, change: Change, time: UInt32) {
        self.seat = seat
        self.kind = kind
        self.change = change
        self.time = time
    }
}
