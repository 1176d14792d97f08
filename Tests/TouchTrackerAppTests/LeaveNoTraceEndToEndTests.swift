import Document
@testable import Canvas
import Document
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// Issue 24, "leave no trace": a session touches nothing that did not
/// change, and every clean way out leaves only the drawing file beside
/// itself (no journal, no lock), on the real file system.
@Suite struct LeaveNoTraceEndToEndTests {
    /// Size and modification time of a file, to the nanosecond.
    struct Stamp: Equatable {
        let size: Int
        let seconds: Int
        let nanoseconds: Int

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            size = Int(info.st_size)
            seconds = info.st_mtim.tv_sec
            nanoseconds = info.st_mtim.tv_nsec
        }
    }

    /// Sets the file's times to a day ago, so that any write shows.
    private static func age(_ path: String) {
        var times = [timespec(tv_sec: time(nil) - 86_400, tv_nsec: 123_456_789),
                     timespec(tv_sec: time(nil) - 86_400, tv_nsec: 123_456_789)]
        precondition(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    /// What the drawing's folder holds besides other tests' files.
    private static func drawingFiles(_ app: AppHarness) -> [String] {
        app.directoryEntries().filter { $0.hasPrefix("drawing.json") }
    }

    /// A tap on empty paper, a key and the inspector shown and hidden:
    /// things a person does that change no line.
    private static func lookAround(_ app: AppHarness) throws {
        try app.tap(380, 280)
        try app.focusKeyboard()
        try app.press(EvdevKey.f12)
        try app.press(EvdevKey.f12)
    }

    private static func quitWithControlQ(_ app: AppHarness) throws {
        try app.focusKeyboard()
        app.seat.modifiers(depressed: ModifierMask.control)
        app.seat.key(EvdevKey.q, pressed: true, time: app.time)
        app.compositor.dispatch()
        #expect(app.runGuarded().endedByItself)
    }

    // MARK: Touch nothing that did not change

    @Test func aVersionOneFileIsLeftByteAndTimeIdenticalBySessionWithoutChange() throws {
        let bytes = Array(#"{"format":"touchtracker","version":1,"lines":[[50,100,300,100],[50,200,300,250]]}"#.utf8)
        let app = try AppHarness(fileContents: bytes, settings: "palm-rejection = on\n")
        Self.age(app.documentPath)
        Self.age(app.settingsPath)
        let drawing = try #require(Stamp(app.documentPath)), settings = try #require(Stamp(app.settingsPath))
        try Self.lookAround(app)
        try Self.quitWithControlQ(app)
        #expect(AppHarness.read(app.documentPath) == bytes, "a version 1 file stays version 1, byte for byte")
        #expect(Stamp(app.documentPath) == drawing, "not even rewritten with the same bytes")
        #expect(Stamp(app.settingsPath) == settings, "settings unchanged, not written")
        #expect(Self.drawingFiles(app) == ["drawing.json"])
    }

    @Test func aVersionTwoFileIsLeftByteAndTimeIdenticalBySessionWithoutChange() throws {
        let temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        let path = temporary.path + "/drawing.json"
        let freehand = Line(freehand: [FreehandPoint(x: 60, y: 60, pressure: 0.5),
                                       FreehandPoint(x: 200, y: 80, pressure: 1)])
        try Document.saveSnapshot(of: Drawing(lines: [line(50, 200, 300, 250), freehand]), to: path)
        unlink(DrawingJournal.path(for: path))
        unlink(DrawingLock.lockPath(for: path))
        Self.age(path)
        let bytes = try #require(AppHarness.read(path)), stamp = try #require(Stamp(path))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""version":2"#))
        let app = try AppHarness(documentPath: path, sharing: temporary)
        #expect(app.canvas.drawing.count == 2)
        try Self.lookAround(app)
        try Self.quitWithControlQ(app)
        #expect(AppHarness.read(path) == bytes)
        #expect(Stamp(path) == stamp)
        #expect(Self.drawingFiles(app) == ["drawing.json"], "no journal was started, the lock is gone")
        #expect(access(app.settingsPath, F_OK) != 0, "no settings file is made for defaults")
    }

    @Test func aChangeUndoneIsStillSavedAsTheDrawingNowIs() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100)])
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        try app.focusKeyboard()
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        try Self.quitWithControlQ(app)
        #expect(try app.savedLines() == [line(50, 100, 300, 100)])
        #expect(Self.drawingFiles(app) == ["drawing.json"])
    }

    // MARK: A clean exit leaves only the drawing

    /// A session on a journaled drawing with a change appended to its
    /// journal (and so a journal and a lock beside it).
    private func changed() throws -> AppHarness {
        let temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        let path = temporary.path + "/drawing.json"
        try Document.saveSnapshot(of: Drawing(lines: [line(50, 100, 300, 100)]), to: path)
        let app = try AppHarness(documentPath: path, sharing: temporary)
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        #expect(Self.drawingFiles(app) == ["drawing.json", "drawing.json.journal", "drawing.json.lock"])
        return app
    }

    private func expectOnlyTheDrawing(_ app: AppHarness) throws {
        #expect(Self.drawingFiles(app) == ["drawing.json"])
        #expect(try app.savedLines() == [line(50, 100, 300, 100), line(50, 200, 300, 200)])
        #expect(app.session.firstWindow.ending == .saved)
    }

    @Test func controlQLeavesOnlyTheDrawing() throws {
        let app = try changed()
        try Self.quitWithControlQ(app)
        try expectOnlyTheDrawing(app)
    }

    @Test func theCloseButtonLeavesOnlyTheDrawing() throws {
        let app = try changed()
        app.toplevel.close()
        app.compositor.dispatch()
        #expect(app.runGuarded().endedByItself)
        try expectOnlyTheDrawing(app)
    }

    @Test func sigtermLeavesOnlyTheDrawing() throws {
        try endBySignal(SIGTERM)
    }

    @Test func sigintLeavesOnlyTheDrawing() throws {
        try endBySignal(SIGINT)
    }

    @Test func sighupLeavesOnlyTheDrawing() throws {
        try endBySignal(SIGHUP)
    }

    private func endBySignal(_ signal: Int32) throws {
        let app = try changed()
        // To this thread once `run()` has blocked the signal for its signalfd.
        let thread = pthread_self()
        let (endedByItself, error) = app.runGuarded { iteration in
            if iteration == 1 { pthread_kill(thread, signal) }
        }
        #expect(endedByItself)
        #expect(error == nil)
        try expectOnlyTheDrawing(app)
    }

    @Test func theCompositorGoingAwayLeavesOnlyTheDrawing() throws {
        let app = try changed()
        app.compositor.disconnectClient()
        let (endedByItself, error) = app.runGuarded()
        #expect(endedByItself)
        #expect(error != nil, "a lost connection")
        try expectOnlyTheDrawing(app)
    }
}
