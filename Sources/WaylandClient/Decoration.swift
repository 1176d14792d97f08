import CWaylandClient
import CWaylandProtocols

/// Who draws the window's title bar and borders.
public enum DecorationMode: Equatable, Sendable {
    /// The app must draw its own (no `zxdg_decoration_manager_v1`, or the
    /// compositor chose client side, as weston and GNOME do).
    case clientSide
    /// The compositor draws them (sway, KDE).
    case serverSide
}

/// The window's `zxdg_toplevel_decoration_v1`: asks for server-side
/// decorations and reports the mode the compositor picks.
final class WindowDecoration {
    private let proxy: OpaquePointer
    private var handle: Unmanaged<WindowDecoration>!
    /// Called with each mode the compositor configures.
    var onMode: ((DecorationMode) -> Void)?

    init(manager: OpaquePointer, toplevel: OpaquePointer) {
        proxy = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
        handle = Unmanaged.passUnretained(self)
        zxdg_toplevel_decoration_v1_add_listener(proxy, Self.listener, handle.toOpaque())
        zxdg_toplevel_decoration_v1_set_mode(proxy, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
    }

    deinit {
        zxdg_toplevel_decoration_v1_destroy(proxy)
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener> = {
        let listener = UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: zxdg_toplevel_decoration_v1_listener(
            configure: { data, _, mode in
                let decoration = Unmanaged<WindowDecoration>.fromOpaque(data!).takeUnretainedValue()
                let server = mode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue
                decoration.onMode?(server ? .serverSide : .clientSide)
            }))
        return listener
    }()
}
