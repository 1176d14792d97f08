import CWaylandServer
import CWaylandServerProtocols

extension TestCompositor {
    /// Announces `xdg_toplevel_icon_manager_v1` (as KWin 6.3 does), which
    /// prefers icons of `preferredSizes`: the icons clients set are
    /// recorded on their `TestToplevel` (`iconNames`).
    @discardableResult
    public func addToplevelIconManager(preferredSizes: [Int32] = [64]) -> TestGlobal {
        addGlobal(interface: tts_xdg_toplevel_icon_manager_v1_interface(), version: 1) {
            [unowned self] client, version, id in
            let manager = ToplevelIconManagerResource(compositor: self, client: client, version: version, id: id)
            for size in preferredSizes { xdg_toplevel_icon_manager_v1_send_icon_size(manager.resource, size) }
            xdg_toplevel_icon_manager_v1_send_done(manager.resource)
        }
    }
}

/// A client's `xdg_toplevel_icon_manager_v1`: makes icons and sets them.
final class ToplevelIconManagerResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_xdg_toplevel_icon_manager_v1_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0:
            destroy()
        case 1:
            _ = ToplevelIconResource(compositor: compositor, client: client, version: version, id: arguments[0].n)
        case 2:
            let toplevel = ServerObject.object(for: Self.resource(arguments, 0)!) as! TestToplevel
            let icon = Self.resource(arguments, 1).map { ServerObject.object(for: $0) as! ToplevelIconResource }
            icon?.isImmutable = true
            toplevel.iconNames.append(icon?.name)
        default:
            preconditionFailure("xdg_toplevel_icon_manager_v1 has no request \(opcode)")
        }
    }
}

/// A client's `xdg_toplevel_icon_v1`: a name (pixel buffers are accepted
/// and not looked at), immutable once set on a toplevel.
final class ToplevelIconResource: ServerObject {
    private(set) var name: String?
    var isImmutable = false

    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_xdg_toplevel_icon_v1_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        if opcode == 0 {
            destroy()
            return
        }
        guard !isImmutable else {
            compositor.postError(on: resource, code: XDG_TOPLEVEL_ICON_V1_ERROR_IMMUTABLE.rawValue,
                                 message: "the icon was already set on a toplevel")
            return
        }
        switch opcode {
        case 1: name = String(cString: arguments[0].s)
        case 2: break  // add_buffer
        default: preconditionFailure("xdg_toplevel_icon_v1 has no request \(opcode)")
        }
    }
}
