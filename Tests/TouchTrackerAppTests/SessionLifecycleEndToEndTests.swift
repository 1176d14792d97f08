import Canvas
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

/// How a session starts (with a good, corrupt or missing drawing), how it
/// ends (Ctrl+Q, close, protocol error, compositor gone) and what it logs,
/// through real libwayland and the real event loop.
@Suite struct SessionLifecycleEndToEndTests {
    /// Draws one line, then deletes the file so that only a save made while
    /// the session ends can bring it back.
    private func drawnAndUnsaved() throws -> AppHarness {
        let app = try AppHarness()
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        #expect(try app.savedLines() == [line(50, 100, 300, 100)])
        unlink(app.documentPath)
        return app
    }

    @Test func controlQEndsTheSessionWithTheDrawingSaved() throws {
        let app = try drawnAndUnsaved()
        try app.focusKeyboard()
        app.seat.modifiers(depressed: ModifierMask.control)
        app.seat.key(EvdevKey.q, pressed: true, time: app.time)
        app.compositor.dispatch()
        let (endedByItself, error) = app.runGuarded()
        #expect(endedByItself, "Ctrl+Q stops the loop")
        #expect(error == nil)
        #expect(try app.savedLines() == [line(50, 100, 300, 100)])
    }

    @Test func aDrawingComesBackInTheNextSession() throws {
        let saved: [UInt8]
        do {
            let first = try AppHarness()
            try first.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
            try first.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 250))
            try first.focusKeyboard()
            first.seat.modifiers(depressed: ModifierMask.control)
            first.seat.key(EvdevKey.q, pressed: true, time: first.time)
            first.compositor.dispatch()
            #expect(first.runGuarded().endedByItself)
            saved = try #require(AppHarness.read(first.documentPath))
        }
        let second = try AppHarness(fileContents: saved)
        #expect(second.reports.isEmpty)
        #expect(second.pixel(150, 100) == Colour.black)
        #expect(second.pixel(175, 225) == Colour.black)
        #expect(second.pixel(150, 150) == Colour.white)
        #expect(second.canvas.drawing.lines == [line(50, 100, 300, 100), line(50, 200, 300, 250)])
    }

    @Test func aPlainQDoesNotQuit() throws {
        let app = try AppHarness()
        try app.focusKeyboard()
        app.seat.key(EvdevKey.q, pressed: true, time: app.time)
        app.seat.key(EvdevKey.q, pressed: false, time: app.time)
        app.compositor.dispatch()
        let (endedByItself, _) = app.runGuarded(iterations: 5, patience: 0.2)
        #expect(!endedByItself)
    }

    @Test func theCloseRequestEndsTheSessionWithTheDrawingSaved() throws {
        let app = try drawnAndUnsaved()
        app.toplevel.close()
        app.compositor.dispatch()
        let (endedByItself, error) = app.runGuarded()
        #expect(endedByItself)
        #expect(error == nil)
        #expect(try app.savedLines() == [line(50, 100, 300, 100)])
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aTerminationSignalEndsTheSessionWithTheDrawingSaved(signal: Int32) throws {
        let app = try drawnAndUnsaved()
        // Sent to this thread once `run()` has blocked it for its signalfd
        // (a signal to the process could reach another thread and kill it).
        let thread = pthread_self()
        let (endedByItself, error) = app.runGuarded { iteration in
            if iteration == 1 { pthread_kill(thread, signal) }
        }
        #expect(endedByItself)
        #expect(error == nil)
        #expect(try app.savedLines() == [line(50, 100, 300, 100)])
    }

    /// A signal while a finger is still drawing keeps its stroke, as
    /// lifting the finger would, and saves it.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalDuringAStrokeFinishesItAsALineAndSavesIt(signal: Int32) throws {
        let app = try AppHarness()
        try app.down(1, 50, 100)
        for step in 1...5 { try app.move(1, 50 + Double(step) * 50, 100) }
        #expect(app.session.firstWindow.scene.canvas.drawing.linesInProgress.count == 1)
        let thread = pthread_self()
        let (endedByItself, error) = app.runGuarded { iteration in
            if iteration == 1 { pthread_kill(thread, signal) }
        }
        #expect(endedByItself)
        #expect(error == nil)
        #expect(app.session.firstWindow.scene.canvas.drawing.linesInProgress.isEmpty)
        #expect(try app.savedLines() == [line(50, 100, 300, 100)])
        #expect(app.session.firstWindow.ending == .saved)
    }

    @Test func aProtocolErrorEndsRunWithAnErrorAndTheDrawingSaved() throws {
        let app = try drawnAndUnsaved()
        app.compositor.postError(on: app.surface.resource, code: 2, message: "scripted failure")
        app.compositor.dispatch()
        let (endedByItself, error) = app.runGuarded()
        #expect(endedByItself)
        guard case .protocolError(let interface, _, let code)? = error as? WaylandError else {
            Issue.record("expected a protocol error, got \(String(describing: error))")
            return
        }
        #expect(interface == "wl_surface")
        #expect(code == 2)
        #expect(try app.savedLines() == [line(50, 100, 300, 100)])
    }

    @Test func theCompositorGoingAwayEndsRunWithAnErrorAndTheDrawingSaved() throws {
        let app = try drawnAndUnsaved()
        app.compositor.disconnectClient()
        let (endedByItself, error) = app.runGuarded()
        #expect(endedByItself)
        guard case .connectionLost? = error as? WaylandError else {
            Issue.record("expected a lost connection, got \(String(describing: error))")
            return
        }
        #expect(try app.savedLines() == [line(50, 100, 300, 100)])
    }

    @Test func aCorruptDrawingIsSetAsideUntouchedAndTheAppStartsEmpty() throws {
        let corrupt = Array(#"{"format":"touchtracker-drawing","version":1,"lines":[{"begin":[1,2],"end":"#.utf8)
        let app = try AppHarness(fileContents: corrupt)
        #expect(app.canvas.drawing.count == 0)
        #expect(app.showsEmptyCanvas)

        let entries = app.directoryEntries()
        let aside = try #require(entries.first { $0.hasPrefix("drawing.json.corrupt-") }, "\(entries)")
        #expect(AppHarness.read(app.directory + "/" + aside) == corrupt, "kept byte for byte")
        #expect(!app.fileExists, "nothing written over it")
        #expect(app.reports.count == 1)
        let message = try #require(app.reports.first)
        #expect(message.contains(app.documentPath))
        #expect(message.contains(aside))
        #expect(message.contains("not a readable drawing"))

        // Drawing now creates a new file and leaves the set-aside one alone.
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        #expect(try app.savedLines() == [line(50, 100, 300, 100)])
        #expect(AppHarness.read(app.directory + "/" + aside) == corrupt)
    }

    @Test func aMissingDrawingIsAnEmptyCanvasWithoutAMessage() throws {
        let app = try AppHarness()
        #expect(app.canvas.drawing.count == 0)
        #expect(app.showsEmptyCanvas)
        #expect(app.reports.isEmpty)
        #expect(app.directoryEntries() == ["drawing.json.lock"], "nothing set aside, no drawing written yet")
    }

    @Test func aSavedDrawingIsShownAtStart() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100), line(50, 200, 300, 250)])
        #expect(app.pixel(150, 100) == Colour.black)
        #expect(app.pixel(175, 225) == Colour.black)
        #expect(app.pixel(150, 150) == Colour.white)
        #expect(app.reports.isEmpty)
    }

    @Test func logInputReceivesOneJSONLinePerBatch() throws {
        let app = try AppHarness(logInput: true)
        #expect(app.logLines.contains(
            #"{"seat":"seat0","device":"seat","event":"capabilities","pointer":true,"keyboard":true,"touch":true}"#))
        app.clearLog()
        try app.down(3, 40, 50.5)
        try app.move(3, 120, 50.5)
        try app.up(3)
        // Each step lets 10 ms pass after sending.
        let t = app.time - 30
        // Presentation lines come between (PresentationEndToEndTests).
        #expect(app.logLines.filter { !$0.hasPrefix(#"{"presentation""#) } == [
            #"{"seat":"seat0","device":"touch","frame":[{"event":"down","id":3,"x":40,"y":90.5,"time":\#(t)}]}"#,
            #"{"seat":"seat0","device":"touch","frame":[{"event":"motion","id":3,"x":120,"y":90.5,"time":\#(t + 10)}]}"#,
            #"{"seat":"seat0","device":"touch","frame":[{"event":"up","id":3,"x":120,"y":90.5,"time":\#(t + 20)}]}"#,
        ])
    }

    @Test func withoutLogInputNothingIsLogged() throws {
        let app = try AppHarness(logInput: false)
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        #expect(app.logLines.isEmpty)
    }
}
