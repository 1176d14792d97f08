import Canvas
import Export
@testable import Instruments
@testable import Scene
import Testing
import TestCompositor
import TestSupport
import TouchCore
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// `--record` on the scripted compositor, and `replay` of what it wrote:
/// the replay runs the app's own scene on a fake clock and must end in
/// the drawing the live session ended in, the same on every run.
@Suite struct RecordReplayEndToEndTests {
    /// A session using every kind of input the canvas answers, and the
    /// gestures' timers: a long press moving a line, a finger's stroke, two
    /// fingers at once, the mouse drawing, Ctrl+Z, a tap selecting a line.
    func busySession(_ app: AppHarness) throws {
        try app.down(1, 200, 105)
        try app.wait(0.6)
        for (x, y) in [(206.0, 113.0), (215.0, 120.0), (230.0, 145.0)] { try app.move(1, x, y) }
        try app.up(1)
        try app.stroke(2, from: Point(x: 50, y: 250), to: Point(x: 350, y: 262))
        try app.send {
            app.seat.touchDown(on: app.surface.resource, id: 3, x: 40, y: 40, time: app.time)
            app.seat.touchDown(on: app.surface.resource, id: 4, x: 40, y: 80, time: app.time)
            app.seat.touchFrame()
        }
        try app.send {
            app.seat.touchMotion(id: 3, x: 140, y: 40, time: app.time)
            app.seat.touchMotion(id: 4, x: 140, y: 90, time: app.time)
            app.seat.touchFrame()
        }
        try app.send {
            app.seat.touchUp(id: 3, time: app.time)
            app.seat.touchUp(id: 4, time: app.time)
            app.seat.touchFrame()
        }
        try app.pointerEnter(300, 30)
        try app.pointerButton(InputTranslator.leftButton, pressed: true)
        try app.pointerMotion(340, 50)
        try app.pointerMotion(380, 70)
        try app.pointerButton(InputTranslator.leftButton, pressed: false)
        try app.focusKeyboard()
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        try app.tap(200, 222)
    }

    func recorded(_ app: AppHarness) throws -> Recording {
        app.session.quit()
        return try Recording.read(path: app.recordingPath)
    }

