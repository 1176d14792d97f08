import CWaylandClient
import CConformanceProtocols
import InputEmulation
#if canImport(Glibc)
import Glibc
#endif

/// A pointer on the compositor's seat whose events this process makes up
/// (`zwlr_virtual_pointer_v1`). Every event is followed by `frame` and a
/// roundtrip, then a short pause (`pace`, unless the command line gives
/// another), so that clients see one pointer frame per event, in order, at a
/// human-like pace.
final class VirtualPointer {
    /// Pause after each event by default: long enough for a client to render
    /// in between, short enough that a click stays a click.
    static let pace = 0.01
    /// Time for clients to bind their `wl_pointer` after the seat gains one.
    static let settle = 0.25
    /// Largest distance of one motion step of a drag, in logical units.
    static let dragStep = 8.0

    private let connection: WlrootsInputConnection
    private let proxy: OpaquePointer
    private let extent: Extent
    /// Pause after each event.
    private let pauseAfterEvent: Double
    /// Buttons pressed and not yet released.
    private var held: Set<Button> = []

    /// `zwlr_virtual_pointer_manager_v1.create_virtual_pointer` on the
    /// connection's seat. The seat gains the pointer capability; events sent
    /// before a client has bound its `wl_pointer` never reach it, and no
    /// request tells when that happened, so a pause gives clients the time.
    init(connection: WlrootsInputConnection, extent: Extent, pace: Double) throws {
        self.connection = connection
        self.extent = extent
        pauseAfterEvent = pace
        proxy = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(connection.pointerManager, connection.seat)
        try connection.roundtrip()
        Self.sleep(seconds: Self.settle)
    }

    /// Releases the buttons the script left held, then
    /// `zwlr_virtual_pointer_v1.destroy`; the seat loses the pointer
    /// capability again unless it has another pointer.
    ///
    /// The release matters: when a virtual pointer goes away with a button
    /// down, sway 1.7 keeps its implicit grab, and after the next output
    /// change (e.g. a new scale) it delivers no pointer event to any client
    /// until some pointer releases that button.
    func destroy() throws {
        for button in held.sorted(by: { $0.rawValue < $1.rawValue }) {
            try send(button, pressed: false)
        }
        zwlr_virtual_pointer_v1_destroy(proxy)
        try connection.roundtrip()
    }

    func run(_ command: Command) throws {
        switch command {
        case let .move(x, y):
            try move(x: x, y: y)
        case let .press(button):
            try send(button, pressed: true)
        case let .release(button):
            try send(button, pressed: false)
        case let .click(button, x, y):
            try move(x: x, y: y)
            try send(button, pressed: true)
            try send(button, pressed: false)
        case let .drag(fromX, fromY, toX, toY):
            try move(x: fromX, y: fromY)
            try send(.left, pressed: true)
            let distance = ((toX - fromX) * (toX - fromX) + (toY - fromY) * (toY - fromY)).squareRoot()
            let steps = max(1, Int((distance / Self.dragStep).rounded(.up)))
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                try move(x: fromX + (toX - fromX) * t, y: fromY + (toY - fromY) * t)
            }
            try send(.left, pressed: false)
        case let .sleep(seconds):
            Self.sleep(seconds: seconds)
        }
    }

    /// `motion_absolute` to (x, y) of the extent, then `frame`.
    private func move(x: Double, y: Double) throws {
        let clampedX = UInt32(min(x.rounded(), Double(extent.width)))
        let clampedY = UInt32(min(y.rounded(), Double(extent.height)))
        zwlr_virtual_pointer_v1_motion_absolute(proxy, WlrootsInputConnection.timestamp(), clampedX, clampedY, extent.width, extent.height)
        try frame()
    }

    /// `button` with `wl_pointer.button_state`, then `frame`.
    private func send(_ button: Button, pressed: Bool) throws {
        let state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        zwlr_virtual_pointer_v1_button(proxy, WlrootsInputConnection.timestamp(), button.rawValue, state.rawValue)
        if pressed { held.insert(button) } else { held.remove(button) }
        try frame()
    }

    private func frame() throws {
        zwlr_virtual_pointer_v1_frame(proxy)
        try connection.roundtrip()
        Self.sleep(seconds: pauseAfterEvent)
    }

    private static func sleep(seconds: Double) {
        var interval = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        // nanosleep leaves the time still to wait in `remaining` when a signal cuts it short.
        while nanosleep(&interval, &remaining) == -1 && errno == EINTR { interval = remaining }
    }
}
