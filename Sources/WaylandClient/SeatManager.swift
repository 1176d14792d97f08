import CWaylandProtocols
import WaylandInput

/// Every `wl_seat` the compositor offers, and its tablets (tablet-v2), as
/// they come and go, turned into one stream of `InputEvent`s for the app.
///
/// Touches waiting for a `wl_touch.frame` are delivered at the end of each
/// dispatch (the loop's `closeInput` stage, before the window presents),
/// so compositors that omit the frame after the last `up` do not delay it.
public final class SeatManager: SeatVersionSource {
    /// Takes every input batch, on the loop's thread, as it is dispatched.
    /// Weak: the handler (the session) owns this manager.
    public weak var inputHandler: (any InputHandler)?

    private let display: Display
    private let loop: EventLoop
    private let isOurSurface: (OpaquePointer?) -> Bool
    private let cursorScale: () -> Int32
    /// The window of ours whose surface a surface is, if any.
    private let windowOf: (OpaquePointer?) -> ToplevelWindow?
    private var cursor: Cursor?
    private var seats: [Seat] = []
    /// `zwp_tablet_manager_v2`, when the compositor offers it: every seat,
    /// whenever it appears, gets its tablet seat from it.
    private var tabletManager: (proxy: OpaquePointer, globalName: UInt32)?

    /// `zwp_pointer_gestures_v1`, when the compositor offers it: every
    /// seat's pointer, whenever it appears, follows its touchpad gestures.
    private var gesturesManager: (proxy: OpaquePointer, globalName: UInt32)?

    /// `wp_cursor_shape_manager_v1`, when the compositor offers it: pointers
    /// and tablet tools then name their images instead of drawing them.
    private var cursorShapeManager: (proxy: OpaquePointer, globalName: UInt32)?

    /// Highest `wp_cursor_shape_manager_v1` version implemented: 2 adds
    /// shapes the app does not show.
    static let cursorShapeManagerVersion: UInt32 = 1

    /// Highest `zwp_pointer_gestures_v1` version implemented: 3 adds hold.
    static let pointerGesturesVersion: UInt32 = 3

    /// Highest `zwp_tablet_manager_v2` version implemented: 2 (the stable
    /// tablet-v2.xml of wayland-protocols 1.44) adds pad dials and a
    /// tablet's bus type.
    static let tabletManagerVersion: UInt32 = 2

    /// The seat and serial of the latest pointer button press or touch down
    /// on our surface: what `xdg_toplevel.move`/`resize` need.
    private(set) var lastPress: (seat: OpaquePointer, serial: UInt32)?

    /// The seat and serial of the latest input on our surface of any kind
    /// (a press, a key, keyboard focus), for the clipboard.
    private var lastInput: (seat: OpaquePointer, serial: UInt32)?

    /// The clipboard of the seats, once the compositor offers
    /// `wl_data_device_manager`.
    public private(set) lazy var clipboard = Clipboard(loop: loop, isOurSurface: { [unowned self] in isOurSurface($0) }) {
        [unowned self] in lastInput
    }

    /// Files were dropped on a window: the `text/uri-list` dragged there,
    /// or why it could not be read.
    public var onDrop: ((ToplevelWindow, Result<[UInt8], ClipboardError>) -> Void)?

    /// A drag offering no files (its `types`) came over a window: it is
    /// declined, and the window may say so.
    public var onDeclinedDrag: ((ToplevelWindow, [String]) -> Void)?

    /// The latest pointer button press or touch down on the window, for an
    /// interactive move or resize; nil once its seat is gone.
    public var latestPress: InteractiveGrab? {
        guard let lastPress, let seat = seats.first(where: { $0.proxy == lastPress.seat }) else { return nil }
        return InteractiveGrab(seat: seat, serial: lastPress.serial)
    }

    /// Starts following every seat of `display`, delivering the input that
    /// targets `window`'s surface; key repeat runs on `loop`'s timers and
    /// the cursor follows the window's scale.
    public convenience init(display: Display, window: ToplevelWindow, loop: EventLoop) {
        self.init(display: display, loop: loop, windows: { [weak window] in window.map { [$0] } ?? [] })
    }

    /// Starts following every seat of `display`, delivering the input that
    /// targets the surface of one of `windows` (the app's windows as they
    /// open and close) and naming it to the `inputHandler`; the cursor follows
    /// the first window's scale.
    public convenience init(display: Display, loop: EventLoop, windows: @escaping () -> [ToplevelWindow]) {
        func window(of surface: OpaquePointer?) -> ToplevelWindow? {
            surface.flatMap { surface in windows().first { $0.surface == surface } }
        }
        self.init(display: display, loop: loop, isOurSurface: { window(of: $0) != nil },
                  cursorScale: { windows().first?.bufferScale ?? 1 }, windowOf: window(of:))
    }

