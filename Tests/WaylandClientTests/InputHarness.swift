import CWaylandClient
import Testing
import CWaylandServer
import TestCompositor
import Timing
@testable import WaylandClient
import WaylandInput

/// A client with a `SeatManager` connected to a `TestCompositor` with seats,
/// recording every `InputEvent` that reaches the layer above.
///
/// Stands in for the window: the client creates two `wl_surface`s itself;
/// `ours` is the one the manager treats as the window's, `foreign` a second
/// surface of the same client that is not the window.
final class InputHarness {
    let harness: Harness
    private(set) var manager: SeatManager?
    var seats: [TestSeat]
    var seat: TestSeat { seats[0] }
    /// Everything delivered to the manager's `inputHandler`, oldest first.
    var events: [InputEvent] {
        get { input.events }
        set { input.events = newValue }
    }
    /// The manager's `inputHandler` (held here: the manager's reference is weak).
    let input = CollectedInput()
    /// The window's surface as the compositor sees it, and the other one.
    let ours: UnsafeMutablePointer<wl_resource>
    let foreign: UnsafeMutablePointer<wl_resource>
    private let clientSurfaces: [OpaquePointer]
    var timers: TimerQueue { harness.loop.timers }

    /// With `tabletManager` the compositor offers `zwp_tablet_manager_v2`
    /// from the start; `offer` adds any other global before the client
    /// connects.
    init(seats specs: [(name: String, capabilities: TestSeat.Capabilities, version: Int32)] =
            [("seat0", .all, 8)], tabletManager: Bool = false,
         offer: (TestCompositor) -> Void = { _ in }) throws {
        let compositor = TestCompositor()
        seats = specs.map { compositor.addSeat(name: $0.name, capabilities: $0.capabilities, version: $0.version) }
        if tabletManager { compositor.addTabletManager() }
        offer(compositor)
        harness = try Harness(compositor: compositor)
        let clientCompositor = try #require(harness.display.registry.compositor)
        clientSurfaces = [wl_compositor_create_surface(clientCompositor)!,
                          wl_compositor_create_surface(clientCompositor)!]
        let count = compositor.surfaces.count
        try harness.pump { compositor.surfaces.count == count + 2 }
        ours = compositor.surfaces[count].resource
        foreign = compositor.surfaces[count + 1].resource
        let window = clientSurfaces[0]
        let manager = SeatManager(display: harness.display, loop: harness.loop,
                                  isOurSurface: { $0 == window }, cursorScale: { 2 })
        manager.inputHandler = input
        self.manager = manager
        try harness.settle()
    }

    deinit {
        manager = nil
        clientSurfaces.forEach { wl_surface_destroy($0) }
    }

    /// Runs `script` on the compositor, then lets the client handle it all.
    func send(_ script: () -> Void) throws {
        script()
        try harness.settle()
    }

    /// Tears the manager down (seats released) while the connection lives.
    func dropManager() throws {
        manager = nil
        try harness.settle()
    }

    /// The events since the last call.
    func take() -> [InputEvent] {
        defer { events = [] }
        return events
    }

    var touchFrames: [TouchInputFrame] {
        events.compactMap { if case .touch(let frame) = $0 { return frame } else { return nil } }
    }

    var pointerFrames: [PointerFrame] {
        events.compactMap { if case .pointer(let frame) = $0 { return frame } else { return nil } }
    }

    var tabletFrames: [TabletToolFrame] {
        events.compactMap { if case .tabletTool(let frame) = $0 { return frame } else { return nil } }
    }

    var keys: [KeyEvent] {
        events.compactMap { if case .key(let key) = $0 { return key } else { return nil } }
    }
}

/// "down0", "up3", … for compact expectations.
func summary(_ frame: TouchInputFrame) -> [String] {
    frame.changes.map { "\($0.kind.rawValue)\($0.id)" }
}
