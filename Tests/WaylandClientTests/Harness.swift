import TestCompositor
import CWaylandServerProtocols
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
    let loop: EventLoop
    /// The painters of the windows `mapWindow` made, kept: a window holds
    /// its frame source weakly.
    private var painters: [Painter] = []

    /// Connects and waits until the registry has every initial global. The
    /// loop's timers run on `clock` (a fake one unless a test needs real time).
    init(compositor: TestCompositor = TestCompositor(), clock: Clock = ManualClock(now: 1000)) throws {
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

/// What a test's `Painter` saw, one entry per frame.
struct DrawRecord {
    let width: Int
    let height: Int
    let scale: Double
    let damage: [SurfaceRect]
}

/// A `FrameSource` for tests: fills the damaged area with `colour` (and an
/// optional logical rect with `ink`), and records every call.
final class Painter: FrameSource {
    var colour: UInt32 = 0xFF33_66CC
    /// A logical rect painted in `ink` on top, e.g. a line of known width.
    var mark: SurfaceRect?
    var ink: UInt32 = 0xFF00_0000
    private(set) var draws: [DrawRecord] = []

    func draw(into target: DrawTarget) {
        draws.append(DrawRecord(width: target.width, height: target.height, scale: target.scale, damage: target.damage))
        for rect in target.damage {
            fill(target, PixelRect(covering: rect, scale: target.scale), colour)
        }
        if let mark { fill(target, PixelRect(covering: mark, scale: target.scale), ink) }
    }

    private func fill(_ target: DrawTarget, _ rect: PixelRect, _ value: UInt32) {
        let bounds = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        let area = rect.clipped(to: bounds)
        guard !area.isEmpty else { return }
        target.withPixels { pixels in
            for row in area.y..<area.maxY {
                let line = (pixels + row * target.stride).assumingMemoryBound(to: UInt32.self)
                for column in area.x..<area.maxX { line[column] = value }
            }
        }
    }
}

extension Harness {
    /// Creates a window drawn by `painter`, lets the compositor configure it
    /// to `width` × `height` and waits for its first frame.
    func mapWindow(painter: Painter, width: Int32 = 800, height: Int32 = 600,
                   states: [xdg_toplevel_state] = []) throws -> (ToplevelWindow, TestToplevel) {
        let window = try ToplevelWindow(display: display, loop: loop, title: "TouchTracker test",
                                        appID: "org.touchtracker.Test", minimumSize: (320, 240))
        window.frameSource = painter
        painters.append(painter)
        try pump { compositor.toplevels.count == 1 && compositor.toplevels[0].surface.commits.count == 1 }
        let toplevel = compositor.toplevels[0]
        toplevel.configure(width: width, height: height, states: states)
        try pump { toplevel.surface.lastCommit?.attachedBuffer == true }
        return (window, toplevel)
    }

    /// Sends the frame callbacks and waits until the client has them.
    func completeFrame(_ window: ToplevelWindow) throws {
        compositor.completeFrames()
        try pump { window.frameCallback == nil }
    }
}
