import CWaylandProtocols

/// The window exported through xdg-foreign (`zxdg_exporter_v2`), where the
/// compositor offers it (mutter, KWin, wlroots): the handle it gives goes
/// to the desktop's file chooser as `wayland:HANDLE`, so its dialog is
/// parented to this window (kept above it, modal to it). Elsewhere the
/// chooser's dialog is a window of its own.
extension ToplevelWindow {
    /// Asks for the handle; it arrives in `exportedHandle` with the
    /// compositor's next events.
    func export(registry: Registry) {
        guard let exporter = registry.exporter,
              let exported = zxdg_exporter_v2_export_toplevel(exporter, surface) else { return }
        self.exported = exported
        zxdg_exported_v2_add_listener(exported, Self.exportedListener, handle.toOpaque())
    }

    nonisolated(unsafe) static let exportedListener: UnsafeMutablePointer<zxdg_exported_v2_listener> = {
        let listener = UnsafeMutablePointer<zxdg_exported_v2_listener>.allocate(capacity: 1)
        listener.initialize(to: zxdg_exported_v2_listener(
            handle: { data, _, handle in
                guard let handle else { return }
                window(data).exportedHandle = String(cString: handle)
            }))
        return listener
    }()
}
