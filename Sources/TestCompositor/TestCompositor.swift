import CWaylandServer
import CWaylandServerProtocols
#if canImport(Glibc)
import Glibc
#endif

/// A scripted Wayland compositor on real libwayland-server, for tests.
///
/// Both ends run on the test's thread: the test alternates `dispatch()` (the
/// server reads requests and flushes events) with one non-blocking iteration
/// of the client's loop until the state it waits for holds. That keeps every
/// test deterministic without locks.
///
/// Offers `wl_compositor` (v4), `wl_shm` (libwayland's own), `xdg_wm_base`,
/// `zxdg_decoration_manager_v1`, `wp_fractional_scale_manager_v1`,
/// `wp_viewporter`, `wp_presentation` (answered when the test presents
/// frames: `presentFrames`), and outputs added with `addOutput`. Other globals (seats)
/// are added with `addGlobal`.
public final class TestCompositor {
    /// The server `wl_display*`.
    public let display: OpaquePointer
    /// The connected client (`wl_client*`), once `connectClient()` was called.
    public private(set) var client: OpaquePointer?

    /// Surfaces in creation order (destroyed ones stay, marked not alive).
    public internal(set) var surfaces: [TestSurface] = []
    /// Toplevels in creation order.
    public internal(set) var toplevels: [TestToplevel] = []
    /// Serials the client answered with `xdg_wm_base.pong`.
    public internal(set) var pongs: [UInt32] = []
    /// Decoration mode sent in reply to `set_mode` (2 = server side).
    public var decorationModeReply: UInt32 = 2
    /// When true a committed buffer releases the previously committed one,
    /// like a compositor that copies shm contents at commit.
    public var releasesPreviousBufferOnCommit = true
    /// When true each commit copies the attached buffer's pixels into its
    /// `CommitRecord` (up to `TestSurface.pixelCaptureLimit`). Benchmarks
    /// turn it off: thousands of full-HD commits would each cost a copy and
    /// keep 8 MB alive.
    public var capturesPixels = true
    /// The clock `wp_presentation` announces (`CLOCK_MONOTONIC` = 1).
    public var presentationClock: UInt32 = 1
    /// When false, presentation feedback is taken and never answered, as
    /// by a compositor that offers `wp_presentation` but never presents.
    public var answersPresentationFeedback = true
    /// How many `wp_presentation.feedback` requests clients made.
    public internal(set) var presentationFeedbackRequests = 0
    /// The refresh sequence `presentFrames` counts up.
    private var presentationSequence: UInt64 = 0

    private var globals: [TestGlobal] = []
    private var nextSerial: UInt32 = 1

    /// A compositor offering every global above except the interfaces named
    /// in `omitting` (e.g. `["xdg_wm_base"]` to test a missing global).
    public init(omitting omitted: Set<String> = []) {
        display = wl_display_create()
        if !omitted.contains("wl_shm") { wl_display_init_shm(display) }
        addCoreGlobals(omitting: omitted)
    }

    deinit {
        if let client { wl_client_destroy(client) }
        for global in globals { global.destroy() }
        wl_display_destroy(display)
    }