    @Test func theReplayEndsInTheDrawingOfTheLiveSession() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100), line(100, 220, 300, 220)], record: true)
        try busySession(app)
        let live = app.canvas.drawing
        #expect(live.lines.count == 5, "two lines, one moved; a stroke; two fingers; the mouse's line undone")
        #expect(live.selectedLineID != nil, "the tap selected a line")
        let recording = try recorded(app)
        #expect(recording.isComplete)
        let replay = Replay(recording, report: { _ in })
        let replayed = replay.run()
        #expect(replayed.lines == live.lines)
        #expect(replayed.selectedLineID == live.selectedLineID)
        #expect(replay.scene.window.menuController.isMenuVisible, "the tap's menu is open in the replay too")
    }

    @Test func freehandLinesAndTheStartingToolReplayAsDrawn() throws {
        let opened = Line(freehand: [FreehandPoint(x: 40, y: 40, pressure: 0.3), FreehandPoint(x: 90, y: 60, pressure: 0.9)],
                          offset: Vector(dx: 5, dy: 7))
        let app = try AppHarness(lines: [opened], settings: "tool = freehand\n", record: true)
        // A freehand stroke with the tool the session started with, then
        // the L key and a straight line.
        try app.stroke(1, from: Point(x: 60, y: 150), to: Point(x: 300, y: 190), steps: 8)
        try app.focusKeyboard()
        try app.press(EvdevKey.l)
        try app.stroke(2, from: Point(x: 60, y: 250), to: Point(x: 300, y: 250))
        let live = app.canvas.drawing.lines
        #expect(live.count == 3)
        #expect(live[0] == opened && live[1].isFreehand && !live[2].isFreehand)
        let recording = try recorded(app)
        #expect(recording.tool == .freehand)
        #expect(Replay(recording, report: { _ in }).run().lines == live)
    }

    @Test func theStartingColourAndWidthReplayAsDrawn() throws {
        let opened = line(40, 40, 200, 40).restyled(StrokeStyle(color: .purple, width: StrokeWidth(points: 4)!))
        let app = try AppHarness(lines: [opened], settings: "line-color = red\nline-width = thick\n", record: true)
        try app.stroke(1, from: Point(x: 60, y: 150), to: Point(x: 300, y: 190))
        let live = app.canvas.drawing.lines
        #expect(live.map(\.style) == [opened.style, StrokeStyle(color: .red, width: StrokeWidth(points: 20)!)])
        let recording = try recorded(app)
        #expect(recording.strokeStyle == StrokeStyle(color: .red, width: StrokeWidth(points: 20)!))
        #expect(Replay(recording, report: { _ in }).run().lines == live)
    }

    @Test func aWidthOfTheEightIsRecordedByItsPointsAndReplaysAsDrawn() throws {
        let app = try AppHarness(settings: "line-width = 7\n", record: true)
        try app.stroke(1, from: Point(x: 60, y: 150), to: Point(x: 300, y: 190))
        let live = app.canvas.drawing.lines
        #expect(live.map(\.style.width.points) == [7])
        app.session.quit()
        let header = try #require(AppHarness.read(app.recordingPath).map { String(decoding: $0, as: UTF8.self) }?
            .split(separator: "\n").first)
        #expect(header.contains("\"lineWidth\":\"7\""))
        let recording = try Recording.read(path: app.recordingPath)
        #expect(Replay(recording, report: { _ in }).run().lines == live)
    }

    @Test func aDoubleTapFiresAtTheRecordedTimes() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], record: true)
        try app.down(9, 50, 50)
        try app.up(9)
        try app.down(9, 52, 51)
        try app.up(9)
        try app.wait(0.5)
        try app.stroke(from: Point(x: 60, y: 200), to: Point(x: 300, y: 200))
        #expect(app.canvas.drawing.lines.count == 1, "cleared, then one stroke")
        let replayed = Replay(try recorded(app), report: { _ in }).run()
        #expect(replayed.lines == app.canvas.drawing.lines)
    }

    @Test func twoTapsFurtherApartThanTheDoubleTapWindowDoNotClear() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], record: true)
        try app.tap(50, 50)
        try app.tap(52, 51)
        #expect(app.canvas.drawing.lines.count == 1)
        let replayed = Replay(try recorded(app), report: { _ in }).run()
        #expect(replayed.lines == [line(100, 100, 300, 100)], "the recorded gap outlasts the double-tap window")
    }

    @Test func replayingTwiceGivesByteIdenticalPNGs() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100), line(100, 220, 300, 220)], record: true)
        try busySession(app)
        let recording = try recorded(app)
        var images: [[UInt8]] = []
        for run in 1...2 {
            let path = app.directory + "/replay\(run).png"
            _ = try Exporter.export(Replay(recording, report: { _ in }).run(), to: path)
            images.append(AppHarness.read(path) ?? [])
        }
        #expect(!images[0].isEmpty)
        #expect(images[0] == images[1])
    }

    @Test func theRecordingStartsWithItsHeaderAndWindowAndEndsWithTheEnd() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], record: true)
        try app.down(1, 10, 10)
        try app.up(1)
        app.session.quit()
        let text = String(decoding: AppHarness.read(app.recordingPath) ?? [], as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "{\"touchtrackerRecording\":1,\"app\":\"\(Version.string)\","
                               + "\"seats\":[{\"name\":\"seat0\",\"version\":8}],\"palmRejection\":true,\"tool\":\"lines\",\"presentation\":true,"
                               + "\"protocols\":{}}")
        // The drawing's lines as the drawing file writes them (one codec).
        #expect(lines.contains { $0.hasPrefix("{\"t\":") && $0.hasSuffix(",\"drawing\":[[100.0,100.0,300.0,100.0]]}") })
        #expect(lines.contains { $0.hasPrefix("{\"t\":") && $0.contains("\"window\":{\"width\":400,\"height\":340,\"scale\":1,") })
        #expect(lines.contains { $0.contains("\"origin\":\"compositor\",\"seatVersion\":8,\"seat\":\"seat0\",\"device\":\"seat\"") })
        #expect(lines.contains { $0.contains("\"origin\":\"compositor\",\"seat\":\"seat0\",\"device\":\"touch\",\"frame\":[{\"event\":\"up\"") })
        #expect(lines.last?.hasSuffix(",\"end\":true}") == true)
        #expect(text.hasSuffix("\n"))
    }

    @Test func batchesAreWrittenWhenTheLoopGoesIdleNotAtEachBatch() throws {
        let app = try AppHarness(record: true)
        func written() -> String { String(decoding: AppHarness.read(app.recordingPath) ?? [], as: UTF8.self) }
        #expect(written().hasPrefix("{\"touchtrackerRecording\":1,"), "the header is on disk before any touch")
        app.seat.touchDown(on: app.surface.resource, id: 1, x: 10, y: 10, time: app.time)
        app.seat.touchFrame()
        app.compositor.dispatch()
        // One iteration reads and handles the batch after its idle stage…
        try app.session.loop.runOnce(timeout: 0)
        #expect(app.canvas.drawing.linesInProgress.count == 1, "the finger is down")
        #expect(!written().contains("\"event\":\"down\""), "handled before it is written")
        // …the next one's idle stage writes it.
        try app.session.loop.runOnce(timeout: 0)
        #expect(written().contains("\"event\":\"down\""))
    }

    @Test func aReplayWritesNoFileAndTouchesNoDrawing() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], record: true)
        try app.stroke(from: Point(x: 60, y: 200), to: Point(x: 300, y: 200))
        let recording = try recorded(app)
        let before = app.directoryEntries()
        let saved = try app.savedLines()
        var reports: [String] = []
        let replay = Replay(recording, report: { reports.append($0) })
        replay.run()
        replay.scene.application.sendAction(SceneController.exportPNG, to: nil, from: nil)
        #expect(app.directoryEntries() == before)
        #expect(try app.savedLines() == saved)
        #expect(reports == ["not exported: a replay writes no file but the one --export names"])
    }
}

/// A compositor without seats (headless weston) still gets its recording
/// onto the disk early, not only when the session ends.
@Suite struct RecordingWithoutSeatsTests {
    @Test func theHeaderIsWrittenOnceASecondPassedWithoutASeat() throws {
        let app = try AppHarness(seatNames: [], record: true)
        func written() -> String { String(decoding: AppHarness.read(app.recordingPath) ?? [], as: UTF8.self) }
        try app.session.loop.runOnce(timeout: 0)
        #expect(written().isEmpty, "waiting for a seat to name")
        app.advance(by: 1.1)
        try app.session.loop.runOnce(timeout: 0)
        #expect(written().hasPrefix("{\"touchtrackerRecording\":1,\"app\":\"\(Version.string)\",\"seats\":[],"))
        #expect(written().contains("\"window\":{\"width\":400,\"height\":340,"))
    }
}
