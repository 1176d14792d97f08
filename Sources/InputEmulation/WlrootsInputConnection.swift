import CConformanceProtocols
import CWaylandClient
import CWaylandProtocols
#if canImport(Glibc)
import Glibc
#endif

/// A Wayland connection of its own to a wlroots compositor, with the
/// globals its virtual input devices need: `zwlr_virtual_pointer_manager_v1`,
/// `zwp_virtual_keyboard_manager_v1`, the first `wl_seat` and the first
/// `wl_output` (whose logical size absolute pointer positions are measured
/// against), and whether `zwlr_output_manager_v1` is offered. The devices
/// themselves are their users' (the conformance back end, the smoke tests'
/// virtual pointer tool).
public final class WlrootsInputConnection {
    public let display: OpaquePointer
    private var registry: OpaquePointer?
    public private(set) var pointerManager: OpaquePointer?
    public private(set) var keyboardManager: OpaquePointer?
    public private(set) var seat: OpaquePointer?
    private var output: OpaquePointer?
    /// `zwlr_output_manager_v1`'s global, when offered (bind it with `bindOutputManager`).
    private var outputManagerName: UInt32?
    /// `wl_output.mode` (current, in pixels) and `wl_output.scale`.
    private var outputPixels: (width: Int32, height: Int32)?
    private var outputScale: Int32 = 1

    /// Connects to the compositor named `name` (a `WAYLAND_DISPLAY` value;
    /// nil for libwayland's default) and collects the globals: one
    /// roundtrip for them, one for the output's mode and scale.
    public init(display name: String?) throws(WlrootsInputError) {
        guard let display = wl_display_connect(name) else {
            throw WlrootsInputError("cannot connect to the Wayland compositor at '\(WaylandSocketName.tried(name))': "
                                    + String(cString: strerror(errno)))
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        // Every stored property is set by now: a throw below runs deinit, which disconnects.
        try roundtrip()
        try roundtrip()
    }

    deinit {
        if let pointerManager { zwlr_virtual_pointer_manager_v1_destroy(pointerManager) }
        if let keyboardManager { zwp_virtual_keyboard_manager_v1_destroy(keyboardManager) }
        if let seat { wl_seat_destroy(seat) }
        if let output { wl_output_destroy(output) }
        if let registry { wl_registry_destroy(registry) }
        wl_display_disconnect(display)
    }

    /// The first output's logical size (its current mode divided by its
    /// integer scale), once announced.
    public var outputSize: (width: Int32, height: Int32)? {
        guard let outputPixels, outputPixels.width > 0, outputPixels.height > 0 else { return nil }
        return (outputPixels.width / outputScale, outputPixels.height / outputScale)
    }

    /// Binds `zwlr_output_manager_v1` (version 1), when the compositor
    /// offers it; the caller owns and destroys the proxy.
    public func bindOutputManager() -> OpaquePointer? {
        guard let outputManagerName,
              let manager = wl_registry_bind(registry, outputManagerName, tt_zwlr_output_manager_v1_interface(), 1)
        else { return nil }
        return OpaquePointer(manager)
    }

    /// Returns once the compositor has handled every request sent so far
    /// (`wl_display_roundtrip`).
    public func roundtrip() throws(WlrootsInputError) {
        guard wl_display_roundtrip(display) >= 0 else {
            throw WlrootsInputError("the compositor closed the input connection (error \(wl_display_get_error(display)))")
        }
    }

    /// Sends the requests queued so far, waiting while the compositor's
    /// socket is full (`DisplayFlush`).
    public func flush() throws(WlrootsInputError) {
        do {
            try DisplayFlush.flush(display, timeout: DisplayFlush.patience)
        } catch {
            throw WlrootsInputError(error.description)
        }
    }

    /// Milliseconds of `CLOCK_MONOTONIC`, wrapping like the protocol's
    /// 32-bit timestamps: the time virtual devices stamp their events with.
    public static func timestamp() -> UInt32 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt32(truncatingIfNeeded: Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000)
    }

    private func announced(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "zwlr_virtual_pointer_manager_v1" where pointerManager == nil:
            pointerManager = OpaquePointer(wl_registry_bind(registry, name, tt_zwlr_virtual_pointer_manager_v1_interface(), 1))
        case "zwp_virtual_keyboard_manager_v1" where keyboardManager == nil:
            keyboardManager = OpaquePointer(wl_registry_bind(registry, name, tt_zwp_virtual_keyboard_manager_v1_interface(), 1))
        case "zwlr_output_manager_v1" where outputManagerName == nil:
            outputManagerName = name
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

    private static func connection(_ data: UnsafeMutableRawPointer?) -> WlrootsInputConnection {
        Unmanaged<WlrootsInputConnection>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                connection(data).announced(name: name, interface: String(cString: interface!), version: version)
            },
            // A global going away meanwhile shows as a failed request.
            global_remove: { _, _, _ in }))
        return listener
    }()

    nonisolated(unsafe) private static let outputListener: UnsafeMutablePointer<wl_output_listener> = {
        let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_output_listener(
            geometry: { _, _, _, _, _, _, _, _, _, _ in },
            mode: { data, _, flags, width, height, _ in
                guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
                connection(data).outputPixels = (width, height)
            },
            done: { _, _ in },
            scale: { data, _, factor in connection(data).outputScale = max(1, factor) },
            name: { _, _, _ in },
            description: { _, _, _ in }))
        return listener
    }()
}

/// Why a wlroots input connection failed, in one line.
public struct WlrootsInputError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