    /// Creates a socket pair, serves one end as a client and returns the
    /// other for `Display.connect(fd:)`.
    public func connectClient() -> Int32 {
        var fds: [Int32] = [-1, -1]
        let result = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds)
        precondition(result == 0, "socketpair failed")
        client = wl_client_create(display, fds[0])
        return fds[1]
    }

    /// Closes the client's connection, as a compositor that went away.
    public func disconnectClient() {
        guard let client else { return }
        wl_client_destroy(client)
        self.client = nil
    }

    /// Reads and handles pending requests, then flushes events to the client.
    /// Never blocks.
    public func dispatch() {
        wl_event_loop_dispatch(wl_display_get_event_loop(display), 0)
        wl_display_flush_clients(display)
    }

    /// A fresh serial for configure, ping and input events.
    public func serial() -> UInt32 {
        defer { nextSerial += 1 }
        return nextSerial
    }

    /// Announces a global; `bind` runs when the client binds it and must
    /// create the resource (e.g. a `ServerObject` subclass).
    @discardableResult
    public func addGlobal(interface: UnsafePointer<wl_interface>, version: Int32,
                          bind: @escaping (_ client: OpaquePointer, _ version: Int32, _ id: UInt32) -> Void) -> TestGlobal {
        let global = TestGlobal(display: display, interface: interface, version: version, bind: bind)
        globals.append(global)
        return global
    }

    /// Withdraws a global (`wl_registry.global_remove` reaches the client).
    public func removeGlobal(_ global: TestGlobal) {
        global.destroy()
        globals.removeAll { $0 === global }
    }

    /// The surface object behind a client's `wl_surface` resource, e.g. for
    /// a seat's `enter` event.
    public func surface(for resource: UnsafeMutablePointer<wl_resource>) -> TestSurface? {
        surfaces.first { $0.resource == resource }
    }

    /// Whether the client's object `id` exists (was created and not destroyed).
    public func clientObjectExists(id: UInt32) -> Bool {
        guard let client else { return false }
        return wl_client_get_object(client, id) != nil
    }

    /// Posts a protocol error on `resource`; the client's connection ends.
    public func postError(on resource: UnsafeMutablePointer<wl_resource>, code: UInt32, message: String) {
        // wl_resource_post_error is variadic (not callable from Swift): send
        // wl_display.error (opcode 0) on the client's display object (id 1).
        let displayResource = wl_client_get_object(wl_resource_get_client(resource), 1)!
        message.withCString { text in
            var arguments = [wl_argument(o: UnsafeMutableRawPointer(resource).assumingMemoryBound(to: wl_object.self)), wl_argument(u: code), wl_argument(s: text)]
            wl_resource_post_event_array(displayResource, 0, &arguments)
        }
    }

    /// Sends `wl_callback.done` to every frame callback committed so far.
    public func completeFrames(time: UInt32 = 0) {
        for surface in surfaces where surface.isAlive {
            surface.completeFrames(time: time)
        }
    }

    /// A fake refresh at `time` (seconds on the presentation clock, which
    /// input event times share): every surface's newest commit is
    /// presented (`wp_presentation_feedback.presented` with `refresh`
    /// seconds and `flags`, by default vsync and hardware clock).
    public func presentFrames(at time: Double, refresh: Double = 1.0 / 60, flags: UInt32 = 0x3) {
        presentationSequence += 1
        for surface in surfaces where surface.isAlive {
            surface.present(at: time, refresh: refresh, sequence: presentationSequence, flags: flags)
        }
    }

    /// One repaint of a fake latch, like weston's repaint loop: reads what
    /// clients sent until now, latches every surface's newest commit (an
    /// older one not latched yet was discarded when it was replaced), and
    /// at `time` presents it (`presented`, with `refresh` and `flags`, by
    /// default vsync and hardware clock) and sends the
    /// frame callbacks. Call it on a grid `refresh` apart: the scripted
    /// compositor's 60 Hz display.
    public func repaint(at time: Double, refresh: Double = 1.0 / 60, flags: UInt32 = 0x3) {
        dispatch()
        for surface in surfaces where surface.isAlive { surface.latch(at: time) }
        presentFrames(at: time, refresh: refresh, flags: flags)
        completeFrames(time: UInt32(truncatingIfNeeded: Int64((time * 1000).rounded(.down))))
        wl_display_flush_clients(display)
    }

    /// One repaint of a compositor that presents some time after it
    /// repaints, like headless weston 10 (its back end finishes a frame
    /// 16 ms after the repaint): reads what clients sent until now, takes
    /// every surface's newest commit and sends the frame callbacks at
    /// `time`; the taken commits are presented by `presentLatched`.
    public func repaintPresentingLater(at time: Double) {
        dispatch()
        for surface in surfaces where surface.isAlive { surface.latchForLaterPresentation(at: time) }
        completeFrames(time: UInt32(truncatingIfNeeded: Int64((time * 1000).rounded(.down))))
        wl_display_flush_clients(display)
    }

    /// Presents at `time` what `repaintPresentingLater` took (with
    /// `refresh` and `flags`; weston 10 sends no flags).
    public func presentLatched(at time: Double, refresh: Double, flags: UInt32 = 0) {
        dispatch()
        presentationSequence += 1
        for surface in surfaces where surface.isAlive {
            surface.presentLatched(at: time, refresh: refresh, sequence: presentationSequence, flags: flags)
        }
        wl_display_flush_clients(display)
    }

    /// Discards every surface's newest commit unseen, as for a hidden window.
    public func discardFrames() {
        for surface in surfaces where surface.isAlive { surface.discardCommitted() }
    }

    /// Sends `xdg_wm_base.ping` to every bound `xdg_wm_base`; returns the serial.
    @discardableResult
    public func ping() -> UInt32 {
        let serial = serial()
        for wmBase in wmBases where wmBase.isAlive {
            xdg_wm_base_send_ping(wmBase.resource, serial)
        }
        return serial
    }

    var wmBases: [WmBaseResource] = []
    var outputs: [TestOutput] = []

    private func addCoreGlobals(omitting omitted: Set<String>) {
        func offer(_ interface: UnsafePointer<wl_interface>, version: Int32,
                   bind: @escaping (OpaquePointer, Int32, UInt32) -> Void) {
            guard !omitted.contains(String(cString: interface.pointee.name)) else { return }
            addGlobal(interface: interface, version: version, bind: bind)
        }
        offer(tts_wl_compositor_interface(), version: 4) { [unowned self] client, version, id in
            _ = CompositorResource(compositor: self, client: client, version: version, id: id)
        }
        offer(tts_xdg_wm_base_interface(), version: 5) { [unowned self] client, version, id in
            wmBases.append(WmBaseResource(compositor: self, client: client, version: version, id: id))
        }
        offer(tts_zxdg_decoration_manager_v1_interface(), version: 1) { [unowned self] client, version, id in
            _ = DecorationManagerResource(compositor: self, client: client, version: version, id: id)
        }
        offer(tts_wp_fractional_scale_manager_v1_interface(), version: 1) { [unowned self] client, version, id in
            _ = FractionalScaleManagerResource(compositor: self, client: client, version: version, id: id)
        }
        offer(tts_wp_viewporter_interface(), version: 1) { [unowned self] client, version, id in
            _ = ViewporterResource(compositor: self, client: client, version: version, id: id)
        }
        offer(tts_wp_presentation_interface(), version: 1) { [unowned self] client, version, id in
            _ = PresentationResource(compositor: self, client: client, version: version, id: id)
        }
    }
}

/// A global announced by the test compositor.
public final class TestGlobal {
    private var global: OpaquePointer?
    fileprivate let bind: (OpaquePointer, Int32, UInt32) -> Void

    init(display: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32,
         bind: @escaping (OpaquePointer, Int32, UInt32) -> Void) {
        self.bind = bind
        global = wl_global_create(display, interface, version, Unmanaged.passUnretained(self).toOpaque()) { client, data, version, id in
            Unmanaged<TestGlobal>.fromOpaque(data!).takeUnretainedValue().bind(client!, Int32(version), id)
        }
    }

    func destroy() {
        if let global { wl_global_destroy(global) }
        global = nil
    }
}