    /// Starts following the display's seats. `isOurSurface` tells the
    /// windows' `wl_surface`s from others, `windowOf` names the window of
    /// one; `cursorScale` gives the integer buffer scale for the cursor image.
    init(display: Display, loop: EventLoop, isOurSurface: @escaping (OpaquePointer?) -> Bool,
         cursorScale: @escaping () -> Int32, windowOf: @escaping (OpaquePointer?) -> ToplevelWindow? = { _ in nil }) {
        self.display = display
        self.loop = loop
        self.isOurSurface = isOurSurface
        self.cursorScale = cursorScale
        self.windowOf = windowOf
        clipboard.drops.onDrop = { [weak self] surface, result in
            guard let self, let window = windowOf(surface) else { return }
            onDrop?(window, result)
        }
        clipboard.drops.onDeclined = { [weak self] surface, types in
            guard let self, let window = windowOf(surface) else { return }
            onDeclinedDrag?(window, types)
        }
        if let compositor = display.registry.compositor, let shm = display.registry.shm {
            cursor = Cursor(compositor: compositor, shm: shm)
        } else {
            cursor = nil
        }
        loop.add(.closeInput) { [weak self] in self?.flush() }
        display.registry.onGlobalRemoved = { [weak self] name in self?.removed(globalName: name) }
        display.registry.onGlobal = { [weak self] global in self?.announced(global) }
    }

    deinit {
        inputHandler = nil
        clipboard.destroy()
        for seat in seats { seat.destroy() }
        // Free the seats' proxies, the pointers' image surfaces and the
        // cursor theme's buffers now, while `display` is surely alive: this
        // object may hold the last reference to the connection, and
        // releasing stored properties could otherwise disconnect it first.
        seats = []
        if let tabletManager { zwp_tablet_manager_v2_destroy(tabletManager.proxy) }
        tabletManager = nil
        if let gesturesManager { Self.release(pointerGestures: gesturesManager.proxy) }
        gesturesManager = nil
        if let cursorShapeManager { wp_cursor_shape_manager_v1_destroy(cursorShapeManager.proxy) }
        cursorShapeManager = nil
        cursor = nil
    }

    /// Shows `shape` as the image of `seat`'s pointer while it is over the
    /// window: `wl_pointer.set_cursor` with the serial of the pointer's
    /// latest `enter`, sent only when the image changes. Each enter starts
    /// from the arrow; ask again in answer to the enter's frame. Does
    /// nothing for a seat without a pointer or off the window.
    public func setCursor(_ shape: CursorShape, seat: String) {
        seats.first { $0.name == seat }?.setCursor(shape)
    }

    /// The image `seat`'s pointer shows over the window, nil while it is
    /// not over the window.
    package func cursorShape(seat: String) -> CursorShape? {
        seats.first { $0.name == seat }?.cursorShape
    }

    /// Shows `shape` as the image of `seat`'s tablet tool `tool` (its
    /// `TabletToolInfo.id`) while it hovers over the window, as `setCursor`
    /// does for the pointer: `set_cursor` or `set_shape` with the serial of
    /// the tool's latest `proximity_in`, sent only when the image changes.
    public func setToolCursor(_ shape: CursorShape, seat: String, tool: Int32) {
        seats.first { $0.name == seat }?.setToolCursor(shape, tool: tool)
    }

    /// The image `seat`'s tablet tool `tool` shows over the window, nil
    /// while it is not over the window.
    package func toolCursorShape(seat: String, tool: Int32) -> CursorShape? {
        seats.first { $0.name == seat }?.toolCursorShape(tool: tool)
    }

    /// The names of the seats currently bound, in announcement order.
    var seatNames: [String] { seats.map(\.name) }

