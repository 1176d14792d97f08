import CWaylandServer
import CWaylandServerProtocols

extension TestCompositor {
    /// Announces `zwp_tablet_manager_v2`: each client's tablet seat then
    /// hears of the tablets, tools and pads its `TestSeat` has and gets.
    /// Version 2 adds a tablet's bus type and a dial on each pad.
    @discardableResult
    public func addTabletManager(version: Int32 = 1) -> TestGlobal {
        addGlobal(interface: tts_zwp_tablet_manager_v2_interface(), version: version) { [unowned self] client, version, id in
            _ = TabletManagerResource(compositor: self, client: client, version: version, id: id)
        }
    }
}

/// A client's `zwp_tablet_manager_v2`: hands out tablet seats.
final class TabletManagerResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_zwp_tablet_manager_v2_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0:
            let tabletSeat = TabletObject(compositor: compositor, client: client,
                                          interface: tts_zwp_tablet_seat_v2_interface(), version: version,
                                          id: arguments[0].n, destructor: 0)
            let seatResource = ServerObject.object(for: Self.resource(arguments, 1)!) as! SeatResource
            seatResource.seat?.tabletSeatBound(tabletSeat)
        case 1: destroy()
        default: preconditionFailure("zwp_tablet_manager_v2 has no request \(opcode)")
        }
    }
}

/// A tablet-v2 object whose only request that matters is its destructor
/// (tablet seats, tablets, tools, pads and pad groups, rings and strips);
/// `set_cursor` and `set_feedback` are accepted and ignored.
final class TabletObject: ServerObject {
    private let destructor: UInt32
    /// Sees every other request (a tool's `set_cursor`).
    var onRequest: ((UInt32, UnsafeMutablePointer<wl_argument>) -> Void)?
    /// Sees the `set_shape` requests of a tool's cursor shape device.
    var onCursorShape: ((TestSeat.CursorShapeRequest) -> Void)?

    /// `id` 0 makes a server-created object (for `new_id` events).
    init(compositor: TestCompositor, client: OpaquePointer, interface: UnsafePointer<wl_interface>,
         version: Int32, id: UInt32 = 0, destructor: UInt32) {
        self.destructor = destructor
        super.init(compositor: compositor, client: client, interface: interface, version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        if opcode == destructor { destroy() } else { onRequest?(opcode, arguments) }
    }
}

extension TestSeat {
    /// A client bound a tablet seat for this seat: it hears of everything
    /// already plugged in, as compositors announce it.
    func tabletSeatBound(_ tabletSeat: ServerObject) {
        tabletSeats.append(tabletSeat)
        for tablet in tablets where !tablet.isRemoved { tablet.announce(on: tabletSeat) }
        for tool in tabletTools where !tool.isRemoved { tool.announce(on: tabletSeat) }
        for pad in tabletPads where !pad.isRemoved { pad.announce(on: tabletSeat) }
    }

    /// Live tablet seats of every client.
    var liveTabletSeats: [ServerObject] { tabletSeats.filter(\.isAlive) }

    /// How many `zwp_tablet_seat_v2` the clients hold for this seat.
    public var liveTabletSeatCount: Int { liveTabletSeats.count }

    /// The version of each live tablet seat: that of the manager it came from.
    public var tabletSeatVersions: [Int32] { liveTabletSeats.map(\.version) }

    /// Plugs in a tablet (`tablet_added`, `name`, `done`).
    @discardableResult
    public func addTablet(name: String = "Test Tablet") -> TestTablet {
        let tablet = TestTablet(compositor: compositor, name: name)
        tablets.append(tablet)
        for tabletSeat in liveTabletSeats { tablet.announce(on: tabletSeat) }
        return tablet
    }

    /// Brings a tool into use (`tool_added`, `type`, the hardware ids when
    /// given, `capability`s, `done`). `type` is the protocol's value
    /// (0x140 pen, 0x141 eraser, …).
    @discardableResult
    public func addTabletTool(type: UInt32 = 0x140, serial: UInt64? = nil, hardwareID: UInt64? = nil,
                              capabilities: [UInt32] = [1, 2]) -> TestTabletTool {
        let tool = TestTabletTool(seat: self, type: type, serial: serial, hardwareID: hardwareID,
                                  capabilities: capabilities)
        tabletTools.append(tool)
        for tabletSeat in liveTabletSeats { tool.announce(on: tabletSeat) }
        return tool
    }

    /// Plugs in a pad with one group holding one ring and one strip.
    @discardableResult
    public func addTabletPad() -> TestTabletPad {
        let pad = TestTabletPad(compositor: compositor)
        tabletPads.append(pad)
        for tabletSeat in liveTabletSeats { pad.announce(on: tabletSeat) }
        return pad
    }
}

/// A tablet as the compositor announces it to each client.
public final class TestTablet {
    public let name: String
    unowned let compositor: TestCompositor
    private(set) var resources: [ServerObject] = []
    public private(set) var isRemoved = false

