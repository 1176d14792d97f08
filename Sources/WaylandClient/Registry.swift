import CWaylandClient
import CWaylandProtocols

/// A global the compositor announced through `wl_registry.global`.
struct Global: Equatable, Sendable {
    /// The registry name, used to bind it and by `global_remove`.
    let name: UInt32
    let interface: String
    let version: UInt32
}

/// The compositor's globals (`wl_registry`).
///
/// Binds the globals the window needs itself, at the lower of the advertised
/// version and the version this module implements; tracks outputs as they come
/// and go; and hands every other global (seats) to `onGlobal`.
final class Registry {
    /// Highest version of each interface this module implements.
    enum SupportedVersion {
        /// v3 for `set_buffer_scale`, v4 for `damage_buffer`.
        static let compositor: UInt32 = 4
        static let shm: UInt32 = 1
        static let wmBase: UInt32 = 5
        /// v2 for `scale`/`done`, v4 for `name`/`description`.
        static let output: UInt32 = 4
        static let decorationManager: UInt32 = 1
        static let fractionalScaleManager: UInt32 = 1
        static let viewporter: UInt32 = 1
        static let presentation: UInt32 = 1
        static let toplevelIconManager: UInt32 = 1
        static let exporter: UInt32 = 1
        static let commitTimingManager: UInt32 = 1
        static let fifoManager: UInt32 = 1
    }

    private let display: OpaquePointer
    private var proxy: OpaquePointer?
    private var syncCallback: OpaquePointer?
    private var handle: Unmanaged<Registry>!

    /// True once the globals announced at connection time have all arrived.
    private(set) var initialGlobalsReceived = false
    /// Every global currently announced, bound or not.
    private(set) var globals: [Global] = []

    private(set) var compositor: OpaquePointer?
    private(set) var compositorVersion: UInt32 = 0
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    private(set) var decorationManager: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    /// `wp_presentation`, for feedback on when frames reach the screen.
    private(set) var presentation: OpaquePointer?
    /// The clock presentation times are on (`wp_presentation.clock_id`,
    /// which follows the bind).
    private(set) var presentationClock: UInt32?
    /// `xdg_toplevel_icon_manager_v1` (KWin 6.3), for the window's icon.
    private(set) var toplevelIconManager: OpaquePointer?
    /// `zxdg_exporter_v2` (xdg-foreign), for a handle other clients (the
    /// desktop's file chooser) parent their dialogs to.
    private(set) var exporter: OpaquePointer?
    /// `wp_commit_timing_manager_v1`, where offered:
    /// frames paced for a predicted latch carry its presentation time.
    private(set) var commitTimingManager: OpaquePointer?
    /// `wp_fifo_manager_v1`, bound so the inspector and `check` show it
    /// used where offered, but no surface asks it for FIFO barriers: a
    /// barrier makes each commit wait for the previous one to be shown,
    /// queueing frames, while latch pacing replaces an unshown frame with
    /// a newer one so the newest input makes the next repaint.
    private(set) var fifoManager: OpaquePointer?
    /// Bound outputs by registry name.
    private(set) var outputs: [UInt32: Output] = [:]
    /// Names of the globals bound here (not forwarded to `onGlobal`).
    private var boundNames: Set<UInt32> = []

    /// Called for each global this registry does not bind itself (e.g.
    /// `wl_seat`); setting it replays the ones already announced.
    var onGlobal: ((Global) -> Void)? {
        didSet { forwardedGlobals.forEach { onGlobal?($0) } }
    }
    /// Called with the registry name of a forwarded global that went away.
    var onGlobalRemoved: ((UInt32) -> Void)?
    /// Called when an output appears, changes (after its `done`) or goes away.
    var onOutputsChanged: [() -> Void] = []

    private var forwardedGlobals: [Global] {
        globals.filter { !boundNames.contains($0.name) }
    }

