import CWaylandClient
import CWaylandProtocols
import Presentation
#if canImport(Glibc)
import Glibc
#endif

/// The reference client of issue 40: the fastest a client can show input
/// on a compositor, measured beside the app in the same session. A white
/// `xdg_toplevel` that, for every input event (touch, pointer with a button
/// held, pen through tablet-v2), paints a small mark into its one shm buffer
/// and commits at once, with no pacing, asking `wp_presentation` for
/// feedback on every commit (what weston-simple-touch does for touch).
///
/// Never blocks: `pump` reads and dispatches what the compositor sent, so
/// a test can alternate it with the scripted compositor's dispatch on one
/// thread, and the tool polls the connection with its signals.
public final class ReferenceClient {
    /// The window's size until the compositor proposes one.
    public static let defaultSize = (width: 800, height: 600)
    public static let appID = "org.touchtracker.ReferenceClient"

    let display: OpaquePointer
    private var registry: OpaquePointer?
    var compositor: OpaquePointer?
    var shm: OpaquePointer?
    var wmBase: OpaquePointer?
    var seat: OpaquePointer?
    var presentation: OpaquePointer?
    var tabletManager: OpaquePointer?
    var pointer: OpaquePointer?
    var touch: OpaquePointer?
    var tabletSeat: OpaquePointer?
    var tools: [OpaquePointer] = []
    private var globalsKnown: OpaquePointer?
    private var surface: OpaquePointer?
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    private var buffer: ReferenceBuffer?
    /// The size the compositor last proposed (0: the client's choice).
    var proposedSize = (width: 0, height: 0)
    /// The presentation clock (`wp_presentation.clock_id`).
    var presentationClock = FramePresentation.monotonicClock
    /// Pointer buttons held now: pointer motion is input while one is.
    var buttonsHeld = 0
    /// Where the pointer is on the surface.
    var pointerPosition = (x: 0.0, y: 0.0)
    /// Whether the pen touches the surface, and where it is.
    var penDown = false
    var penPosition = (x: 0.0, y: 0.0)
    /// Whether the pen's frame carries input: a contact begun or ended, or a motion in contact.
    var penChanged = false

    /// Whether the window shows its first buffer.
    public private(set) var isMapped = false
    /// Whether the compositor asked the window to close.
    public private(set) var closeRequested = false
    /// Whether the compositor offers `wp_presentation`.
    public var offersPresentation: Bool { presentation != nil }
    public private(set) var latencies = ReferenceLatencies()
    /// Receives each event's line once the compositor answered its frame.
    private let write: (String) -> Void

