import CWaylandServer
import CWaylandServerProtocols

/// `wp_fractional_scale_manager_v1`: attaches a fractional scale object to a surface.
final class FractionalScaleManagerResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wp_fractional_scale_manager_v1_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: destroy()
        case 1:
            let surface = ServerObject.object(for: Self.resource(arguments, 1)!) as! TestSurface
            surface.fractionalScale = FractionalScaleResource(compositor: compositor, client: client, version: version, id: arguments[0].n)
        default: preconditionFailure("wp_fractional_scale_manager_v1 has no request \(opcode)")
        }
    }
}

/// `wp_fractional_scale_v1`: carries `preferred_scale` events to the client.
final class FractionalScaleResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wp_fractional_scale_v1_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        destroy()  // destroy, the only request
    }
}

/// `wp_viewporter`: attaches a viewport to a surface.
final class ViewporterResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wp_viewporter_interface(), version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: destroy()
        case 1:
            let surface = ServerObject.object(for: Self.resource(arguments, 1)!) as! TestSurface
            surface.viewport = ViewportResource(compositor: compositor, client: client, version: version, id: arguments[0].n)
        default: preconditionFailure("wp_viewporter has no request \(opcode)")
        }
    }
}

/// `wp_viewport`: records the destination size, applied on the surface's commit.
final class ViewportResource: ServerObject {
    private var pendingDestination: (width: Int32, height: Int32)?
    private var destination: (width: Int32, height: Int32)?

    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_wp_viewport_interface(), version: version, id: id)
    }

    /// Applies the pending destination; returns the one in effect.
    func commit() -> (width: Int32, height: Int32)? {
        destination = pendingDestination
        return destination
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: destroy()
        case 1: break
        case 2:
            // -1 × -1 unsets the destination.
            let (width, height) = (arguments[0].i, arguments[1].i)
            pendingDestination = width == -1 && height == -1 ? nil : (width, height)
        default: preconditionFailure("wp_viewport has no request \(opcode)")
        }
    }
}

/// `zxdg_decoration_manager_v1`: hands out per-toplevel decoration objects.
final class DecorationManagerResource: ServerObject {
    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32) {
        super.init(compositor: compositor, client: client, interface: tts_zxdg_decoration_manager_v1_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: destroy()
        case 1:
            let toplevel = ServerObject.object(for: Self.resource(arguments, 1)!) as! TestToplevel
            // The resource keeps the object alive; the toplevel only refers to it.
            let decoration = ToplevelDecorationResource(compositor: compositor, client: client, version: version,
                                                        id: arguments[0].n, toplevel: toplevel)
            toplevel.decoration = decoration
        default: preconditionFailure("zxdg_decoration_manager_v1 has no request \(opcode)")
        }
    }
}

/// `zxdg_toplevel_decoration_v1`: answers `set_mode` with the compositor's
/// `decorationModeReply`.
final class ToplevelDecorationResource: ServerObject {
    private let toplevel: TestToplevel

    init(compositor: TestCompositor, client: OpaquePointer, version: Int32, id: UInt32, toplevel: TestToplevel) {
        self.toplevel = toplevel
        super.init(compositor: compositor, client: client, interface: tts_zxdg_toplevel_decoration_v1_interface(),
                   version: version, id: id)
    }

    override func request(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch opcode {
        case 0: destroy()
        case 1:
            toplevel.requestedDecorationMode = arguments[0].u
            zxdg_toplevel_decoration_v1_send_configure(resource, compositor.decorationModeReply)
        case 2:
            toplevel.requestedDecorationMode = nil
            zxdg_toplevel_decoration_v1_send_configure(resource, compositor.decorationModeReply)
        default: preconditionFailure("zxdg_toplevel_decoration_v1 has no request \(opcode)")
        }
    }
}
