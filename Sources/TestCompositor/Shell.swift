import CWaylandServer
import CWaylandServerProtocols

/// `xdg_wm_base`: makes xdg_surfaces and records pongs.
final class WmBaseResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_xdg_wm_base_interface(), version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: destroy()
        case 1: preconditionFailure("the test compositor does not implement xdg_positioner")
        case 2:
            let surface = ServerObject.object(for: Self.resource(arguments, 1)!) as! TestSurface
            _ = XdgSurfaceResource(compositor: compositor, client: client, version: version, id: arguments[0].n, surface: surface)
        case 3: compositor.pongs.append(arguments[0].u)
        default: preconditionFailure("xdg_wm_base has no request \(opcode)")
        }
    }
}

/// `xdg_surface`: records acknowledged configure serials.
final class XdgSurfaceResource: ServerObject {
    let surface: TestSurface
    private(set) var ackedSerials: [UInt32] = []

    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32, surface: TestSurface) {
        self.surface = surface
        super.init(compositor: compositor, client: client, interface: tts_xdg_surface_interface(), version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: destroy()
        case 1:
            let toplevel = TestToplevel(compositor: compositor, client: client, version: version, id: arguments[0].n, xdgSurface: self)
            surface.toplevel = toplevel
            compositor.toplevels.append(toplevel)
        case 2: preconditionFailure("the test compositor does not implement popups")
        case 3: break
        case 4: ackedSerials.append(arguments[0].u)
        default: preconditionFailure("xdg_surface has no request \(opcode)")
        }
    }
}

/// A client's `xdg_toplevel`: what it asked for, and a script to configure
/// and close it.
public final class TestToplevel: ServerObject {
    let xdgSurface: XdgSurfaceResource
    public private(set) var title: String?
    public private(set) var appID: String?
    public private(set) var minimumSize: (width: Int32, height: Int32) = (0, 0)
    public private(set) var maximizeRequests = 0
    /// How many `xdg_toplevel.unset_maximized` and `set_minimized` requests came.
    public private(set) var unmaximizeRequests = 0
    public private(set) var minimizeRequests = 0
    /// (seat resource, serial) of each `xdg_toplevel.move`.
    public private(set) var moveRequests: [(seat: UnsafeMutablePointer<wl_resource>?, serial: UInt32)] = []
    /// (seat resource, serial, edges) of each `xdg_toplevel.resize`.
    public private(set) var resizeRequests: [(seat: UnsafeMutablePointer<wl_resource>?, serial: UInt32, edges: UInt32)] = []
    /// Mode of the last `zxdg_toplevel_decoration_v1.set_mode` (nil before).
    public internal(set) var requestedDecorationMode: UInt32?
    /// The icon name of each `xdg_toplevel_icon_manager_v1.set_icon` for
    /// this toplevel, oldest first (nil: an icon without a name, or none).
    public internal(set) var iconNames: [String?] = []
    /// The client's `zxdg_toplevel_decoration_v1` for this toplevel, if any.
    weak var decoration: ToplevelDecorationResource?

    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32, xdgSurface: XdgSurfaceResource) {
        self.xdgSurface = xdgSurface
        super.init(compositor: compositor, client: client, interface: tts_xdg_toplevel_interface(), version: version, id: id)
    }

    /// The `wl_surface` this toplevel gives a role to.
    public var surface: TestSurface { xdgSurface.surface }
    /// Serials the client acknowledged with `xdg_surface.ack_configure`.
    public var ackedSerials: [UInt32] { xdgSurface.ackedSerials }

    /// Sends `xdg_toplevel.configure(width, height, states)` followed by
    /// `xdg_surface.configure(serial)`; returns the serial.
    @discardableResult
    public func configure(width: Int32, height: Int32, states: [xdg_toplevel_state] = []) -> UInt32 {
        var array = wl_array()
        wl_array_init(&array)
        for state in states {
            wl_array_add(&array, MemoryLayout<UInt32>.size)!.storeBytes(of: state.rawValue, as: UInt32.self)
        }
        xdg_toplevel_send_configure(resource, width, height, &array)
        wl_array_release(&array)
        let serial = compositor.serial()
        xdg_surface_send_configure(xdgSurface.resource, serial)
        return serial
    }

    /// Sends `zxdg_toplevel_decoration_v1.configure(mode)` (1 = client side,
    /// 2 = server side), as a compositor changing its mind at run time.
    public func configureDecoration(mode: UInt32) {
        guard let decoration, decoration.isAlive else { return }
        zxdg_toplevel_decoration_v1_send_configure(decoration.resource, mode)
    }

    /// Sends `xdg_toplevel.close` (the user asked to close the window).
    public func close() {
        xdg_toplevel_send_close(resource)
    }

    public override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: destroy()
        case 2: title = String(cString: arguments[0].s)
        case 3: appID = String(cString: arguments[0].s)
        case 5: moveRequests.append((Self.resource(arguments, 0), arguments[1].u))
        case 6: resizeRequests.append((Self.resource(arguments, 0), arguments[1].u, arguments[2].u))
        case 8: minimumSize = (arguments[0].i, arguments[1].i)
        case 9: maximizeRequests += 1
        case 10: unmaximizeRequests += 1
        case 13: minimizeRequests += 1
        case 1, 4, 7, 11, 12: break
        default: preconditionFailure("xdg_toplevel has no request \(opcode)")
        }
    }
}
