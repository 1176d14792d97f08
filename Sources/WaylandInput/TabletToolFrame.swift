/// One `zwp_tablet_tool_v2.frame` of one tool (a pen, its eraser end, an
/// airbrush…): what happened in protocol order, and the tool's axes after
/// it. Plain values: nothing here refers to a Wayland object.
///
/// One frame is one sample of the tool, so a consumer that keeps a point per
/// frame keeps the pressure and tilt of that point too.
public struct TabletToolFrame: Equatable, Sendable {
    public var seat: String
    public var tool: TabletToolInfo
    /// The discrete changes of the frame, in protocol order.
    public var events: [TabletToolEvent]
    /// The tool's state after the frame (position, pressure, tilt…).
    public var axes: TabletToolAxes
    /// Which of `axes` the compositor changed in this frame.
    public var changedAxes: TabletToolAxes.Changed
    /// Compositor timestamp in milliseconds (`zwp_tablet_tool_v2.frame`);
    /// for a frame the layer closed itself, the time of the tool's last frame.
    public var time: UInt32

    public init(seat: String, tool: TabletToolInfo, events: [TabletToolEvent], axes: TabletToolAxes,
                changedAxes: TabletToolAxes.Changed, time: UInt32) {
        self.seat = seat
        self.tool = tool
        self.events = events
        self.axes = axes
        self.changedAxes = changedAxes
        self.time = time
    }
}

/// A discrete change of a tablet tool within a `TabletToolFrame`.
public enum TabletToolEvent: Equatable, Sendable {
    /// `proximity_in` on our surface, over the tablet of that name ("" when
    /// the tablet sent none).
    case proximityIn(tablet: String)
    /// `proximity_out`, or the tool leaving our surface in another way
    /// (removed, or a `proximity_in` elsewhere without one).
    case proximityOut
    /// `down`: the tool touches the tablet (logical contact).
    case down
    /// `up`: the contact ended by lifting; also synthesized when a tool
    /// leaves proximity while still down, because leaving proximity is
    /// lifting the pen out of range.
    case up
    /// The contact ended without lifting: the tool was removed, or the
    /// compositor gave it to another surface, while it was down.
    case cancel
    /// `button`: a Linux evdev code (BTN_STYLUS 0x14b, BTN_STYLUS2 0x14c,
    /// BTN_STYLUS3 0x149). Releases of buttons still held when the tool
    /// leaves are synthesized.
    case button(button: UInt32, pressed: Bool)
    /// `wheel`: the rotation of the wheel in this frame.
    case wheel(degrees: Double, clicks: Int32)
}

/// A tablet tool's axes, in the app's units (ranges checked: values out of
/// the protocol's range are clamped, never trusted).
public struct TabletToolAxes: Equatable, Sendable {
    /// Which axes a frame changed.
    public struct Changed: OptionSet, Equatable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let position = Changed(rawValue: 1 << 0)
        public static let pressure = Changed(rawValue: 1 << 1)
        public static let distance = Changed(rawValue: 1 << 2)
        public static let tilt = Changed(rawValue: 1 << 3)
        public static let rotation = Changed(rawValue: 1 << 4)
        public static let slider = Changed(rawValue: 1 << 5)
    }

    /// Surface-local logical coordinates (`motion`).
    public var x: Double = 0
    public var y: Double = 0
    /// `pressure` 0…65535 as 0…1; nil until the tool sent one. Back to 0
    /// when the contact ends, whether or not the compositor said so.
    public var pressure: Double?
    /// `distance` 0…65535 as 0…1 (nearest to farthest), nil until sent.
    public var distance: Double?
    /// `tilt` in degrees, each axis within −90…90, nil until sent.
    public var tiltX: Double?
    public var tiltY: Double?
    /// `rotation` in degrees clockwise from the tool's logical neutral
    /// position, 0 ≤ value < 360, nil until sent.
    public var rotation: Double?
    /// `slider` −65535…65535 as −1…1, nil until sent.
    public var slider: Double?

    public init(x: Double = 0, y: Double = 0, pressure: Double? = nil, distance: Double? = nil,
                tiltX: Double? = nil, tiltY: Double? = nil, rotation: Double? = nil, slider: Double? = nil) {
        self.x = x
        self.y = y
        self.pressure = pressure
        self.distance = distance
        self.tiltX = tiltX
        self.tiltY = tiltY
        self.rotation = rotation
        self.slider = slider
    }
}

