import Canvas
import Document
import Render
import SampleDrawings
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// A large drawing opens after the window appears (issue 13): its file is
/// parsed and indexed on a thread of its own while the window shows a
/// notice, and the lines appear when they are ready.
@Suite struct BackgroundOpeningEndToEndTests {
    /// Big enough that parsing and indexing it in a debug build takes far
    /// longer than the few exchanges the tests make meanwhile.
    static let largeDrawing = SampleLines.random(count: 150_000, in: Rect(x: 0, y: 0, width: 400, height: 300))

    private func isNotice(_ app: AppHarness) -> Bool {
        let pixel = app.pixel(3, Double(AppHarness.height) - 3)
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        return r < 0x50 && g < 0x50 && b < 0x58 && r > 0x20
    }

    @Test func theWindowAppearsWithANoticeAndTheLinesFollow() throws {
        let app = try AppHarness(lines: Self.largeDrawing, backgroundOpeningThreshold: 0)
        #expect(app.surface.lastCommit?.attachedBuffer == true, "the window is up")
        #expect(app.session.firstWindow.isOpeningDrawing, "while the drawing is still being parsed")
        #expect(app.session.firstWindow.banner.text?.hasPrefix("Opening drawing.json (") == true,
                "\(String(describing: app.session.firstWindow.banner.text))")
        #expect(isNotice(app), "the notice is painted, grey")

        try waitUntilOpened(app)
        #expect(app.canvas.drawing.lines == Self.largeDrawing)
        #expect(app.session.firstWindow.banner.text == nil)
        #expect(app.reports.isEmpty, "\(app.reports)")
        // The line cache was rasterized while the drawing opened: the
        // first frame after shows every line, as a full redraw does.
        #expect(!app.session.firstWindow.isRenderingDrawing, "every line on screen in the first frame")
        let fresh = OwnedPixelBuffer(width: Int(AppHarness.width), height: Int(AppHarness.height))
        CanvasRenderer().renderAll(app.canvas.drawing, into: fresh.buffer)
        // (Away from the window's edges, where its frame may round the corners.)
        let width = Int(AppHarness.width), height = Int(AppHarness.height)
        let differing = (0..<(height - 12)).flatMap { y in
            (12..<(width - 12)).filter { x in app.pixel(Double(x), Double(y)) != fresh.buffer.pixel(x: x, y: y) }
        }
        #expect(differing.isEmpty, "\(differing.count) pixels differ from a full redraw")
        withExtendedLifetime(fresh) {}

