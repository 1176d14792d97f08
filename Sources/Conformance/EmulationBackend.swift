/// How `touchtracker conformance` makes input: an input-emulation interface
/// a compositor offers to clients (wlroots' virtual pointer and keyboard,
/// KWin's fake input, mutter's RemoteDesktop), behind one protocol.
///
/// The contract every back end keeps:
/// - It speaks to the compositor on a connection of its own (a second
///   `wl_display`, a D-Bus connection), never on the app's: the app's
///   connection sees only what any client sees. The drawing app's normal
///   run never creates a back end (`EmulationBackends.open` is called from
///   `touchtracker conformance` alone).
/// - Positions are in the compositor's logical coordinates (the output
///   layout; with one output, the output's logical pixels). The runner
///   finds where the app's window sits (`ConformanceRunner` calibrates
///   with the pointer, or asks for fullscreen) and converts.
/// - Every call is a request sent, not a result: `sync()` returns once the
///   compositor has handled every request so far (a Wayland roundtrip on the
///   back end's own connection, the reply of a D-Bus call). What reaches the
///   app is then the runner's to wait for, on the app's own loop.
/// - A device it cannot emulate is reported by `unavailableReason(for:)`
///   before any case uses it: the case is skipped with that reason
///   (`# SKIP` in TAP). An operation it cannot do on an available device
///   (touch cancel, a scale change) throws `EmulationUnavailable`; the case
///   using it is skipped with that reason, never failed.
/// - It stamps events with its own clock (milliseconds of
///   `CLOCK_MONOTONIC` where the protocol carries a time).
/// - Calls are made from the app's one thread; a back end must not block
///   for longer than one request takes (no waiting on the app: the app's
///   loop is not running while a back-end call is).
protocol EmulationBackend: AnyObject {
    /// The interface it drives, as the report names it
    /// ("wlroots virtual pointer and keyboard").
    var name: String { get }

    /// The size of the compositor's output layout in logical pixels, where
    /// the interface tells it: the runner looks for the app's window from
    /// its centre. Nil: unknown (the runner tries a few likely points).
    var layoutSize: OutputPoint? { get }

    /// Why `device` cannot be emulated here, or nil when it can.
    func unavailableReason(for device: EmulatedDevice) -> String?

    /// Makes `device` exist on the compositor's seat, so that the seat has
    /// its capability (some compositors add it only now: the seat's
    /// capabilities change at run time). Idempotent.
    func plug(_ device: EmulatedDevice) throws
    /// Removes `device` again (the seat loses its capability where the
    /// compositor does that), releasing its buttons or keys still held
    /// first; throws `EmulationUnavailable` where a device cannot be
    /// removed once made.
    func unplug(_ device: EmulatedDevice) throws

    // MARK: Touch (`wl_touch`)

    /// A finger goes down; `slot` names it until it goes up (the compositor
    /// chooses the `wl_touch` id).
    func touchDown(slot: Int, at point: OutputPoint) throws
    func touchMotion(slot: Int, to point: OutputPoint) throws
    func touchUp(slot: Int) throws
    /// Ends the group of touch changes sent since the last frame, where the
    /// interface has a frame of its own (elsewhere the compositor frames
    /// each change itself: a no-op).
    func touchFrame() throws
    /// Whether `touchFrame()` groups the changes before it into one
    /// `wl_touch.frame` (the interface has a frame request of its own);
    /// where it does not, the compositor frames changes as it likes, and
    /// cases do not expect several changes in one frame.
    var groupsTouchChanges: Bool { get }
    /// Cancels every finger down (`wl_touch.cancel` for the client), where
    /// the interface can provoke it; else throws `EmulationUnavailable`.
    func touchCancel() throws

    // MARK: Pointer (`wl_pointer`)

