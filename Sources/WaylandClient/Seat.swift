import CWaylandClient

/// One `wl_seat`: its name, and the pointer, keyboard and touch devices its
/// capabilities offer, created and released as the capabilities change.
final class Seat {
    /// Highest `wl_seat` version implemented: v8 adds `axis_value120`
    /// (v5 pointer frames, v6 touch shape/orientation).
    static let supportedVersion: UInt32 = 8

    /// The registry name of the `wl_seat` global.
    let globalName: UInt32
    let proxy: OpaquePointer
    /// The bound version of the `wl_seat`.
    var version: UInt32 { wl_seat_get_version(proxy) }
    /// `wl_seat.name`, or a stand-in until it arrives (and on v1 seats).
    private(set) var name: String
    private var nameKnown = false
    /// A capability change waits for the seat's name before it is reported.
    private var reportPending = false

    private let environment: SeatEnvironment
    /// The environment of the pointer and keyboard: a touch change still
    /// waiting for its frame goes out before their events, keeping the
    /// seat's events in protocol order when a compositor omits a frame.
    private lazy var orderedEnvironment = SeatEnvironment(
        timers: environment.timers, isOurSurface: environment.isOurSurface,
        cursor: environment.cursor, cursorShapeManager: environment.cursorShapeManager,
        deliver: { [unowned self] event, origin, target in
            touch?.flush()
            environment.emit(event, origin: origin, target: target)
        },
        keyboardModifiers: { [unowned self] in keyboard?.modifiers ?? [] },
        notePress: environment.notePress,
        noteInputSerial: environment.noteInputSerial)
    private let cursorScale: () -> Int32
    private var pointer: Pointer?
    private var keyboard: Keyboard?
    private var touch: Touch?
    /// The seat's tablets and their tools, while a tablet manager is bound.
    private var tablets: TabletSeat?
    /// `zwp_pointer_gestures_v1`, while bound: the pointer, whenever the
    /// capability brings one, follows its touchpad gestures through it.
    private var gesturesManager: OpaquePointer?

    /// Takes ownership of a bound `wl_seat` proxy.
    init(proxy: OpaquePointer, globalName: UInt32, environment: SeatEnvironment,
         cursorScale: @escaping () -> Int32) {
        self.proxy = proxy
        self.globalName = globalName
        self.environment = environment
        self.cursorScale = cursorScale
        name = "wl_seat-\(globalName)"
        wl_seat_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The seat went away (`wl_registry.global_remove`) or the app is done
    /// with it: every device ends what it started (touches cancelled, buttons
    /// released, focus lost), then the proxies are released.
    func destroy() {
        stopTablets()
        stopPointerGestures()
        update(pointer: false, keyboard: false, touch: false)
        report()
        if wl_seat_get_version(proxy) >= WL_SEAT_RELEASE_SINCE_VERSION {
            wl_seat_release(proxy)
        } else {
            wl_seat_destroy(proxy)
        }
    }

    /// The event queue is drained: touches waiting for a frame and a
    /// capability change still waiting for the name go out.
    func flush() {
        touch?.flush()
        tablets?.flush()
        if reportPending { report() }
    }

    /// Follows the seat's tablets through `manager` (`zwp_tablet_manager_v2`).
    func startTablets(manager: OpaquePointer) {
        guard tablets == nil else { return }
        tablets = TabletSeat(manager: manager, seat: proxy, name: name, environment: orderedEnvironment,
                             cursorScale: cursorScale)
    }

    /// The tablet manager or the seat went away: every tool's contact ends.
    func stopTablets() {
        tablets?.destroy()
        tablets = nil
    }

    /// Follows the touchpad gestures of the seat's pointer, now and of any
    /// pointer the capabilities bring later, through `manager`
    /// (`zwp_pointer_gestures_v1`).
    func startPointerGestures(manager: OpaquePointer) {
        gesturesManager = manager
        pointer?.startGestures(manager: manager)
    }

    /// The gestures global went away (or the seat): a running gesture ends
    /// as cancelled.
    func stopPointerGestures() {
        gesturesManager = nil
        pointer?.stopGestures()
    }

    /// Shows `shape` as the pointer's image while it is over our surface.
    func setCursor(_ shape: CursorShape) {
        pointer?.setCursor(shape)
    }

    /// The pointer's image on our surface, nil while it is elsewhere.
    var cursorShape: CursorShape? { pointer?.shownShape }

    /// Shows `shape` as tablet tool `id`'s image while it is over our surface.
    func setToolCursor(_ shape: CursorShape, tool id: Int32) {
        tablets?.setCursor(shape, tool: id)
    }

    /// Tablet tool `id`'s image on our surface, nil while it is elsewhere.
    func toolCursorShape(tool id: Int32) -> CursorShape? {
        tablets?.cursorShape(tool: id)
    }

    /// `wl_seat.capabilities`.
    private func capabilities(_ raw: UInt32) {
        update(pointer: raw & WL_SEAT_CAPABILITY_POINTER.rawValue != 0,
               keyboard: raw & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0,
               touch: raw & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0)
        // The name follows the first capabilities event on v2+ seats.
        if nameKnown || wl_seat_get_version(proxy) < WL_SEAT_NAME_SINCE_VERSION {
            report()
        } else {
            reportPending = true
        }
    }

    private func update(pointer hasPointer: Bool, keyboard hasKeyboard: Bool, touch hasTouch: Bool) {
        switch (pointer, hasPointer) {
        case (nil, true):
            let created = Pointer(seat: proxy, name: name, environment: orderedEnvironment,
                                  cursorScale: cursorScale)
            if let gesturesManager { created.startGestures(manager: gesturesManager) }
            pointer = created
        case (let existing?, false):
            existing.destroy()
            pointer = nil
        case (nil, false), (.some, true):
            break
        }
        switch (keyboard, hasKeyboard) {
        case (nil, true):
            keyboard = Keyboard(seat: proxy, name: name, environment: orderedEnvironment)
        case (let existing?, false):
            existing.destroy()
            keyboard = nil
        case (nil, false), (.some, true):
            break
        }
        switch (touch, hasTouch) {
        case (nil, true):
            touch = Touch(seat: proxy, name: name, environment: environment)
        case (let existing?, false):
            existing.destroy()
            touch = nil
        case (nil, false), (.some, true):
            break
        }
    }

    /// `wl_seat.name` (v2+).
    private func rename(_ newName: String) {
        name = newName
        nameKnown = true
        pointer?.seatName = newName
        keyboard?.seatName = newName
        touch?.rename(newName)
        tablets?.rename(newName)
        if reportPending { report() }
    }

    private func report() {
        reportPending = false
        orderedEnvironment.emit(.seatCapabilities(seat: name, pointer: pointer != nil,
                                           keyboard: keyboard != nil, touch: touch != nil),
                                 target: nil)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Seat {
        Unmanaged<Seat>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The `wl_seat` listener; `data` is the unretained `Seat`, which
    /// releases the proxy before it goes away.
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<wl_seat_listener> = {
        let listener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_seat_listener(
            capabilities: { data, _, capabilities in
                from(data).capabilities(capabilities)
            },
            name: { data, _, name in
                from(data).rename(name.map { String(cString: $0) } ?? "")
            }))
        return listener
    }()
}
