import CWaylandClient
#if canImport(Glibc)
import Glibc
import Platform
#endif

/// The connection to a Wayland compositor (`wl_display`) and its registry.
///
/// One per process. Everything else in this module is created from it and
/// must be destroyed before it (the window and seats hold proxies of this
/// connection).
public final class Display {
    /// The `wl_display*`, for the C-level calls of this module only.
    let pointer: OpaquePointer
    /// Every global the compositor announced; binds the ones the window needs.
    let registry: Registry

    /// True once the globals announced at connection time have all arrived:
    /// a window needs them before it is made.
    public var initialGlobalsReceived: Bool { registry.initialGlobalsReceived }

    private init(pointer: OpaquePointer) {
        self.pointer = pointer
        self.registry = Registry(display: pointer)
    }

    deinit {
        registry.destroy()
        wl_display_disconnect(pointer)
    }

    /// Connects to the compositor named by `name`, or by `WAYLAND_DISPLAY`
    /// when nil (`wl_display_connect`), and waits for its globals.
    ///
    /// Throws `WaylandError.noCompositor` with a one-line explanation that
    /// names `WAYLAND_DISPLAY` (and `XDG_RUNTIME_DIR` when it is unset).
    public static func connect(name: String? = nil) throws -> Display {
        let environment = connectionEnvironment
        let socket = name ?? environment["WAYLAND_DISPLAY"] ?? "wayland-0"
        // Without a runtime directory libwayland would log its own line
        // before failing; fail first with the one clear message.
        if environment["XDG_RUNTIME_DIR"] == nil && environment["WAYLAND_SOCKET"] == nil && !socket.hasPrefix("/") {
            throw WaylandError.noCompositor(noCompositorMessage(name: name, errno: ENOENT, environment: environment))
        }
        guard let pointer = wl_display_connect(name) else {
            let error = errno
            throw WaylandError.noCompositor(noCompositorMessage(name: name, errno: error, environment: environment))
        }
        let display = Display(pointer: pointer)
        // One roundtrip delivers every global and the registry's sync callback.
        while !display.registry.initialGlobalsReceived {
            guard wl_display_roundtrip(pointer) >= 0 else { throw display.error() }
        }
        return display
    }

    /// Connects over an already connected socket (`wl_display_connect_to_fd`),
    /// e.g. one end of a `socketpair` whose other end a test compositor serves.
    /// Does not wait: the globals arrive as the event loop dispatches
    /// (`registry.initialGlobalsReceived`). The display owns `fd` from now on.
    public static func connect(fd: Int32) throws -> Display {
        guard let pointer = wl_display_connect_to_fd(fd) else {
            throw WaylandError.connectionLost("cannot use socket \(fd): \(Errno.current)")
        }
        return Display(pointer: pointer)
    }

    /// The socket to the compositor, for `poll`.
    public var fileDescriptor: Int32 { wl_display_get_fd(pointer) }

    /// What went wrong after a libwayland call returned -1: the protocol error
    /// the compositor posted (`wl_display_get_protocol_error`) or the socket
    /// failure (`wl_display_get_error`).
    func error() -> WaylandError {
        let code = wl_display_get_error(pointer)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var objectID: UInt32 = 0
            let errorCode = wl_display_get_protocol_error(pointer, &interface, &objectID)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            return .protocolError(interface: name, objectID: objectID, code: errorCode)
        }
        if code == 0 || code == EPIPE || code == ECONNRESET {
            return .connectionLost("the compositor closed the connection")
        }
        return .connectionLost(Errno(rawValue: code).description)
    }

    /// The one-line explanation for a failed `wl_display_connect`;
    /// `environment` holds `WAYLAND_DISPLAY` and `XDG_RUNTIME_DIR` when set.
    static func noCompositorMessage(name: String?, errno: Int32, environment: [String: String]) -> String {
        let socket = name ?? environment["WAYLAND_DISPLAY"] ?? "wayland-0"
        var message = "Cannot connect to a Wayland compositor at \"\(socket)\""
        if name == nil && environment["WAYLAND_DISPLAY"] == nil {
            message += " (WAYLAND_DISPLAY is not set"
        } else {
            message += " (WAYLAND_DISPLAY=\(socket)"
        }
        if environment["XDG_RUNTIME_DIR"] == nil && !socket.hasPrefix("/") {
            message += ", XDG_RUNTIME_DIR is not set"
        }
        message += "): \(Errno(rawValue: errno)). Run this program inside a Wayland session."
        return message
    }

    /// The variables `wl_display_connect` reads, as currently set.
    static var connectionEnvironment: [String: String] {
        var environment: [String: String] = [:]
        for name in ["WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "WAYLAND_SOCKET"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
