import CWaylandClient
import CWaylandProtocols

/// The image of one pointer or tablet tool over our surface.
///
/// Where the compositor offers `wp_cursor_shape_manager_v1` (sway 1.10,
/// mutter 48, KWin 6.3) the image is named by shape through the device's
/// `wp_cursor_shape_device_v1`: the compositor draws it from its own theme
/// at its own scale, and no cursor theme is loaded here. Elsewhere (every
/// Debian 12 compositor) it is drawn from the cursor theme (`Cursor`) on a
/// surface of the device's own and set with the device's `set_cursor`.
final class DeviceCursor {
    /// The device whose image this is.
    enum Device {
        case pointer(OpaquePointer)
        case tabletTool(OpaquePointer)
    }

    private let device: Device
    /// The cursor theme, for compositors without cursor shapes; nil when no
    /// image can be drawn.
    private let theme: Cursor?
    /// The bound `wp_cursor_shape_manager_v1`, nil while none is.
    private let shapeManager: () -> OpaquePointer?
    /// The device's `wp_cursor_shape_device_v1`, made at its first image.
    private var shapeDevice: OpaquePointer?
    /// The device's image surface, made at its first theme image.
    private var surface: OpaquePointer?

    init(_ device: Device, theme: Cursor?, shapeManager: @escaping () -> OpaquePointer?) {
        self.device = device
        self.theme = theme
        self.shapeManager = shapeManager
    }

    /// Shows `shape` for the device: `serial` is its latest `wl_pointer.enter`
    /// or `zwp_tablet_tool_v2.proximity_in` on our surface, `scale` the
    /// window's integer buffer scale (for theme images).
    func show(_ shape: CursorShape, serial: UInt32, scale: Int32) {
        if let manager = shapeManager() {
            if shapeDevice == nil { shapeDevice = makeShapeDevice(manager) }
            wp_cursor_shape_device_v1_set_shape(shapeDevice, serial, shape.shapeProtocolValue)
            return
        }
        // The manager went away: its devices still work, but a compositor
        // that withdrew it may no longer honour them.
        destroyShapeDevice()
        guard let theme else { return }
        if surface == nil { surface = theme.makeSurface() }
        guard let surface, let hotspot = theme.attach(shape, to: surface, scale: scale) else { return }
        switch device {
        case .pointer(let pointer): wl_pointer_set_cursor(pointer, serial, surface, hotspot.x, hotspot.y)
        case .tabletTool(let tool): zwp_tablet_tool_v2_set_cursor(tool, serial, surface, hotspot.x, hotspot.y)
        }
    }

    /// Destroys the shape device and the image surface; call it before the
    /// device's own proxy goes.
    func destroy() {
        destroyShapeDevice()
        if let surface { wl_surface_destroy(surface) }
        surface = nil
    }

    private func makeShapeDevice(_ manager: OpaquePointer) -> OpaquePointer? {
        switch device {
        case .pointer(let pointer): wp_cursor_shape_manager_v1_get_pointer(manager, pointer)
        case .tabletTool(let tool): wp_cursor_shape_manager_v1_get_tablet_tool_v2(manager, tool)
        }
    }

    private func destroyShapeDevice() {
        if let shapeDevice { wp_cursor_shape_device_v1_destroy(shapeDevice) }
        shapeDevice = nil
    }
}
