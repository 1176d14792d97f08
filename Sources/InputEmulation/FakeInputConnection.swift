import CWaylandClient
import CConformanceProtocols
#if canImport(Glibc)
import Glibc
#endif

/// KWin's `org_kde_kwin_fake_input` on a Wayland connection of its own:
/// touch, pointer and keyboard events this process makes up, which KWin
/// delivers as if a device had sent them. Positions are in the compositor's
/// logical coordinates.
///
/// KWin offers the global only to programs whose desktop entry lists it in
/// `X-KDE-Wayland-Interfaces`, or to every client when it runs with
/// `KWIN_WAYLAND_NO_PERMISSION_CHECKS=1`; it then waits for `authenticate`
/// before it accepts any event.
///
/// Requests are only queued until `sync`: callers sync once per step of
/// input, and KWin has handled everything before it when `sync` returns.
public final class FakeInputConnection {
    /// The interface version this client speaks: 4 adds keys, 3 absolute
    /// pointer motion, 2 touch.
    static let newestVersion: UInt32 = 4
    /// The version KWin offered and this connection bound.
    public private(set) var version: UInt32 = 0
    private let display: OpaquePointer
    private var registry: OpaquePointer?
    private var fakeInput: OpaquePointer?
    private var offered: (name: UInt32, version: UInt32)?

    /// Connects to the compositor named `display` (a `WAYLAND_DISPLAY`
    /// value; nil for libwayland's default), binds `org_kde_kwin_fake_input`
    /// and authenticates as `application`, for `reason`.
    public init(display name: String?, application: String, reason: String) throws(FakeInputError) {
        guard let display = wl_display_connect(name) else {
            throw FakeInputError("cannot connect to the Wayland compositor at '\(WaylandSocketName.tried(name))': \(String(cString: strerror(errno)))")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        // Every stored property is set by now: a throw below runs deinit,
        // which disconnects (disconnecting here too would free the display twice).
        guard wl_display_roundtrip(display) >= 0 else {
            throw FakeInputError("the compositor closed the connection (error \(wl_display_get_error(display)))")
        }
        guard let offered else {
            throw FakeInputError("the compositor offers no org_kde_kwin_fake_input to this program (KWin offers it to "
                + "programs whose desktop entry lists it in X-KDE-Wayland-Interfaces, or to all with "
                + "KWIN_WAYLAND_NO_PERMISSION_CHECKS=1)")
        }
        version = min(offered.version, Self.newestVersion)
        fakeInput = OpaquePointer(wl_registry_bind(registry, offered.name, tt_org_kde_kwin_fake_input_interface(), version))
        org_kde_kwin_fake_input_authenticate(fakeInput, application, reason)
        try sync()
    }

    deinit {
        if let fakeInput { org_kde_kwin_fake_input_destroy(fakeInput) }
        Self.disconnect(display, registry: registry)
    }

    /// Waits until KWin has handled every request so far (`wl_display_roundtrip`).
    public func sync() throws(FakeInputError) {
        guard wl_display_roundtrip(display) >= 0 else {
            throw FakeInputError("KWin closed the fake-input connection (error \(wl_display_get_error(display)))")
        }
    }

    /// Sends the requests queued so far, waiting while KWin's socket is
    /// full (`DisplayFlush`).
    public func flush() throws(FakeInputError) {
        do {
            try DisplayFlush.flush(display, timeout: DisplayFlush.patience)
        } catch {
            throw FakeInputError(error.description)
        }
    }

    /// `touch_down` (version 2).
    public func touchDown(id: UInt32, x: Double, y: Double) {
        org_kde_kwin_fake_input_touch_down(fakeInput, id, wl_fixed_from_double(x), wl_fixed_from_double(y))
    }

    /// `touch_motion` (version 2).
    public func touchMotion(id: UInt32, x: Double, y: Double) {
        org_kde_kwin_fake_input_touch_motion(fakeInput, id, wl_fixed_from_double(x), wl_fixed_from_double(y))
    }

    /// `touch_up` (version 2).
    public func touchUp(id: UInt32) {
        org_kde_kwin_fake_input_touch_up(fakeInput, id)
    }

    /// `touch_cancel` (version 2): every point down is cancelled.
    public func touchCancel() {
        org_kde_kwin_fake_input_touch_cancel(fakeInput)
    }

    /// `touch_frame` (version 2): the touch changes since the last frame
    /// belong together.
    public func touchFrame() {
        org_kde_kwin_fake_input_touch_frame(fakeInput)
    }

    /// `pointer_motion_absolute` (version 3).
    public func pointerMotion(x: Double, y: Double) {
        org_kde_kwin_fake_input_pointer_motion_absolute(fakeInput, wl_fixed_from_double(x), wl_fixed_from_double(y))
    }

    /// `button`; `button` is a Linux event code.
    public func pointerButton(_ button: UInt32, pressed: Bool) {
        org_kde_kwin_fake_input_button(fakeInput, button, pressed ? 1 : 0)
    }

    /// `keyboard_key` (version 4); `code` is a Linux event code.
    public func key(_ code: UInt32, pressed: Bool) {
        org_kde_kwin_fake_input_keyboard_key(fakeInput, code, pressed ? 1 : 0)
    }

    private static func disconnect(_ display: OpaquePointer, registry: OpaquePointer?) {
        if let registry { wl_registry_destroy(registry) }
        wl_display_disconnect(display)
    }

    nonisolated(unsafe) private static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard String(cString: interface!) == "org_kde_kwin_fake_input" else { return }
                let connection = Unmanaged<FakeInputConnection>.fromOpaque(data!).takeUnretainedValue()
                if connection.offered == nil { connection.offered = (name, version) }
            },
            // KWin never withdraws fake input; were it to, the next request
            // fails the connection and `sync` says so.
            global_remove: { _, _, _ in }))
        return listener
    }()
}

/// Why fake input cannot be used, as one line.
public struct FakeInputError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
