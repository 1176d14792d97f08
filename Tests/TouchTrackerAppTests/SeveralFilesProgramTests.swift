@testable import Canvas
import Document
import Platform
import Testing
import TestCompositor
import TestSupport
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// Issue 37 with the built `touchtracker`: `touchtracker FILE FILE…` (as a
/// file manager runs it) opens each drawing in a window of its own in one
/// process; one it cannot open is said on stderr and the others still
/// open; a signal saves every window's drawing.
@Suite struct SeveralFilesProgramTests {
    @Test func eachFileOpensInAWindowAndASignalSavesEveryOne() throws {
        let temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        let a = temporary.path + "/a.touchtracker", b = temporary.path + "/b.touchtracker"
        try Document.save([], to: a)
        try Document.save([], to: b)
        let notADrawing = temporary.path + "/notes.txt"
        try AppHarness.write(Array("shopping list".utf8), to: notADrawing)
        let child = try ChildApp(arguments: [a, temporary.path, notADrawing, b, a], directory: temporary.path)
        defer { child.kill() }
        try child.pump("two windows") { child.compositor.toplevels.count == 2 }
        let titles = child.compositor.toplevels.map(\.title)
        #expect(titles == ["a", "b"], "one window a file, the same file once")
        let second = child.compositor.toplevels[1]
        for toplevel in child.compositor.toplevels {
            toplevel.configure(width: 400, height: 300 + Int32(AppHarness.canvasTop))
        }
        try child.pump("both windows' first frames and touch") {
            child.compositor.toplevels.allSatisfy { $0.surface.lastCommit?.attachedBuffer == true }
                && child.seat.liveTouches == 1
        }
        // A stroke in each window.
        try child.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        let surface = second.surface.resource
        child.seat.touchDown(on: surface, id: 2, x: 50, y: 100, time: 2000)
        child.seat.touchFrame()
        for step in 1...5 {
            child.seat.touchMotion(id: 2, x: 50 + 50 * Double(step), y: 100, time: 2000 + UInt32(step) * 10)
            child.seat.touchFrame()
        }
        child.seat.touchUp(id: 2, time: 2100)
        child.seat.touchFrame()
        try child.pump("both strokes saved") {
            FileSystem.exists(DrawingJournal.path(for: a)) && FileSystem.exists(DrawingJournal.path(for: b))
        }
        child.send(SIGTERM)
        let status = try child.exitStatus()
        #expect(status == 0, "\(child.standardError)")
        #expect(try Document.load(from: a) == [line(50, 200, 300, 200)])
        #expect(try Document.load(from: b) == [line(50, 100, 300, 100)])
        let stderr = child.standardError
        #expect(stderr.contains(temporary.path) && stderr.contains("notes.txt"), "\(stderr)")
        #expect(!FileSystem.exists(DrawingLock.lockPath(for: a)) && !FileSystem.exists(DrawingLock.lockPath(for: b)))
    }
}
