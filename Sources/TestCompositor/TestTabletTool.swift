import CWaylandServer
import CWaylandServerProtocols

/// A tablet tool the test moves: `zwp_tablet_tool_v2` events to every
/// client's object for it. Coordinates are surface-local; raw axis values
/// are the protocol's (pressure 0…65535, tilt in degrees).
public final class TestTabletTool {
    public let type: UInt32
    public let serial: UInt64?
    public let hardwareID: UInt64?
    public let capabilities: [UInt32]
    private unowned let seat: TestSeat
    private var resources: [ServerObject] = []
    public private(set) var isRemoved = false
    /// Every `set_cursor` the clients sent for this tool, oldest first.
    public private(set) var cursorRequests: [TestSeat.CursorRequest] = []
    /// Every `set_shape` of the clients' shape devices for this tool, oldest first.
    public private(set) var cursorShapeRequests: [TestSeat.CursorShapeRequest] = []

    init(seat: TestSeat, type: UInt32, serial: UInt64?, hardwareID: UInt64?, capabilities: [UInt32]) {
        self.seat = seat
        self.type = type
        self.serial = serial
        self.hardwareID = hardwareID
        self.capabilities = capabilities
    }

    /// Live client objects for this tool (the client destroys its object
    /// after `removed`).
    public var liveResources: Int { resources.count(where: \.isAlive) }

    private var live: [ServerObject] { resources.filter(\.isAlive) }

    func announce(on tabletSeat: ServerObject) {
        let tool = TabletObject(compositor: seat.compositor, client: tabletSeat.client,
                                interface: tts_zwp_tablet_tool_v2_interface(), version: tabletSeat.version,
                                destructor: 1)
        tool.onRequest = { [unowned self] opcode, arguments in
            guard opcode == 0 else { return }  // set_cursor; destroy is handled by the object
            cursorRequests.append(TestSeat.CursorRequest(
                serial: arguments[0].u, surface: ServerObject.resource(arguments, 1),
                hotspotX: arguments[2].i, hotspotY: arguments[3].i))
        }
        tool.onCursorShape = { [unowned self] in cursorShapeRequests.append($0) }
        resources.append(tool)
        zwp_tablet_seat_v2_send_tool_added(tabletSeat.resource, tool.resource)
        zwp_tablet_tool_v2_send_type(tool.resource, type)
        if let serial {
            zwp_tablet_tool_v2_send_hardware_serial(tool.resource, UInt32(serial >> 32), UInt32(truncatingIfNeeded: serial))
        }
        if let hardwareID {
            zwp_tablet_tool_v2_send_hardware_id_wacom(tool.resource, UInt32(hardwareID >> 32),
                                                      UInt32(truncatingIfNeeded: hardwareID))
        }
        for capability in capabilities { zwp_tablet_tool_v2_send_capability(tool.resource, capability) }
        zwp_tablet_tool_v2_send_done(tool.resource)
    }

    /// `proximity_in` over `tablet` on `surface` (to the surface's client);
    /// returns the serial.
    @discardableResult
    public func proximityIn(tablet: TestTablet, surface: UnsafeMutablePointer<wl_resource>) -> UInt32 {
        let client = wl_resource_get_client(surface)!
        let serial = seat.compositor.serial()
        guard let tabletResource = tablet.resource(of: client) else { return serial }
        for tool in live where tool.client == client {
            zwp_tablet_tool_v2_send_proximity_in(tool.resource, serial, tabletResource.resource, surface)
        }
        return serial
    }

    public func proximityOut() { live.forEach { zwp_tablet_tool_v2_send_proximity_out($0.resource) } }

    /// `down`; returns the serial.
    @discardableResult
    public func down() -> UInt32 {
        let serial = seat.compositor.serial()
        live.forEach { zwp_tablet_tool_v2_send_down($0.resource, serial) }
        return serial
    }

    public func up() { live.forEach { zwp_tablet_tool_v2_send_up($0.resource) } }

    public func motion(x: Double, y: Double) {
        let y = y + seat.surfaceOffsetY
        live.forEach { zwp_tablet_tool_v2_send_motion($0.resource, wl_fixed_from_double(x), wl_fixed_from_double(y)) }
    }

    public func pressure(_ value: UInt32) { live.forEach { zwp_tablet_tool_v2_send_pressure($0.resource, value) } }

    public func distance(_ value: UInt32) { live.forEach { zwp_tablet_tool_v2_send_distance($0.resource, value) } }

    public func tilt(x: Double, y: Double) {
        live.forEach { zwp_tablet_tool_v2_send_tilt($0.resource, wl_fixed_from_double(x), wl_fixed_from_double(y)) }
    }

    public func rotation(degrees: Double) {
        live.forEach { zwp_tablet_tool_v2_send_rotation($0.resource, wl_fixed_from_double(degrees)) }
    }

    public func slider(_ position: Int32) { live.forEach { zwp_tablet_tool_v2_send_slider($0.resource, position) } }

    public func wheel(degrees: Double, clicks: Int32) {
        live.forEach { zwp_tablet_tool_v2_send_wheel($0.resource, wl_fixed_from_double(degrees), clicks) }
    }

    /// `button`: an evdev code (BTN_STYLUS 0x14b, BTN_STYLUS2 0x14c).
    public func button(_ button: UInt32, pressed: Bool) {
        let serial = seat.compositor.serial()
        live.forEach { zwp_tablet_tool_v2_send_button($0.resource, serial, button, pressed ? 1 : 0) }
    }

    public func frame(time: UInt32) { live.forEach { zwp_tablet_tool_v2_send_frame($0.resource, time) } }

    /// The tool goes out of use (`removed`); no further events.
    public func remove() {
        isRemoved = true
        live.forEach { zwp_tablet_tool_v2_send_removed($0.resource) }
    }
}