        // Now it is an ordinary session: a stroke adds a line and is saved.
        try app.stroke(from: Point(x: 20, y: 20), to: Point(x: 120, y: 20))
        #expect(app.canvas.drawing.count == Self.largeDrawing.count + 1)
        #expect(try app.savedLines().count == Self.largeDrawing.count + 1)
    }

    /// Issue 24: a stroke drawn before the drawing is ready is neither
    /// dropped nor held. It shows at once, over the notice's canvas, and
    /// joins the opened lines after them, saved and undoable.
    @Test func strokesDrawnWhileOpeningShowAtOnceAndFollowTheOpenedLines() throws {
        let app = try AppHarness(lines: Self.largeDrawing, backgroundOpeningThreshold: 0)
        let first = line(20, 40, 380, 40), second = line(20, 60, 380, 60)
        try app.stroke(from: first.begin, to: first.end)
        #expect(app.session.firstWindow.isOpeningDrawing, "drawn before the lines are there")
        #expect(app.pixel(200, 40) == Colour.black, "on screen in the frame after the finger lifts")
        #expect(app.pixel(200, 50) == Colour.white, "and nothing else yet")
        try app.stroke(from: second.begin, to: second.end)
        #expect(app.pixel(200, 60) == Colour.black)
        #expect(app.session.firstWindow.isOpeningDrawing)

        try waitUntilOpened(app)
        #expect(app.canvas.drawing.lines == Self.largeDrawing + [first, second], "in order, after the opened lines")
        try app.settle()
        #expect(try app.savedLines() == Self.largeDrawing + [first, second], "saved once the drawing is open")
        #expect(app.pixel(200, 40) == Colour.black, "still on top")

        // Undo takes them back, last first, and the file follows.
        try app.focusKeyboard()
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        #expect(app.canvas.drawing.lines == Self.largeDrawing + [first])
        #expect(try app.savedLines() == Self.largeDrawing + [first])
    }

    @Test func quittingWhileOpeningKeepsTheStrokesDrawnMeanwhile() throws {
        let app = try AppHarness(lines: Self.largeDrawing, backgroundOpeningThreshold: 0)
        let drawn = line(20, 40, 380, 40)
        try app.stroke(from: drawn.begin, to: drawn.end)
        #expect(app.session.firstWindow.isOpeningDrawing)
        app.session.quit()
        #expect(app.session.firstWindow.ending == .saved)
        #expect(try app.savedLines() == Self.largeDrawing + [drawn])
        #expect(app.directoryEntries().filter { $0.hasPrefix("drawing.json") } == ["drawing.json"],
                "only the drawing is left")
    }

    /// The clean ways out of a session, taken for real through the
    /// compositor and `run()`.
    enum WayOut: String, CaseIterable, CustomStringConvertible {
        case controlQ, closeButton, sigterm, sigint, sighup, compositorGone
        var description: String { rawValue }
    }

    /// Issue 24: "keep them even if the person quits before the open
    /// ends", whichever way they quit: the strokes drawn meanwhile, the one
    /// a finger is still drawing included, are in the file afterwards,
    /// after every original line, and only the drawing is left.
    @Test(arguments: WayOut.allCases)
    func quittingBeforeTheOpenEndsKeepsEveryLineAndTheStrokesDrawnMeanwhile(wayOut: WayOut) throws {
        let app = try AppHarness(lines: Self.largeDrawing, backgroundOpeningThreshold: 0)
        let first = line(20, 40, 380, 40), second = line(20, 60, 380, 60)
        try app.stroke(from: first.begin, to: first.end)
        try app.stroke(from: second.begin, to: second.end)
        try app.down(7, 20, 80)
        try app.move(7, 200, 80)
        #expect(app.session.firstWindow.isOpeningDrawing, "the strokes are drawn before the lines are there")
        let thread = pthread_self()
        var onIteration: (Int) -> Void = { _ in }
        switch wayOut {
        case .controlQ:
            try app.focusKeyboard()
            app.seat.modifiers(depressed: ModifierMask.control)
            app.seat.key(EvdevKey.q, pressed: true, time: app.time)
            app.compositor.dispatch()
        case .closeButton:
            app.toplevel.close()
            app.compositor.dispatch()
        case .sigterm, .sigint, .sighup:
            let signal = wayOut == .sigterm ? SIGTERM : wayOut == .sigint ? SIGINT : SIGHUP
            // To this thread once `run()` has blocked it for its signalfd.
            onIteration = { if $0 == 1 { pthread_kill(thread, signal) } }
        case .compositorGone:
            app.compositor.disconnectClient()
        }
        #expect(app.session.firstWindow.isOpeningDrawing, "still opening when the way out is taken")
        let (endedByItself, error) = app.runGuarded(onIteration: onIteration)
        #expect(endedByItself)
        #expect((error != nil) == (wayOut == .compositorGone), "\(String(describing: error))")
        #expect(app.session.firstWindow.ending == .saved)
        #expect(try app.savedLines() == Self.largeDrawing + [first, second, line(20, 80, 200, 80)],
                "every original line, then the strokes in the order drawn")
        #expect(app.directoryEntries().filter { $0.hasPrefix("drawing.json") } == ["drawing.json"],
                "only the drawing is left")
    }

    @Test func aLargeFileThatIsNoDrawingIsSetAsideOnceReadAndTheCanvasWorks() throws {
        let source = try TemporaryDirectory(prefix: "touchtracker-e2e")
        try Document.save(Self.largeDrawing, to: source.path + "/whole.json")
        var bytes = try #require(AppHarness.read(source.path + "/whole.json"))
        bytes.removeLast(10)
        let app = try AppHarness(fileContents: bytes, backgroundOpeningThreshold: 0)
        try waitUntilOpened(app)
        #expect(app.canvas.drawing.count == 0)
        #expect(app.reports.contains { $0.contains("it was kept as") }, "\(app.reports)")
        let kept = TemporaryDirectory.entries(of: app.directory).filter { $0.hasPrefix("drawing.json.corrupt-") }
        #expect(kept.count == 1)
        try app.stroke(from: Point(x: 20, y: 20), to: Point(x: 120, y: 20))
        #expect(try app.savedLines().count == 1)
    }

    @Test func quittingWhileOpeningLeavesTheFileAsItWas() throws {
        let app = try AppHarness(lines: Self.largeDrawing, backgroundOpeningThreshold: 0)
        let before = try #require(AppHarness.read(app.documentPath))
        #expect(app.session.firstWindow.isOpeningDrawing)
        app.session.quit()
        #expect(app.session.firstWindow.ending == .saved)
        #expect(AppHarness.read(app.documentPath) == before)
        #expect(app.directoryEntries().filter { $0.hasPrefix("drawing.json") } == ["drawing.json"],
                "only the drawing is left")
    }

    @Test func smallDrawingsOpenBeforeTheWindow() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100)])
        #expect(!app.session.firstWindow.isOpeningDrawing)
        #expect(app.pixel(150, 100) == Colour.black)
    }

    private func waitUntilOpened(_ app: AppHarness) throws {
        // The loop polls the thread's pipe like any descriptor; wait on it
        // with a real timeout rather than spinning.
        for _ in 0..<600 where app.session.firstWindow.isOpeningDrawing {
            try app.session.loop.runOnce(timeout: 0.1)
        }
        #expect(!app.session.firstWindow.isOpeningDrawing, "opened within a minute")
        try app.frame()
    }
}
