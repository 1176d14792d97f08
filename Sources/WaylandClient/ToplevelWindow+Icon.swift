import CWaylandProtocols

/// The window's own icon (`xdg_toplevel_icon_manager_v1`), where the
/// compositor offers it (KWin 6.3): window switchers and task bars then show
/// it even when they cannot match the window to its desktop entry (a build
/// run from its folder, not installed).
///
/// The icon is named, not drawn: the compositor looks the name up in the
/// icon theme, where the package installs the app's icon under its app id.
/// Elsewhere compositors find the icon through the desktop entry the app id
/// names, and nothing is sent.
extension ToplevelWindow {
    /// `create_icon`, `set_name`, `set_icon` on the toplevel (applied with
    /// the window's first commit), then the icon object's `destroy`, which
    /// the protocol allows once it is set.
    func setIcon(named name: String, registry: Registry) {
        guard let manager = registry.toplevelIconManager,
              let icon = xdg_toplevel_icon_manager_v1_create_icon(manager) else { return }
        xdg_toplevel_icon_v1_set_name(icon, name)
        xdg_toplevel_icon_manager_v1_set_icon(manager, toplevel, icon)
        xdg_toplevel_icon_v1_destroy(icon)
    }
}
