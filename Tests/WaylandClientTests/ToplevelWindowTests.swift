import Testing
import TestCompositor
import CWaylandServerProtocols
import CWaylandProtocols
@testable import WaylandClient

@Suite struct ToplevelWindowTests {
    @Test func firstConfigureIsAcknowledgedAndAnsweredWithADrawnBuffer() throws {
        let harness = try Harness()
        let painter = Painter()
        var configures: [(SurfaceSize, Double, WindowStates)] = []
        let window = try ToplevelWindow(display: harness.display, loop: harness.loop, title: "TouchTracker",
                                        appID: "org.touchtracker.TouchTracker", minimumSize: (320, 240))
        window.frameSource = painter
        window.onConfigure = { configures.append(($0, $1, $2)) }
        try harness.pump { harness.compositor.toplevels.first?.surface.commits.count == 1 }
        let toplevel = harness.compositor.toplevels[0]
        #expect(toplevel.title == "TouchTracker")
        #expect(toplevel.appID == "org.touchtracker.TouchTracker")
        #expect(toplevel.minimumSize == (320, 240))
        // The initial commit carries no buffer and nothing was drawn.
        #expect(toplevel.surface.commits[0].attachedBuffer == false)
        #expect(painter.draws.isEmpty)

        let serial = toplevel.configure(width: 800, height: 600, states: [XDG_TOPLEVEL_STATE_ACTIVATED])
        try harness.pump { toplevel.surface.lastCommit?.attachedBuffer == true }
        #expect(toplevel.ackedSerials == [serial])
        #expect(configures.count == 1)
        #expect(configures.first?.0 == SurfaceSize(width: 800, height: 600))
        #expect(configures.first?.2 == [.activated])
        let commit = try #require(toplevel.surface.lastCommit)
        #expect(commit.bufferWidth == 800 && commit.bufferHeight == 600)
        #expect(commit.pixel(x: 0, y: 0) == painter.colour)
        #expect(commit.pixel(x: 799, y: 599) == painter.colour)
        #expect(commit.bufferDamage == [DamageRect(x: 0, y: 0, width: 800, height: 600)])
        #expect(painter.draws.count == 1)
    }

    @Test func resizeConfigureRedrawsAtTheNewSizeWithStates() throws {
        let harness = try Harness()
        let painter = Painter()
        let (window, toplevel) = try harness.mapWindow(painter: painter)
        var lastStates: WindowStates = []
        window.onConfigure = { _, _, states in lastStates = states }
        // A resize must not wait for the previous frame's callback.
        toplevel.configure(width: 1024, height: 700, states: [XDG_TOPLEVEL_STATE_RESIZING, XDG_TOPLEVEL_STATE_ACTIVATED])
        try harness.pump { toplevel.surface.lastCommit?.bufferWidth == 1024 }
        #expect(toplevel.surface.lastCommit?.bufferHeight == 700)
        #expect(window.size == SurfaceSize(width: 1024, height: 700))
        #expect(lastStates == [.resizing, .activated])
        toplevel.configure(width: 1024, height: 700, states: [XDG_TOPLEVEL_STATE_MAXIMIZED])
        try harness.pump { window.states == [.maximized] }
        #expect(lastStates == [.maximized])
    }

    @Test func closeRequestReachesTheApp() throws {
        let harness = try Harness()
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        var closed = 0
        window.onClose = { closed += 1 }
        toplevel.close()
        try harness.pump { closed == 1 }
    }

    @Test func pingIsAnswered() throws {
        let harness = try Harness()
        let (window, _) = try harness.mapWindow(painter: Painter())
        let serial = harness.compositor.ping()
        try harness.pump { harness.compositor.pongs == [serial] }
        withExtendedLifetime(window) {}
    }

    @Test func zeroSizeConfigureLetsTheClientChoose() throws {
        let harness = try Harness()
        let (window, toplevel) = try harness.mapWindow(painter: Painter(), width: 0, height: 0)
        #expect(window.size == WindowSizing.defaultSize)
        #expect(toplevel.surface.lastCommit?.bufferWidth == 960)
        toplevel.configure(width: 700, height: 500)
        try harness.pump { window.size == SurfaceSize(width: 700, height: 500) }
        // 0×0 later keeps the current size.
        let serial = toplevel.configure(width: 0, height: 0)
        try harness.pump { toplevel.ackedSerials.last == serial }
        #expect(window.size == SurfaceSize(width: 700, height: 500))
    }

