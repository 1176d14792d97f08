/// One change of one contact, as the app layer translates it from
/// `wl_touch.down/motion/up/cancel`, from a pointer's left button
/// (`wl_pointer.button` pressed → down, `wl_pointer.motion` → move,
/// released → up) or from a tablet tool's contact (`down`, the frames while
/// down, `up`).
public struct RawTouch: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case down
        case move
        case up
        /// This one contact is cancelled (for example the pointer left the
        /// surface with the button held). `TouchFrame.cancelAll` is the
        /// whole-device `wl_touch.cancel`.
        case cancel
    }

    public var device: InputDeviceID
    /// The protocol's id for this contact (`wl_touch` id; any fixed value for
    /// a pointer). Only unique while the contact is down: Wayland reuses ids.
    public var id: Int32
    public var phase: Phase
    /// Window (surface-local) coordinates in points. Ignored for `.up` and
    /// `.cancel`: the touch ends where it was last seen, because `wl_touch.up`
    /// carries no position.
    public var location: Point
    /// Event time in seconds (the compositor's millisecond time / 1000).
    public var timestamp: Double
    /// How hard a pen presses, 0…1, for `.down` and `.move`; nil for
    /// contacts that have no pressure (fingers, the pointer, pens without a
    /// pressure axis).
    public var pressure: Double?
    /// How far a pen leans, for `.down` and `.move`; nil when unknown.
    public var tilt: Tilt?
    /// Whether a pen's first barrel button is held (for `.down`: the
    /// touch lassoes, whatever the tool, Xournal++'s convention).
    public var barrelButtonHeld: Bool

    public init(device: InputDeviceID, id: Int32, phase: Phase, location: Point, timestamp: Double,
                pressure: Double? = nil, tilt: Tilt? = nil, barrelButtonHeld: Bool = false) {
        self.barrelButtonHeld = barrelButtonHeld
        self.device = device
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.pressure = pressure.map { min(max($0, 0), 1) }
        self.tilt = tilt
    }
}