    /// Moves the pointer to `point` (absolute).
    func pointerMotion(to point: OutputPoint) throws
    /// `button` is a Linux input event code (BTN_LEFT 0x110, BTN_RIGHT 0x111).
    func pointerButton(_ button: UInt32, pressed: Bool) throws
    /// A wheel turned by `value120` (120 = one detent; positive: down or
    /// right), with the wheel as its axis source.
    func pointerWheel(_ axis: ScrollAxis, value120: Int32) throws
    /// Ends one logical pointer event (`wl_pointer.frame` for the client),
    /// where the interface has a frame of its own; else a no-op.
    func pointerFrame() throws

    // MARK: Keyboard (`wl_keyboard`)

    /// A key by its Linux input event code (KEY_LEFTCTRL 29, KEY_Z 44).
    /// Modifier keys (Shift, Ctrl, Alt, Super) change the modifier state as
    /// a real keyboard's do: a back end that sends modifiers itself derives
    /// them from these keys. A key held is repeated by the client, not here.
    func key(_ code: UInt32, pressed: Bool) throws

    // MARK: Tablet (`zwp_tablet_tool_v2`)

    /// A pen comes into proximity over `point`, touches with `pressure`
    /// (0…1; 0 while hovering), moves, lifts and leaves. No interface here
    /// offers a tablet yet: the default throws `EmulationUnavailable`.
    func tabletProximityIn(at point: OutputPoint) throws
    func tabletDown() throws
    func tabletMotion(to point: OutputPoint, pressure: Double) throws
    func tabletUp() throws
    func tabletProximityOut() throws
    func tabletFrame() throws

    // MARK: Output and flow

    /// Sets the scale of the output the window is on, where the interface
    /// can; else throws `EmulationUnavailable`.
    func setOutputScale(_ scale: Double) throws

    /// Returns once the compositor has handled every request sent so far.
    func sync() throws

    /// Sends the requests made so far without waiting for the compositor to
    /// handle them, waiting only while it cannot take more (back-pressure):
    /// a long run of requests between two `sync()` calls never overflows
    /// the connection. A no-op where every call already waits for its reply.
    func flush() throws

    /// Unplugs everything, puts back what it changed (an output's scale)
    /// and closes the back end's connection. Nothing is held by then: the
    /// runner lets go of what each case pressed (`HeldInput`).
    func close()
}

/// The devices a case may need.
enum EmulatedDevice: String, CaseIterable, Sendable {
    case touch, pointer, keyboard, tablet
}

/// A point in the compositor's logical coordinates.
struct OutputPoint: Equatable, Sendable {
    var x: Double
    var y: Double
}

enum ScrollAxis: UInt32, Sendable {
    case vertical = 0
    case horizontal = 1
}

/// An operation the interface does not offer, with the reason a case using
/// it is skipped ("KWin's fake input has no touch cancel").
struct EmulationUnavailable: Error, Equatable, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

/// What a back end's failure to reach its compositor says (a closed
/// connection, a refused D-Bus call): the run stops with it.
struct EmulationFailure: Error, Equatable, CustomStringConvertible {
    var description: String
}

extension EmulationBackend {
    var layoutSize: OutputPoint? { nil }
    func flush() throws {}
    var groupsTouchChanges: Bool { false }
    func tabletProximityIn(at point: OutputPoint) throws { throw noTablet }
    func tabletDown() throws { throw noTablet }
    func tabletMotion(to point: OutputPoint, pressure: Double) throws { throw noTablet }
    func tabletUp() throws { throw noTablet }
    func tabletProximityOut() throws { throw noTablet }
    func tabletFrame() throws { throw noTablet }
    func setOutputScale(_ scale: Double) throws {
        throw EmulationUnavailable(reason: "\(name) cannot change an output's scale")
    }
    func touchCancel() throws {
        throw EmulationUnavailable(reason: "\(name) cannot provoke wl_touch.cancel")
    }
    func unplug(_ device: EmulatedDevice) throws {
        throw EmulationUnavailable(reason: "\(name) cannot remove a \(device.rawValue) device once made")
    }

    private var noTablet: EmulationUnavailable {
        EmulationUnavailable(reason: "\(name) cannot emulate a tablet")
    }
}
