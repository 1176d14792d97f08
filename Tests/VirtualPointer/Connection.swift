import CWaylandClient
import CWaylandProtocols
import CConformanceProtocols
#if canImport(Glibc)
import Glibc
#endif

/// Why the tool cannot drive the compositor; printed as one line.
struct ConnectionError: Error {
    let message: String
}

/// The connection to the compositor and the globals a virtual pointer needs:
/// `zwlr_virtual_pointer_manager_v1`, the first `wl_seat` and the first
/// `wl_output` (whose logical size is the default extent).
final class Connection {
    let display: OpaquePointer
    private var registry: OpaquePointer?
    private(set) var manager: OpaquePointer?
    private(set) var seat: OpaquePointer?
    private var output: OpaquePointer?
    /// `wl_output.mode` (current mode, in pixels) and `wl_output.scale`.
    private var outputPixels = Extent(width: 0, height: 0)
    private var outputScale: UInt32 = 1

    /// Connects to `$WAYLAND_DISPLAY` and collects the globals (two
    /// roundtrips: one for the globals, one for the output's mode).
    init() throws {
        guard let display = wl_display_connect(nil) else {
            let socket = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
            throw ConnectionError(message: "cannot connect to the Wayland compositor at '\(socket)': \(String(cString: strerror(errno)))")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        try roundtrip()
        try roundtrip()
        guard manager != nil else {
            disconnect()
            throw ConnectionError(message: "the compositor does not offer zwlr_virtual_pointer_manager_v1 "
                + "(wlr-virtual-pointer-unstable-v1; wlroots compositors such as sway have it)")
        }
    }

    /// The output's logical size: its current mode divided by its scale.
    var outputExtent: Extent? {
        guard outputPixels.width > 0, outputPixels.height > 0 else { return nil }
        return Extent(width: outputPixels.width / outputScale, height: outputPixels.height / outputScale)
    }

    /// Waits until the compositor has handled every request sent so far
    /// (`wl_display_roundtrip`).
    func roundtrip() throws {
        guard wl_display_roundtrip(display) >= 0 else {
            throw ConnectionError(message: "the compositor closed the connection (error \(wl_display_get_error(display)))")
        }
    }

    func disconnect() {
        if let manager { zwlr_virtual_pointer_manager_v1_destroy(manager) }
        if let seat { wl_seat_destroy(seat) }
        if let output { wl_output_destroy(output) }
        if let registry { wl_registry_destroy(registry) }
        manager = nil; seat = nil; output = nil; registry = nil
        wl_display_disconnect(display)
    }

    private func announced(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "zwlr_virtual_pointer_manager_v1" where manager == nil:
            manager = OpaquePointer(wl_registry_bind(registry, name, tt_zwlr_virtual_pointer_manager_v1_interface(), 1))
        case "wl_seat" where seat == nil:
            seat = OpaquePointer(wl_registry_bind(registry, name, tt_wl_seat_interface(), 1))
        case "wl_output" where output == nil:
            // Version 2 for the scale event.
            output = OpaquePointer(wl_registry_bind(registry, name, tt_wl_output_interface(), min(version, 2)))
            wl_output_add_listener(output, Self.outputListener, Unmanaged.passUnretained(self).toOpaque())
        default:
            break
        }
    }

    private static func connection(_ data: UnsafeMutableRawPointer?) -> Connection {
        Unmanaged<Connection>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                connection(data).announced(name: name, interface: String(cString: interface!), version: version)
            },
            // The tool lives for a fraction of a second; globals going away
            // meanwhile end it through a failed request instead.
            global_remove: { _, _, _ in }))
        return listener
    }()

    nonisolated(unsafe) private static let outputListener: UnsafeMutablePointer<wl_output_listener> = {
        let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_output_listener(
            geometry: { _, _, _, _, _, _, _, _, _, _ in },
            mode: { data, _, flags, width, height, _ in
                guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0, width > 0, height > 0 else { return }
                connection(data).outputPixels = Extent(width: UInt32(width), height: UInt32(height))
            },
            done: { _, _ in },
            scale: { data, _, factor in
                connection(data).outputScale = UInt32(max(1, factor))
            },
            name: { _, _, _ in },
            description: { _, _, _ in }))
        return listener
    }()
}