    init(display: OpaquePointer) {
        self.display = display
        handle = Unmanaged.passUnretained(self)
        proxy = wl_display_get_registry(display)
        wl_registry_add_listener(proxy, Self.listener, handle.toOpaque())
        // The sync's `done` comes after every global announced before it.
        syncCallback = wl_display_sync(display)
        wl_callback_add_listener(syncCallback, Self.syncListener, handle.toOpaque())
    }

    /// Destroys every proxy; called by the display before it disconnects.
    func destroy() {
        for output in outputs.values { output.destroy() }
        outputs = [:]
        if let syncCallback { wl_callback_destroy(syncCallback) }
        if let presentation { wp_presentation_destroy(presentation) }
        if let toplevelIconManager { xdg_toplevel_icon_manager_v1_destroy(toplevelIconManager) }
        if let exporter { zxdg_exporter_v2_destroy(exporter) }
        if let commitTimingManager { wp_commit_timing_manager_v1_destroy(commitTimingManager) }
        if let fifoManager { wp_fifo_manager_v1_destroy(fifoManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        if let proxy { wl_registry_destroy(proxy) }
        syncCallback = nil; presentation = nil; toplevelIconManager = nil; viewporter = nil; fractionalScaleManager = nil; decorationManager = nil
        wmBase = nil; shm = nil; compositor = nil; proxy = nil; exporter = nil
        commitTimingManager = nil; fifoManager = nil
    }

    /// Binds a global (`wl_registry.bind`) at `version`, which must not exceed
    /// the advertised one. For the layers of this module (seats).
    func bind(_ global: Global, interface: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer? {
        precondition(version <= global.version, "cannot bind \(global.interface) above its advertised version")
        let bound = wl_registry_bind(proxy, global.name, interface, version)
        return bound.map { OpaquePointer($0) }
    }

    /// Throws `missingGlobal` unless the globals a window needs are bound.
    func requireWindowGlobals() throws {
        if compositor == nil { throw WaylandError.missingGlobal("wl_compositor (version 4 or later)") }
        if shm == nil { throw WaylandError.missingGlobal("wl_shm") }
        if wmBase == nil { throw WaylandError.missingGlobal("xdg_wm_base (xdg-shell)") }
    }

    /// The output object for a `wl_output` proxy (from `wl_surface.enter`).
    func output(for proxy: OpaquePointer?) -> Output? {
        outputs.values.first { $0.proxy == proxy }
    }

    // MARK: Events

    private func announced(_ global: Global) {
        globals.append(global)
        if bindOwn(global) {
            boundNames.insert(global.name)
        } else {
            onGlobal?(global)
        }
    }

    /// Binds the globals this module uses itself; false for any other.
    private func bindOwn(_ global: Global) -> Bool {
        func bindProxy(_ interface: UnsafePointer<wl_interface>, _ supported: UInt32) -> OpaquePointer? {
            bind(global, interface: interface, version: min(global.version, supported))
        }
        switch global.interface {
        case "wl_compositor":
            // Buffer scale and damage_buffer need version 4; older ones are refused.
            guard compositor == nil, global.version >= 4 else { return false }
            compositorVersion = min(global.version, SupportedVersion.compositor)
            compositor = bindProxy(tt_wl_compositor_interface(), SupportedVersion.compositor)
        case "wl_shm":
            guard shm == nil else { return false }
            shm = bindProxy(tt_wl_shm_interface(), SupportedVersion.shm)
        case "xdg_wm_base":
            guard wmBase == nil else { return false }
            wmBase = bindProxy(tt_xdg_wm_base_interface(), SupportedVersion.wmBase)
            xdg_wm_base_add_listener(wmBase, Self.wmBaseListener, nil)
        case "zxdg_decoration_manager_v1":
            guard decorationManager == nil else { return false }
            decorationManager = bindProxy(tt_zxdg_decoration_manager_v1_interface(), SupportedVersion.decorationManager)
        case "wp_fractional_scale_manager_v1":
            guard fractionalScaleManager == nil else { return false }
            fractionalScaleManager = bindProxy(tt_wp_fractional_scale_manager_v1_interface(),
                                               SupportedVersion.fractionalScaleManager)
        case "wp_viewporter":
            guard viewporter == nil else { return false }
            viewporter = bindProxy(tt_wp_viewporter_interface(), SupportedVersion.viewporter)
        case "wp_presentation":
            guard presentation == nil else { return false }
            presentation = bindProxy(tt_wp_presentation_interface(), SupportedVersion.presentation)
            wp_presentation_add_listener(presentation, Self.presentationListener, handle.toOpaque())
        case "xdg_toplevel_icon_manager_v1":
            // No listener: the preferred sizes it sends matter only to an
            // icon given as pixels, and the app names its icon.
            guard toplevelIconManager == nil else { return false }
            toplevelIconManager = bindProxy(tt_xdg_toplevel_icon_manager_v1_interface(),
                                            SupportedVersion.toplevelIconManager)
        case "zxdg_exporter_v2":
            guard exporter == nil else { return false }
            exporter = bindProxy(tt_zxdg_exporter_v2_interface(), SupportedVersion.exporter)
        case "wp_commit_timing_manager_v1":
            guard commitTimingManager == nil else { return false }
            commitTimingManager = bindProxy(tt_wp_commit_timing_manager_v1_interface(),
                                            SupportedVersion.commitTimingManager)
        case "wp_fifo_manager_v1":
            guard fifoManager == nil else { return false }
            fifoManager = bindProxy(tt_wp_fifo_manager_v1_interface(), SupportedVersion.fifoManager)
        case "wl_output":
            // Outputs before v2 send no scale: treat them as not usable for HiDPI.
            guard global.version >= 2,
                  let proxy = bindProxy(tt_wl_output_interface(), SupportedVersion.output) else { return false }
            let output = Output(proxy: proxy, registryName: global.name)
            output.onDone = { [unowned self] in self.onOutputsChanged.forEach { $0() } }
            outputs[global.name] = output
        default:
            return false
        }
        return true
    }

    private func removed(name: UInt32) {
        globals.removeAll { $0.name == name }
        guard boundNames.remove(name) != nil else {
            onGlobalRemoved?(name)
            return
        }
        // Of the globals bound here only outputs may go away at run time; the
        // others are bound once and live as long as the compositor.
        if let output = outputs.removeValue(forKey: name) {
            output.destroy()
            onOutputsChanged.forEach { $0() }
        }
    }

    // MARK: Listeners

    private static func registry(_ data: UnsafeMutableRawPointer?) -> Registry {
        Unmanaged<Registry>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                let global = Global(name: name, interface: String(cString: interface!), version: version)
                registry(data).announced(global)
            },
            global_remove: { data, _, name in
                registry(data).removed(name: name)
            }))
        return listener
    }()

    nonisolated(unsafe) private static let syncListener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_callback_listener(
            done: { data, callback, _ in
                let registry = registry(data)
                wl_callback_destroy(callback)
                registry.syncCallback = nil
                registry.initialGlobalsReceived = true
            }))
        return listener
    }()

    /// `wp_presentation.clock_id`: keeps the clock feedback times are on.
    nonisolated(unsafe) private static let presentationListener: UnsafeMutablePointer<wp_presentation_listener> = {
        let listener = UnsafeMutablePointer<wp_presentation_listener>.allocate(capacity: 1)
        listener.initialize(to: wp_presentation_listener(
            clock_id: { data, _, clock in registry(data).presentationClock = clock }))
        return listener
    }()

    /// Answers `xdg_wm_base.ping` with `pong` so the compositor does not
    /// consider the app hung. Needs no state.
    nonisolated(unsafe) private static let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener> = {
        let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_wm_base_listener(
            ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }))
        return listener
    }()
}
