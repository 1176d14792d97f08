#if canImport(Glibc)
import Glibc
#endif
import CWaylandClient
import CWaylandCursor

/// The pointer image (libwayland-cursor): the theme's "default" arrow on a
/// surface of our own, set with `wl_pointer.set_cursor` on every enter.
///
/// Theme from `XCURSOR_THEME` (else the default theme), size from
/// `XCURSOR_SIZE` (else 24) times the window's integer buffer scale. A missing
/// theme or image leaves the compositor's cursor in place: never fatal.
final class Cursor {
    private let compositor: OpaquePointer
    private let shm: OpaquePointer
    /// The theme loaded for `scale`; reloaded when the scale changes.
    private var theme: (scale: Int32, pointer: OpaquePointer)?
    private var surface: OpaquePointer?
    private let themeName: String?
    private let baseSize: Int32

    /// `compositor` and `shm` are the window layer's `wl_compositor` and
    /// `wl_shm` proxies; `environment` is the process environment (injected
    /// for tests).
    init(compositor: OpaquePointer, shm: OpaquePointer,
         environment: [String: String] = Cursor.processEnvironment()) {
        self.compositor = compositor
        self.shm = shm
        themeName = environment["XCURSOR_THEME"].flatMap { $0.isEmpty ? nil : $0 }
        baseSize = environment["XCURSOR_SIZE"].flatMap { Int32($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
    }

    deinit {
        if let surface { wl_surface_destroy(surface) }
        if let theme { wl_cursor_theme_destroy(theme.pointer) }
    }

    /// Shows the arrow for `pointer` (`wl_pointer.set_cursor` with the enter
    /// serial). Returns false when no image is available.
    @discardableResult
    func show(on pointer: OpaquePointer, serial: UInt32, scale: Int32) -> Bool {
        let scale = max(1, scale)
        guard let image = image(scale: scale), let buffer = wl_cursor_image_get_buffer(image) else {
            return false
        }
        let surface = self.surface ?? wl_compositor_create_surface(compositor)
        guard let surface else { return false }
        self.surface = surface
        if wl_surface_get_version(surface) >= WL_SURFACE_SET_BUFFER_SCALE_SINCE_VERSION {
            wl_surface_set_buffer_scale(surface, scale)
        }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
        // The hotspot is in surface (logical) coordinates.
        wl_pointer_set_cursor(pointer, serial, surface, Int32(image.pointee.hotspot_x) / scale,
                              Int32(image.pointee.hotspot_y) / scale)
        return true
    }

    /// The first image of the "default" cursor (or the older "left_ptr"
    /// name) at `scale`.
    private func image(scale: Int32) -> UnsafeMutablePointer<wl_cursor_image>? {
        if theme?.scale != scale {
            if let theme { wl_cursor_theme_destroy(theme.pointer) }
            theme = wl_cursor_theme_load(themeName, baseSize * scale, shm).map { (scale, $0) }
        }
        guard let theme else { return nil }
        let cursor = wl_cursor_theme_get_cursor(theme.pointer, "default")
            ?? wl_cursor_theme_get_cursor(theme.pointer, "left_ptr")
        guard let cursor, cursor.pointee.image_count > 0 else { return nil }
        return cursor.pointee.images[0]
    }

    /// The process environment as a dictionary.
    static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        for key in ["XCURSOR_THEME", "XCURSOR_SIZE"] {
            if let value = getenv(key) { result[key] = String(cString: value) }
        }
        return result
    }
}
