#if canImport(Glibc)
import Glibc
#endif

/// The compositor socket `wl_display_connect(name)` tries, as an error
/// message names it: `name`, else `WAYLAND_DISPLAY`, else libwayland's
/// default, `wayland-0`.
enum WaylandSocketName {
    static func tried(_ name: String?) -> String {
        name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
    }
}
