/// A global of one of the protocols that the desktops of 2025 offer and
/// Debian 12's do not, as the compositor announced it.
public struct OfferedProtocol: Equatable, Sendable {
    /// The global's interface (`wp_cursor_shape_manager_v1`).
    public let interface: String
    public let version: UInt32

    public init(interface: String, version: UInt32) {
        self.interface = interface
        self.version = version
    }

    /// The short name `check` and the inspector list it by, with its
    /// version when above 1 (where the app binds one that adds something:
    /// cursor shapes, pad dials).
    ///
    ///     cursor_shape v2
    ///     fifo
    public var label: String {
        let name = ModernProtocols.shortName(of: interface)
        return version > 1 ? "\(name) v\(version)" : name
    }

    /// The inspector's shorter name, for its one line of about 40
    /// characters: every modern global with versions fits.
    ///
    ///     cursor2 timing fifo dialog color tablet2
    public var compactLabel: String {
        let name = ModernProtocols.globals.first { $0.interface == interface }?.compactName ?? interface
        return version > 1 ? "\(name)\(version)" : name
    }
}

/// The modern protocols `check --live` and the inspector report on: which
/// of them the compositor offers says what the app can use there (cursor
/// shapes, its toplevel icon, pad dials through tablet manager version 2,
/// commit timing for frames paced for the latch) and what it does not
/// (FIFO barriers, which would queue frames; dialogs, colour management).
public enum ModernProtocols {
    /// Each global's interface, short name (`check`) and compact name (the
    /// inspector), in the order they are listed.
    public static let globals: [(interface: String, shortName: String, compactName: String)] = [
        ("wp_cursor_shape_manager_v1", "cursor_shape", "cursor"),
        ("xdg_toplevel_icon_manager_v1", "toplevel_icon", "icon"),
        ("wp_commit_timing_manager_v1", "commit_timing", "timing"),
        ("wp_fifo_manager_v1", "fifo", "fifo"),
        ("xdg_wm_dialog_v1", "xdg_wm_dialog", "dialog"),
        ("wp_color_manager_v1", "color_manager", "color"),
        ("zwp_tablet_manager_v2", "tablet", "tablet"),
    ]

    /// The short name of `interface`, the interface itself when it is not
    /// one of `globals` (a recording written by a later version).
    public static func shortName(of interface: String) -> String {
        globals.first { $0.interface == interface }?.shortName ?? interface
    }
}
