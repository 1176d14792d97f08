import CWaylandClient
import CWaylandCursor
import Platform

/// The pointer images (libwayland-cursor): each `CursorShape`'s image from
/// the cursor theme, attached to a device's own surface (`DeviceCursor`)
/// where the compositor does not draw shapes itself. The theme is loaded at
/// the first image asked for, so where every device names its shape it is
/// never loaded.
///
/// Theme from `XCURSOR_THEME` (else the default theme), size from
/// `XCURSOR_SIZE` (else 24) times the window's integer buffer scale. A shape
/// the theme lacks shows the arrow; a missing theme or arrow leaves the
/// compositor's cursor in place: never fatal.
final class Cursor {
    private let compositor: OpaquePointer
    private let shm: OpaquePointer
    private let themeName: String?
    private let baseSize: Int32
    /// The theme loaded for each buffer scale met so far (a window meets one
    /// or two): its images stay valid, and cached, as long as it is loaded.
    private var themes: [Int32: OpaquePointer] = [:]
    /// The image found for each shape and scale, nil where there is none.
    private var images: [ImageKey: UnsafeMutablePointer<wl_cursor_image>?] = [:]

    private struct ImageKey: Hashable {
        let shape: CursorShape
        let scale: Int32
    }

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
        // Frees the images' `wl_buffer`s: the connection must still be alive.
        for theme in themes.values { wl_cursor_theme_destroy(theme) }
    }

    /// A new surface for one pointer's image (`wl_compositor.create_surface`).
    /// Each pointer has its own, so seats can show different shapes.
    func makeSurface() -> OpaquePointer? {
        wl_compositor_create_surface(compositor)
    }

    /// Attaches and commits `shape`'s image (the arrow where the theme lacks
    /// it) on `surface`, for a `set_cursor` request of any device (a
    /// pointer, a tablet tool). Returns the hotspot in surface (logical)
    /// coordinates, nil when no image is available.
    func attach(_ shape: CursorShape, to surface: OpaquePointer, scale: Int32) -> (x: Int32, y: Int32)? {
        let scale = max(1, scale)
        guard let image = image(shape, scale: scale) ?? image(.arrow, scale: scale),
              let buffer = wl_cursor_image_get_buffer(image) else {
            return nil
        }
        if wl_surface_get_version(surface) >= WL_SURFACE_SET_BUFFER_SCALE_SINCE_VERSION {
            wl_surface_set_buffer_scale(surface, scale)
        }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
        return (Int32(image.pointee.hotspot_x) / scale, Int32(image.pointee.hotspot_y) / scale)
    }

    /// The first image of the first of `shape`'s names the theme has, at `scale`.
    private func image(_ shape: CursorShape, scale: Int32) -> UnsafeMutablePointer<wl_cursor_image>? {
        let key = ImageKey(shape: shape, scale: scale)
        if let cached = images[key] { return cached }
        let found = theme(scale: scale).flatMap { theme in
            shape.themeNames.lazy.compactMap { wl_cursor_theme_get_cursor(theme, $0) }.first
        }.flatMap { cursor in
            cursor.pointee.image_count > 0 ? cursor.pointee.images[0] : nil
        }
        images[key] = found
        return found
    }

    private func theme(scale: Int32) -> OpaquePointer? {
        if let theme = themes[scale] { return theme }
        let theme = wl_cursor_theme_load(themeName, baseSize * scale, shm)
        themes[scale] = theme
        return theme
    }

    /// The cursor variables of the process environment.
    static func processEnvironment() -> [String: String] {
        CurrentProcess.environment().filter { ["XCURSOR_THEME", "XCURSOR_SIZE"].contains($0.key) }
    }
}
