import CWaylandServer
import CWaylandServerProtocols

/// A scripted `wl_seat` global: a name, capabilities the test can change at
/// any time, and the pointer, keyboard and touch resources clients create,
/// through which the test sends input events.
///
/// Events go to the devices of the client owning the target surface (for
/// `enter`/`down`) or of every client (the others); tests have one client.
/// Events newer than a resource's version are not sent, so a seat announced
/// at version 4 behaves like an old compositor (no pointer frames).
public final class TestSeat {
    /// Which devices the seat offers (`wl_seat.capabilities`).
    public struct Capabilities: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let pointer = Capabilities(rawValue: 1)
        public static let keyboard = Capabilities(rawValue: 2)
        public static let touch = Capabilities(rawValue: 4)
        public static let all: Capabilities = [.pointer, .keyboard, .touch]
    }

    /// A `wl_pointer.set_cursor` request.
    public struct CursorRequest {
        public let serial: UInt32
        public let surface: UnsafeMutablePointer<wl_resource>?
        public let hotspotX: Int32
        public let hotspotY: Int32
    }

    public let name: String
    /// Added to every surface-local y this seat sends (touches, the
    /// pointer, its tablet tools): a test then speaks of the points of a
    /// view that begins this far below the surface's top (the app's canvas
    /// under its toolbar).
    public var surfaceOffsetY = 0.0
    public private(set) var capabilities: Capabilities
    /// Every `wl_pointer.set_cursor` received, oldest first.
    public internal(set) var cursorRequests: [CursorRequest] = []
    /// Every `set_shape` of the clients' pointers' shape devices, oldest first.
    public internal(set) var cursorShapeRequests: [CursorShapeRequest] = []
    /// How many device resources the client released or destroyed.
    public internal(set) var releasedDevices = 0

    unowned let compositor: TestCompositor
    private var global: TestGlobal?
    private var seats: [SeatResource] = []
    var pointers: [ServerObject] = []
    var keyboards: [ServerObject] = []
    var touches: [ServerObject] = []
    /// The clients' `zwp_tablet_seat_v2` for this seat, and what was added to it.
    var tabletSeats: [ServerObject] = []
    var tablets: [TestTablet] = []
    var tabletTools: [TestTabletTool] = []
    var tabletPads: [TestTabletPad] = []
    /// The clients' touchpad gesture objects for this seat's pointers.
    var gestureObjects: [(kind: TestSeat.GestureKind, object: ServerObject)] = []

    init(compositor: TestCompositor, name: String, capabilities: Capabilities, version: Int32) {
        self.compositor = compositor
        self.name = name
        self.capabilities = capabilities
        // Resources refer to the seat weakly: a test may drop its TestSeat
        // before the compositor destroys the client's resources.
        global = compositor.addGlobal(interface: tts_wl_seat_interface(), version: version) {
            [weak self] client, version, id in
            let resource = SeatResource(seat: self, compositor: compositor, client: client,
                                        version: version, id: id)
            guard let self else { return }
            seats.append(resource)
            wl_seat_send_capabilities(resource.resource, self.capabilities.rawValue)
            if version >= WL_SEAT_NAME_SINCE_VERSION { wl_seat_send_name(resource.resource, name) }
        }
    }

    /// The version the client bound (of its latest `wl_seat`), 0 if unbound.
    public var boundVersion: Int32 { seats.last(where: \.isAlive)?.version ?? 0 }
    /// Live device resources, for checking releases.
    public var livePointers: Int { pointers.count(where: \.isAlive) }
    public var liveKeyboards: Int { keyboards.count(where: \.isAlive) }
    public var liveTouches: Int { touches.count(where: \.isAlive) }

    /// Sends new capabilities to every bound seat.
    public func setCapabilities(_ capabilities: Capabilities) {
        self.capabilities = capabilities
        for seat in seats where seat.isAlive {
            wl_seat_send_capabilities(seat.resource, capabilities.rawValue)
        }
    }

    /// Withdraws the global (`wl_registry.global_remove`), as a seat unplugged.
    public func remove() {
        if let global { compositor.removeGlobal(global) }
        global = nil
    }

    // MARK: Helpers

    func live(_ devices: [ServerObject]) -> [ServerObject] {
        devices.filter(\.isAlive)
    }

    func live(_ devices: [ServerObject], of surface: UnsafeMutablePointer<wl_resource>) -> [ServerObject] {
        let client = wl_resource_get_client(surface)
        return devices.filter { $0.isAlive && $0.client == client }
    }
}

extension TestCompositor {
    /// Announces a seat. Version 8 is the highest libwayland 1.21 knows.
    @discardableResult
    public func addSeat(name: String = "seat0", capabilities: TestSeat.Capabilities = .all,
                        version: Int32 = 8) -> TestSeat {
        TestSeat(compositor: self, name: name, capabilities: capabilities, version: version)
    }
}

/// A client's `wl_seat`: hands out device resources.
final class SeatResource: ServerObject {
    weak var seat: TestSeat?

    init(seat: TestSeat?, compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        self.seat = seat
        super.init(compositor: compositor, client: client, interface: tts_wl_seat_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        func device(_ interface: UnsafePointer<wl_interface>) -> DeviceResource {
            DeviceResource(seat: seat, interface: interface, compositor: compositor, client: client,
                           version: version, id: arguments[0].n)
        }
        switch opcode {
        case 0: seat?.pointers.append(device(tts_wl_pointer_interface()))
        case 1: seat?.keyboards.append(device(tts_wl_keyboard_interface()))
        case 2: seat?.touches.append(device(tts_wl_touch_interface()))
        case 3: destroy()
        default: preconditionFailure("wl_seat has no request \(opcode)")
        }
    }
}

/// A client's `wl_pointer`, `wl_keyboard` or `wl_touch`: records
/// `set_cursor` and `release`.
final class DeviceResource: ServerObject {
    /// The seat it belongs to (the gestures global finds it through the pointer).
    private(set) weak var seat: TestSeat?
    private let isPointer: Bool

    init(seat: TestSeat?, interface: UnsafePointer<wl_interface>, compositor: TestCompositor,
         client: OpaquePointer, version: Int32, id: UInt32) {
        self.seat = seat
        isPointer = interface == tts_wl_pointer_interface()
        super.init(compositor: compositor, client: client, interface: interface,
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        if isPointer && opcode == 0 {
            seat?.cursorRequests.append(TestSeat.CursorRequest(
                serial: arguments[0].u, surface: Self.resource(arguments, 1),
                hotspotX: arguments[2].i, hotspotY: arguments[3].i))
        } else {
            // `release`: the only other request of the three interfaces.
            destroy()
        }
    }

    override func destroyed() {
        seat?.releasedDevices += 1
    }
}