    init(compositor: TestCompositor, name: String) {
        self.compositor = compositor
        self.name = name
    }

    /// Live client objects for this tablet (the client destroys its object
    /// after `removed`).
    public var liveResources: Int { resources.count(where: \.isAlive) }

    func announce(on tabletSeat: ServerObject) {
        let tablet = TabletObject(compositor: compositor, client: tabletSeat.client,
                                  interface: tts_zwp_tablet_v2_interface(), version: tabletSeat.version,
                                  destructor: 0)
        resources.append(tablet)
        zwp_tablet_seat_v2_send_tablet_added(tabletSeat.resource, tablet.resource)
        zwp_tablet_v2_send_name(tablet.resource, name)
        zwp_tablet_v2_send_id(tablet.resource, 0x056a, 0x0374)
        zwp_tablet_v2_send_path(tablet.resource, "/dev/input/event-test")
        if tablet.version >= ZWP_TABLET_V2_BUSTYPE_SINCE_VERSION {
            zwp_tablet_v2_send_bustype(tablet.resource, ZWP_TABLET_V2_BUSTYPE_USB.rawValue)
        }
        zwp_tablet_v2_send_done(tablet.resource)
    }

    /// The client's object for this tablet, for `proximity_in`.
    func resource(of client: OpaquePointer) -> ServerObject? {
        resources.last { $0.isAlive && $0.client == client }
    }

    /// Unplugs the tablet (`removed`).
    public func remove() {
        isRemoved = true
        for tablet in resources where tablet.isAlive { zwp_tablet_v2_send_removed(tablet.resource) }
    }
}

/// A pad: one group with a ring, a strip and (version 2) a dial, announced
/// to each client.
public final class TestTabletPad {
    unowned let compositor: TestCompositor
    private(set) var resources: [ServerObject] = []
    private(set) var parts: [ServerObject] = []
    public private(set) var isRemoved = false

    init(compositor: TestCompositor) {
        self.compositor = compositor
    }

    /// Live client objects of the pad, its group, ring, strip and dial.
    public var liveObjects: Int { (resources + parts).count(where: \.isAlive) }

    func announce(on tabletSeat: ServerObject) {
        let client = tabletSeat.client, version = tabletSeat.version
        let pad = TabletObject(compositor: compositor, client: client, interface: tts_zwp_tablet_pad_v2_interface(),
                               version: version, destructor: 1)
        resources.append(pad)
        zwp_tablet_seat_v2_send_pad_added(tabletSeat.resource, pad.resource)
        let group = TabletObject(compositor: compositor, client: client,
                                 interface: tts_zwp_tablet_pad_group_v2_interface(), version: version, destructor: 0)
        zwp_tablet_pad_v2_send_group(pad.resource, group.resource)
        let ring = TabletObject(compositor: compositor, client: client,
                                interface: tts_zwp_tablet_pad_ring_v2_interface(), version: version, destructor: 1)
        zwp_tablet_pad_group_v2_send_ring(group.resource, ring.resource)
        let strip = TabletObject(compositor: compositor, client: client,
                                 interface: tts_zwp_tablet_pad_strip_v2_interface(), version: version, destructor: 1)
        zwp_tablet_pad_group_v2_send_strip(group.resource, strip.resource)
        var dial: TabletObject?
        if version >= ZWP_TABLET_PAD_GROUP_V2_DIAL_SINCE_VERSION {
            dial = TabletObject(compositor: compositor, client: client,
                                interface: tts_zwp_tablet_pad_dial_v2_interface(), version: version, destructor: 1)
            zwp_tablet_pad_group_v2_send_dial(group.resource, dial!.resource)
        }
        zwp_tablet_pad_group_v2_send_modes(group.resource, 1)
        zwp_tablet_pad_group_v2_send_done(group.resource)
        zwp_tablet_pad_v2_send_buttons(pad.resource, 4)
        zwp_tablet_pad_v2_send_done(pad.resource)
        // Pad input the app ignores, which must not upset it.
        zwp_tablet_pad_ring_v2_send_angle(ring.resource, wl_fixed_from_double(45))
        zwp_tablet_pad_ring_v2_send_frame(ring.resource, 1)
        if let dial {
            zwp_tablet_pad_dial_v2_send_delta(dial.resource, 120)
            zwp_tablet_pad_dial_v2_send_frame(dial.resource, 2)
        }
        parts += [group, ring, strip] + (dial.map { [$0] } ?? [])
    }

    /// Unplugs the pad (`removed`).
    public func remove() {
        isRemoved = true
        for pad in resources where pad.isAlive { zwp_tablet_pad_v2_send_removed(pad.resource) }
    }
}