/// What a tool says about itself before its first use (`type`,
/// `hardware_serial`, `hardware_id_wacom`, `capability`, `done`).
public struct TabletToolInfo: Equatable, Sendable {
    /// Tells this tool from the seat's others for as long as it exists: a
    /// number the layer gives each `zwp_tablet_tool_v2`, because the hardware
    /// serial is optional and not unique across tools without one.
    public var id: Int32
    public var type: TabletToolType
    /// `hardware_serial`: the same physical tool on any tablet; nil when the
    /// tool sent none (many pens do not).
    public var hardwareSerial: UInt64?
    /// `hardware_id_wacom`: the tool's model; nil when not sent.
    public var hardwareID: UInt64?
    public var capabilities: TabletToolCapabilities

    public init(id: Int32, type: TabletToolType, hardwareSerial: UInt64? = nil, hardwareID: UInt64? = nil,
                capabilities: TabletToolCapabilities = []) {
        self.id = id
        self.type = type
        self.hardwareSerial = hardwareSerial
        self.hardwareID = hardwareID
        self.capabilities = capabilities
    }
}

/// `zwp_tablet_tool_v2.type` (the values are linux/input-event-codes.h's
/// BTN_TOOL_* codes).
public enum TabletToolType: Equatable, Sendable {
    case pen, eraser, brush, pencil, airbrush, finger, mouse, lens
    /// A value the protocol does not define; kept so the log can show it.
    case unknown(UInt32)

    public init(protocolValue value: UInt32) {
        switch value {
        case 0x140: self = .pen
        case 0x141: self = .eraser
        case 0x142: self = .brush
        case 0x143: self = .pencil
        case 0x144: self = .airbrush
        case 0x145: self = .finger
        case 0x146: self = .mouse
        case 0x147: self = .lens
        default: self = .unknown(value)
        }
    }

    /// The name the input log uses.
    public var name: String {
        switch self {
        case .pen: "pen"
        case .eraser: "eraser"
        case .brush: "brush"
        case .pencil: "pencil"
        case .airbrush: "airbrush"
        case .finger: "finger"
        case .mouse: "mouse"
        case .lens: "lens"
        case .unknown: "unknown"
        }
    }
}

/// `zwp_tablet_tool_v2.capability`: the axes a tool has besides position.
public struct TabletToolCapabilities: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let tilt = TabletToolCapabilities(rawValue: 1 << 0)
    public static let pressure = TabletToolCapabilities(rawValue: 1 << 1)
    public static let distance = TabletToolCapabilities(rawValue: 1 << 2)
    public static let rotation = TabletToolCapabilities(rawValue: 1 << 3)
    public static let slider = TabletToolCapabilities(rawValue: 1 << 4)
    public static let wheel = TabletToolCapabilities(rawValue: 1 << 5)

    /// The capability for a protocol value, nil for one the protocol does
    /// not define (ignored).
    public init?(protocolValue value: UInt32) {
        switch value {
        case 1: self = .tilt
        case 2: self = .pressure
        case 3: self = .distance
        case 4: self = .rotation
        case 5: self = .slider
        case 6: self = .wheel
        default: return nil
        }
    }

    /// Each capability with the name the input log uses, in a fixed order.
    public static let named: [(TabletToolCapabilities, String)] = [
        (.tilt, "tilt"), (.pressure, "pressure"), (.distance, "distance"),
        (.rotation, "rotation"), (.slider, "slider"), (.wheel, "wheel"),
    ]
}
