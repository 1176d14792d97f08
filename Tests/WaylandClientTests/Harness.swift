import TestCompositor
import Timing
@testable import WaylandClient

/// A client connected to a `TestCompositor`, both driven from the test's
/// thread: `pump(until:)` alternates the server's dispatch with one
/// non-blocking iteration of the client's event loop.
final class Harness {
    struct ConditionNeverHeld: Error, CustomStringConvertible {
        let description = "the condition did not hold after 200 exchanges with the test compositor"
    }

    let compositor: TestCompositor
    let display: Display
    let clock = ManualClock(now: 1000)
    let loop: EventLoop

    /// Connects and waits until the registry has every initial global.
    init(compositor: TestCompositor = TestCompositor()) throws {
        self.compositor = compositor
        display = try Display.connect(fd: compositor.connectClient())
        loop = EventLoop(display: display, clock: clock)
        try pump { self.display.registry.initialGlobalsReceived }
    }

    /// Exchanges messages until `condition` holds; throws if it never does.
    func pump(until condition: () -> Bool) throws {
        for _ in 0..<200 {
            if condition() { return }
            compositor.dispatch()
            try loop.runOnce(timeout: 0)
        }
        if !condition() { throw ConditionNeverHeld() }
    }

    /// Exchanges messages until both sides have handled everything the other
    /// sent (a few rounds suffice: each round carries requests one way and
    /// events back).
    func settle() throws {
        for _ in 0..<4 {
            try loop.runOnce(timeout: 0)
            compositor.dispatch()
        }
        try loop.runOnce(timeout: 0)
    }
}