    /// Starts on `display` (a `wl_display*` already connected), which it
    /// owns from now and disconnects as it goes; the window appears as
    /// `pump` runs.
    public init(display: OpaquePointer, write: @escaping (String) -> Void) {
        self.display = display
        self.write = write
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        // The sync's answer comes after every global the registry announces.
        globalsKnown = wl_display_sync(display)
        wl_callback_add_listener(globalsKnown, Self.globalsKnownListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        // The buffer's proxy first: destroying it needs the connection.
        buffer = nil
        wl_display_disconnect(display)
    }

    /// Reads what the compositor sent within `timeout` milliseconds (0: only
    /// what is there, -1: until something comes) and handles it; also waits
    /// on `other`, a descriptor of the caller's, and says whether it became
    /// readable.
    @discardableResult
    public func pump(timeout: Int32, other: Int32 = -1) throws(ReferenceClientError) -> Bool {
        while wl_display_prepare_read(display) != 0 {
            guard wl_display_dispatch_pending(display) >= 0 else { throw .connectionLost(wl_display_get_error(display)) }
        }
        if wl_display_flush(display) < 0, errno != EAGAIN {
            wl_display_cancel_read(display)
            throw .connectionLost(errno)
        }
        var descriptors = [pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0),
                           pollfd(fd: other, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, other >= 0 ? 2 : 1, timeout)
        if ready > 0, descriptors[0].revents != 0 {
            guard wl_display_read_events(display) == 0 else { throw .connectionLost(errno) }
        } else {
            wl_display_cancel_read(display)
        }
        guard wl_display_dispatch_pending(display) >= 0 else { throw .connectionLost(wl_display_get_error(display)) }
        wl_display_flush(display)
        return other >= 0 && ready > 0 && descriptors[1].revents != 0
    }

    /// The globals are all known: make the window, or say what is missing.
    private func createWindow() {
        guard let compositor, let wmBase, shm != nil else {
            write("reference: the compositor lacks \(compositor == nil ? "wl_compositor" : wmBase == nil ? "xdg_wm_base" : "wl_shm")")
            closeRequested = true
            return
        }
        if let tabletManager, let seat {
            tabletSeat = zwp_tablet_manager_v2_get_tablet_seat(tabletManager, seat)
            zwp_tablet_seat_v2_add_listener(tabletSeat, Self.tabletSeatListener, Unmanaged.passUnretained(self).toOpaque())
        }
        surface = wl_compositor_create_surface(compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        xdg_surface_add_listener(xdgSurface, Self.xdgSurfaceListener, Unmanaged.passUnretained(self).toOpaque())
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_toplevel_add_listener(toplevel, Self.toplevelListener, Unmanaged.passUnretained(self).toOpaque())
        xdg_toplevel_set_title(toplevel, "TouchTracker reference client")
        xdg_toplevel_set_app_id(toplevel, Self.appID)
        wl_surface_commit(surface)
    }

    /// `xdg_surface.configure`: acknowledged, and the first buffer (or one of
    /// a newly proposed size) committed.
    private func configured(serial: UInt32) {
        guard let surface, let shm else { return }
        xdg_surface_ack_configure(xdgSurface, serial)
        let width = proposedSize.width > 0 ? proposedSize.width : buffer?.width ?? Self.defaultSize.width
        let height = proposedSize.height > 0 ? proposedSize.height : buffer?.height ?? Self.defaultSize.height
        if buffer == nil || buffer?.width != width || buffer?.height != height {
            do {
                buffer = try ReferenceBuffer(shm: shm, width: width, height: height)
            } catch {
                write("reference: \(error)")
                closeRequested = true
                return
            }
        }
        wl_surface_attach(surface, buffer?.proxy, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height))
        wl_surface_commit(surface)
        isMapped = true
    }

    /// One input event at `time` (the compositor's milliseconds) at
    /// `position` on the surface (nil for one without, a finger's up):
    /// marked, and committed at once with feedback asked.
    func input(_ kind: String, time: UInt32, at position: (x: Double, y: Double)?) {
        guard isMapped, let surface, let buffer else { return }
        if let position, let painted = buffer.mark(x: position.x, y: position.y) {
            wl_surface_damage_buffer(surface, painted.x, painted.y, painted.width, painted.height)
        } else {
            // Nothing painted: a pixel's damage still makes the commit a
            // new frame the compositor presents.
            wl_surface_damage_buffer(surface, 0, 0, 1, 1)
        }
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        let committed = monotonicNow()
        let index = latencies.commit(time: time)
        if let presentation {
            let pending = PendingFeedback(client: self, kind: kind, time: time, committed: committed, index: index)
            let proxy = wp_presentation_feedback(presentation, surface)
            pending.proxy = proxy
            wp_presentation_feedback_add_listener(proxy, Self.feedbackListener, Unmanaged.passRetained(pending).toOpaque())
        }
        wl_surface_commit(surface)
    }

    /// The compositor's answer on one commit's feedback.
    fileprivate func answered(_ pending: PendingFeedback, _ outcome: FramePresentation.Outcome) {
        let toMonotonic = FramePresentation.steadyClocks.contains(presentationClock)
            ? monotonicNow() - clockNow(clockid_t(presentationClock)) : nil
        let event = ReferenceLatencies.Event(
            kind: pending.kind,
            frame: FramePresentation(outcome: outcome, oldestInputTime: pending.time, clock: presentationClock,
                                     toMonotonic: toMonotonic, committed: pending.committed))
        latencies.answer(event, commit: pending.index)
        write(event.line)
    }

    fileprivate func closed() { closeRequested = true }
}

/// One commit's `wp_presentation_feedback`, retained by its listener until
/// the compositor answers (both answers destroy it on the server).
final class PendingFeedback {
    unowned let client: ReferenceClient
    let kind: String
    let time: UInt32
    let committed: Double
    /// The commit's index among the client's (`ReferenceLatencies.commit`).
    let index: Int
    var proxy: OpaquePointer?