    @Test func absurdConfigureIsClampedNotFatal() throws {
        let harness = try Harness()
        let (window, toplevel) = try harness.mapWindow(painter: Painter(), width: 100_000, height: 100_000)
        let commit = try #require(toplevel.surface.lastCommit)
        #expect(commit.bufferWidth <= 16384 && commit.bufferHeight <= 16384)
        #expect(Int(commit.bufferWidth) * Int(commit.bufferHeight) * 4 <= WindowSizing.maximumBufferBytes)
        #expect(commit.bufferWidth == commit.bufferHeight)
        #expect(window.size.width == Int(commit.bufferWidth))
        // A negative size (a protocol violation) keeps the current size.
        let serial = toplevel.configure(width: -5, height: -5)
        try harness.pump { toplevel.ackedSerials.last == serial }
        #expect(window.size.width == Int(commit.bufferWidth))
    }

    @Test func decorationModeFollowsTheCompositor() throws {
        let harness = try Harness()
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        #expect(toplevel.requestedDecorationMode == 2)
        #expect(window.decorationMode == .serverSide)

        let other = try Harness()
        other.compositor.decorationModeReply = 1
        let (clientSide, _) = try other.mapWindow(painter: Painter())
        #expect(clientSide.decorationMode == .clientSide)
    }

    @Test func protocolErrorNamesInterfaceObjectAndCode() throws {
        let harness = try Harness()
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        harness.compositor.postError(on: toplevel.resource, code: 3, message: "invalid size")
        harness.compositor.dispatch()
        let objectID = wl_resource_get_id(toplevel.resource)
        #expect(throws: WaylandError.protocolError(interface: "xdg_toplevel", objectID: objectID, code: 3)) {
            try harness.loop.run()
        }
        let message = WaylandError.protocolError(interface: "xdg_toplevel", objectID: objectID, code: 3).description
        #expect(message.contains("xdg_toplevel@\(objectID)") && message.contains("error code 3"))
        withExtendedLifetime(window) {}
    }

    @Test func missingShellIsAClearError() throws {
        let harness = try Harness(compositor: TestCompositor(omitting: ["xdg_wm_base"]))
        #expect(throws: WaylandError.missingGlobal("xdg_wm_base (xdg-shell)")) {
            _ = try ToplevelWindow(display: harness.display, loop: harness.loop, title: "T", appID: "t",
                                   minimumSize: (1, 1))
        }
    }

    @Test func withoutDecorationManagerTheAppDrawsItsOwnTitleBar() throws {
        let harness = try Harness(compositor: TestCompositor(omitting: ["zxdg_decoration_manager_v1"]))
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        #expect(window.decorationMode == .clientSide)
        #expect(toplevel.requestedDecorationMode == nil)
    }

    @Test func moveResizeAndMaximizeReachTheCompositor() throws {
        let compositor = TestCompositor()
        compositor.addGlobal(interface: tts_wl_seat_interface(), version: 5) { client, version, id in
            _ = ServerObject(compositor: compositor, client: client, interface: tts_wl_seat_interface(), version: version, id: id)
        }
        let harness = try Harness(compositor: compositor)
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        var seatGlobal: Global?
        harness.display.registry.onGlobal = { seatGlobal = $0 }
        let global = try #require(seatGlobal)
        let seat = try #require(harness.display.registry.bind(global, interface: tt_wl_seat_interface(), version: 5))
        defer { wl_proxy_destroy(seat) }

        window.startMove(seat: seat, serial: 41)
        window.startResize(seat: seat, serial: 42, edges: .bottomRight)
        window.setMaximized(true)
        try harness.pump { toplevel.maximizeRequests == 1 }
        #expect(toplevel.moveRequests.map(\.serial) == [41])
        #expect(toplevel.resizeRequests.map(\.serial) == [42])
        #expect(toplevel.resizeRequests.first?.edges == XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT.rawValue)
        #expect(toplevel.moveRequests.first?.seat != nil)
    }
}