    private func announced(_ global: Global) {
        if global.interface == "zwp_tablet_manager_v2" {
            announcedTabletManager(global)
            return
        }
        if global.interface == "zwp_pointer_gestures_v1" {
            announcedPointerGestures(global)
            return
        }
        if global.interface == "wl_data_device_manager" {
            clipboard.announced(manager: global, registry: display.registry)
            return
        }
        if global.interface == "wp_cursor_shape_manager_v1" {
            // Devices ask for it at their next image, so seats bound
            // before it use it as well.
            guard cursorShapeManager == nil,
                  let proxy = display.registry.bind(global, interface: tt_wp_cursor_shape_manager_v1_interface(),
                                                    version: min(global.version, Self.cursorShapeManagerVersion))
            else { return }
            cursorShapeManager = (proxy, global.name)
            return
        }
        guard global.interface == "wl_seat",
              let proxy = display.registry.bind(global, interface: tt_wl_seat_interface(),
                                                version: min(global.version, Seat.supportedVersion))
        else { return }
        let environment = SeatEnvironment(
            timers: loop.timers,
            isOurSurface: isOurSurface,
            cursor: cursor,
            cursorShapeManager: { [weak self] in self?.cursorShapeManager?.proxy },
            deliver: { [weak self] event, origin, target in self?.deliver(event, origin: origin, target: target) },
            notePress: { [weak self] seat, serial in
                self?.lastPress = (seat, serial)
                self?.lastInput = (seat, serial)
            },
            noteInputSerial: { [weak self] seat, serial in self?.lastInput = (seat, serial) })
        let seat = Seat(proxy: proxy, globalName: global.name, environment: environment,
                        cursorScale: cursorScale)
        if let tabletManager { seat.startTablets(manager: tabletManager.proxy) }
        if let gesturesManager { seat.startPointerGestures(manager: gesturesManager.proxy) }
        seats.append(seat)
        clipboard.seatAdded(proxy)
    }

    /// The tablet manager may come before or after the seats (Qt once only
    /// asked for the tablet seats of seats it already had): each seat bound
    /// so far gets its tablet seat now, later ones when they appear.
    private func announcedTabletManager(_ global: Global) {
        guard tabletManager == nil,
              let proxy = display.registry.bind(global, interface: tt_zwp_tablet_manager_v2_interface(),
                                                version: min(global.version, Self.tabletManagerVersion))
        else { return }
        tabletManager = (proxy, global.name)
        for seat in seats { seat.startTablets(manager: proxy) }
    }

    /// Like the tablet manager, the gestures global may come before or
    /// after the seats: each seat's pointer, now or later, follows it.
    private func announcedPointerGestures(_ global: Global) {
        guard gesturesManager == nil,
              let proxy = display.registry.bind(global, interface: tt_zwp_pointer_gestures_v1_interface(),
                                                version: min(global.version, Self.pointerGesturesVersion))
        else { return }
        gesturesManager = (proxy, global.name)
        for seat in seats { seat.startPointerGestures(manager: proxy) }
    }

    /// `zwp_pointer_gestures_v1.release` from version 2; the gesture
    /// objects made through it stay valid until their own destroy.
    private static func release(pointerGestures proxy: OpaquePointer) {
        if zwp_pointer_gestures_v1_get_version(proxy) >= ZWP_POINTER_GESTURES_V1_RELEASE_SINCE_VERSION {
            zwp_pointer_gestures_v1_release(proxy)
        } else {
            zwp_pointer_gestures_v1_destroy(proxy)
        }
    }

    private func removed(globalName: UInt32) {
        if clipboard.removed(globalName: globalName) { return }
        if let tabletManager, tabletManager.globalName == globalName {
            for seat in seats { seat.stopTablets() }
            zwp_tablet_manager_v2_destroy(tabletManager.proxy)
            self.tabletManager = nil
            return
        }
        if let cursorShapeManager, cursorShapeManager.globalName == globalName {
            // Devices drop their shape devices at their next image and
            // draw from the theme again.
            wp_cursor_shape_manager_v1_destroy(cursorShapeManager.proxy)
            self.cursorShapeManager = nil
            return
        }
        if let gesturesManager, gesturesManager.globalName == globalName {
            for seat in seats { seat.stopPointerGestures() }
            Self.release(pointerGestures: gesturesManager.proxy)
            self.gesturesManager = nil
            return
        }
        guard let index = seats.firstIndex(where: { $0.globalName == globalName }) else { return }
        let seat = seats.remove(at: index)
        if lastPress?.seat == seat.proxy { lastPress = nil }
        if lastInput?.seat == seat.proxy { lastInput = nil }
        clipboard.seatRemoved(seat.proxy)
        seat.destroy()
    }

    private func deliver(_ event: InputEvent, origin: InputOrigin, target: OpaquePointer?) {
        guard let inputHandler else { return }
        let inputTarget: InputTarget = if target == nil {
            .everyWindow
        } else if let window = windowOf(target) {
            .window(window)
        } else {
            .closedWindow
        }
        inputHandler.seatManager(self, didReceive: event, origin: origin, target: inputTarget)
    }

    /// Each bound seat's name and `wl_seat` version (the version says which
    /// events the compositor may send: pointer frames from 5, touch shape
    /// and orientation from 6, `axis_value120` from 8).
    public var seatVersions: [(name: String, version: UInt32)] { seats.map { ($0.name, $0.version) } }

    private func flush() {
        for seat in seats { seat.flush() }
    }
}
