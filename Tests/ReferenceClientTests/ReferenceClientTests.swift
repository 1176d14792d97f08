import CWaylandClient
import ReferenceClient
import TestCompositor
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The reference client against the scripted compositor: a frame committed
/// for every input event, at once (no frame callback awaited), with
/// presentation feedback asked for each, and a line per event naming its
/// input → on screen once that frame is presented.
@Suite struct ReferenceClientTests {
    /// The scripted compositor with a seat (and a tablet manager), the
    /// reference client connected to it, its window mapped at 400×300.
    final class Setup {
        let compositor = TestCompositor()
        let seat: TestSeat
        let client: ReferenceClient
        /// The client's lines, as it wrote them.
        let output: Output
        /// The window's surface.
        var surface: TestSurface { compositor.surfaces[0] }

        init() throws {
            seat = compositor.addSeat(capabilities: [.pointer, .touch])
            compositor.addTabletManager()
            let display = try #require(wl_display_connect_to_fd(compositor.connectClient()))
            let output = Output()
            self.output = output
            client = ReferenceClient(display: display) { output.lines.append($0) }
            for _ in 0..<20 where compositor.toplevels.isEmpty { try step() }
            let toplevel = try #require(compositor.toplevels.first)
            toplevel.configure(width: 400, height: 300)
            for _ in 0..<20 where !client.isMapped { try step() }
            #expect(client.isMapped)
            #expect(toplevel.appID == ReferenceClient.appID)
            #expect(surface.lastCommit?.bufferWidth == 400 && surface.lastCommit?.bufferHeight == 300)
        }
        var written: [String] { output.lines }

        /// One exchange: the compositor reads and sends, the client reads and answers.
        func step() throws {
            compositor.dispatch()
            try client.pump(timeout: 0)
            compositor.dispatch()
        }
    }

    final class Output { var lines: [String] = [] }

    @Test func commitsOnceForEveryTouchEventAndReportsEachOnScreen() throws {
        let setup = try Setup()
        let surface = setup.surface
        let commits = surface.commits.count
        // Five touch events 10 ms apart, each presented 12 ms after it came.
        let times: [UInt32] = [1_000, 1_010, 1_020, 1_030, 1_040]
        for (index, time) in times.enumerated() {
            switch index {
            case 0: setup.seat.touchDown(on: surface.resource, id: 0, x: 50, y: 60, time: time)
            case times.count - 1: setup.seat.touchUp(id: 0, time: time)
            default: setup.seat.touchMotion(id: 0, x: 50 + 10 * Double(index), y: 60, time: time)
            }
            setup.seat.touchFrame()
            try setup.step()
            #expect(surface.commits.count == commits + index + 1, "one commit per event, with no frame callback awaited")
            setup.compositor.presentFrames(at: Double(time + 12) / 1000)
            try setup.step()
        }
        #expect(setup.compositor.presentationFeedbackRequests == times.count)
        #expect(surface.pendingFrameCount == 0, "no frame callback asked: nothing paces it")
        #expect(surface.commits[commits].bufferDamage.first == DamageRect(x: 48, y: 58, width: 4, height: 4))
        #expect(surface.commits[commits].pixel(x: 50, y: 60) == 0xFF00_0000, "the mark is black on white")
        let lines = setup.written.filter { $0.hasPrefix("event ") }
        #expect(lines.count == times.count)
        #expect(lines.first?.hasPrefix("event touch-down input 1000 ms presented 1.012000 s clock 1 on screen after 12.000 ms") == true,
                "\(lines)")
        #expect(lines.allSatisfy { $0.hasSuffix("on screen after 12.000 ms") })
        #expect(setup.client.latencies.summary(presentation: true)
            == "reference: input → on screen median 12.0 ms, p99 12.0 ms over 5 frames "
            + "(5 input events committed, 5 presented, 0 discarded, 0 unanswered)")
    }

    @Test func aPointerDragCommitsForEveryEventButNotForHover() throws {
        let setup = try Setup()
        let surface = setup.surface
        setup.seat.pointerEnter(surface.resource, x: 10, y: 10)
        setup.seat.pointerMotion(x: 20, y: 20, time: 2_000)
        setup.seat.pointerFrame()
        try setup.step()
        let commits = surface.commits.count
        setup.seat.pointerButton(0x110, pressed: true, time: 2_010)
        setup.seat.pointerMotion(x: 30, y: 20, time: 2_020)
        setup.seat.pointerMotion(x: 40, y: 20, time: 2_030)
        setup.seat.pointerButton(0x110, pressed: false, time: 2_040)
        setup.seat.pointerMotion(x: 50, y: 20, time: 2_050)
        setup.seat.pointerFrame()
        try setup.step()
        #expect(surface.commits.count == commits + 4, "press, two motions and release; hover motion draws nothing")
        // Presented at once: the three older commits were replaced unseen,
        // their marks shown by the last.
        setup.compositor.presentFrames(at: 2.060)
        try setup.step()
        let lines = setup.written.filter { $0.hasPrefix("event ") }
        #expect(lines.count == 4)
        #expect(lines.prefix(3).allSatisfy { $0.hasSuffix("discarded") }, "\(lines)")
        #expect(lines.last == "event pointer-release input 2040 ms presented 2.060000 s clock 1 on screen after 20.000 ms")
        #expect(setup.client.latencies.summary(presentation: true)
            == "reference: input → on screen median 50.0 ms, p99 50.0 ms over 1 frames "
            + "(4 input events committed, 1 presented, 3 discarded, 0 unanswered)",
            "the frame is the first to show the press, 50 ms before: its latency, as the app counts a frame's")
    }

    @Test func aPenCommitsAtEachFrameInContact() throws {
        let setup = try Setup()
        let surface = setup.surface
        let tablet = setup.seat.addTablet()
        let pen = setup.seat.addTabletTool()
        try setup.step()
        try setup.step()
        let commits = surface.commits.count
        pen.proximityIn(tablet: tablet, surface: surface.resource)
        pen.motion(x: 100, y: 100)
        pen.frame(time: 3_000)
        try setup.step()
        #expect(surface.commits.count == commits, "a pen hovering draws nothing")
        pen.down()
        pen.frame(time: 3_010)
        pen.motion(x: 110, y: 100)
        pen.frame(time: 3_020)
        pen.up()
        pen.frame(time: 3_030)
        try setup.step()
        #expect(surface.commits.count == commits + 3)
        #expect(setup.compositor.presentationFeedbackRequests == 3)
    }
}