    init(client: ReferenceClient, kind: String, time: UInt32, committed: Double, index: Int) {
        self.client = client
        self.kind = kind
        self.time = time
        self.committed = committed
        self.index = index
    }
}

func clockNow(_ clock: clockid_t) -> Double {
    var now = timespec()
    clock_gettime(clock, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// `CLOCK_MONOTONIC` now, in seconds: the clock the events are stamped on.
func monotonicNow() -> Double { clockNow(CLOCK_MONOTONIC) }

extension ReferenceClient {
    static func from(_ data: UnsafeMutableRawPointer?) -> ReferenceClient {
        Unmanaged<ReferenceClient>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, registry, name, interface, version in
                from(data).announced(registry: registry!, name: name, interface: String(cString: interface!), version: version)
            },
            global_remove: { _, _, _ in }))
        return listener
    }()

    private func announced(registry: OpaquePointer, name: UInt32, interface: String, version: UInt32) {
        func bind(_ wanted: UnsafePointer<wl_interface>, _ highest: UInt32) -> OpaquePointer? {
            OpaquePointer(wl_registry_bind(registry, name, wanted, min(version, highest)))
        }
        switch interface {
        case "wl_compositor" where compositor == nil: compositor = bind(tt_wl_compositor_interface(), 4)
        case "wl_shm" where shm == nil: shm = bind(tt_wl_shm_interface(), 1)
        case "xdg_wm_base" where wmBase == nil:
            wmBase = bind(tt_xdg_wm_base_interface(), 1)
            xdg_wm_base_add_listener(wmBase, Self.wmBaseListener, nil)
        case "wl_seat" where seat == nil:
            seat = bind(tt_wl_seat_interface(), 5)
            wl_seat_add_listener(seat, Self.seatListener, Unmanaged.passUnretained(self).toOpaque())
        case "wp_presentation" where presentation == nil:
            presentation = bind(tt_wp_presentation_interface(), 1)
            wp_presentation_add_listener(presentation, Self.presentationListener, Unmanaged.passUnretained(self).toOpaque())
        case "zwp_tablet_manager_v2" where tabletManager == nil:
            tabletManager = bind(tt_zwp_tablet_manager_v2_interface(), 1)
        default: break
        }
    }

    nonisolated(unsafe) private static let globalsKnownListener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_callback_listener(done: { data, callback, _ in
            wl_callback_destroy(callback)
            let client = from(data)
            client.globalsKnown = nil
            client.createWindow()
        }))
        return listener
    }()

    nonisolated(unsafe) private static let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener> = {
        let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_wm_base_listener(ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }))
        return listener
    }()

    nonisolated(unsafe) private static let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
        let listener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_surface_listener(configure: { data, _, serial in from(data).configured(serial: serial) }))
        return listener
    }()

    nonisolated(unsafe) private static let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
        let listener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_toplevel_listener(
            configure: { data, _, width, height, _ in from(data).proposedSize = (Int(width), Int(height)) },
            close: { data, _ in from(data).closed() },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))
        return listener
    }()

    nonisolated(unsafe) private static let presentationListener: UnsafeMutablePointer<wp_presentation_listener> = {
        let listener = UnsafeMutablePointer<wp_presentation_listener>.allocate(capacity: 1)
        listener.initialize(to: wp_presentation_listener(clock_id: { data, _, clock in from(data).presentationClock = clock }))
        return listener
    }()

    /// The feedback a listener's `data` holds, released: both its events end it.
    private static func take(_ data: UnsafeMutableRawPointer?) -> PendingFeedback {
        let pending = Unmanaged<PendingFeedback>.fromOpaque(data!).takeRetainedValue()
        wp_presentation_feedback_destroy(pending.proxy)
        return pending
    }

    nonisolated(unsafe) private static let feedbackListener: UnsafeMutablePointer<wp_presentation_feedback_listener> = {
        let listener = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
        listener.initialize(to: wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, _, secondsHigh, secondsLow, nanoseconds, refresh, _, _, flags in
                let pending = take(data)
                let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow)) + Double(nanoseconds) / 1e9
                pending.client.answered(pending, .presented(time: seconds, refresh: refresh == 0 ? nil : Double(refresh) / 1e9,
                                                            flags: PresentationFlags(rawValue: flags)))
            },
            discarded: { data, _ in
                let pending = take(data)
                pending.client.answered(pending, .discarded)
            }))
        return listener
    }()
}
