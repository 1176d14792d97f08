@testable import Canvas
@testable import Document
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// A lock file deleted while the app runs never lets a second writer
/// destroy lines: before each save the session checks the lock path still
/// names its lock; when another instance took the drawing meanwhile it
/// stops saving, says so, and keeps its lines in an emergency copy.
@Suite struct LockTakeoverEndToEndTests {
    private func emergencyCopies(_ app: AppHarness) -> [String] {
        TemporaryDirectory.entries(of: app.directory + "/state/touchtracker").map { app.directory + "/state/touchtracker/" + $0 }
    }

    /// The issue's steps: start A, remove the lock, start B, draw in B and
    /// quit, then draw in A and quit. B's line must survive.
    @Test func aSecondWriterLetInByARemovedLockKeepsItsLines() throws {
        let a = try AppHarness(lines: [line(50, 100, 300, 100)])
        try a.stroke(from: Point(x: 50, y: 150), to: Point(x: 300, y: 150))
        #expect(unlink(DrawingLock.lockPath(for: a.documentPath)) == 0)
        do {
            let b = try AppHarness(documentPath: a.documentPath, sharing: a.temporaryDirectory)
            try b.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
            try b.quitByKeyboard()
        }
        try a.stroke(from: Point(x: 50, y: 250), to: Point(x: 300, y: 250))
        let withB = [line(50, 100, 300, 100), line(50, 150, 300, 150), line(50, 200, 300, 200)]
        #expect(try Document.load(from: a.documentPath) == withB, "A wrote nothing over B's line")
        #expect(a.session.firstWindow.banner.text?.contains("another touchtracker opened this drawing") == true,
                "\(String(describing: a.session.firstWindow.banner.text))")
        #expect(a.reports.contains { $0.hasPrefix("stopped saving: \(a.documentPath): its lock file was removed") })
        let copies = emergencyCopies(a)
        #expect(copies.count == 1, "an emergency copy at once")
        #expect(try copies.first.map(Document.load(from:)) == [line(50, 100, 300, 100), line(50, 150, 300, 150),
                                                                line(50, 250, 300, 250)])
        try a.quitByKeyboard()
        guard case .emergencyCopy(let copy, .lockLost)? = a.session.firstWindow.ending else {
            Issue.record("ending: \(String(describing: a.session.firstWindow.ending))")
            return
        }
        #expect(try Document.load(from: copy).count == 3)
        #expect(try Document.load(from: a.documentPath) == withB, "still B's drawing after A quit")
    }

    @Test func aSecondWriterStillRunningIsNamedAndNeverOverwritten() throws {
        let a = try AppHarness(lines: [line(50, 100, 300, 100)])
        #expect(unlink(DrawingLock.lockPath(for: a.documentPath)) == 0)
        let b = try AppHarness(documentPath: a.documentPath, sharing: a.temporaryDirectory)
        try a.stroke(from: Point(x: 50, y: 250), to: Point(x: 300, y: 250))
        #expect(a.reports.contains { $0.contains("another touchtracker (process \(getpid())) opened it meanwhile") },
                "\(a.reports)")
        try b.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        #expect(try Document.load(from: a.documentPath) == [line(50, 100, 300, 100), line(50, 200, 300, 200)])
    }

    @Test func aRemovedLockWithNobodyElseIsTakenAgainAndSavingGoesOn() throws {
        let a = try AppHarness(lines: [line(50, 100, 300, 100)])
        let lock = DrawingLock.lockPath(for: a.documentPath)
        #expect(unlink(lock) == 0)
        try a.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        #expect(try a.savedLines() == [line(50, 100, 300, 100), line(50, 200, 300, 200)])
        #expect(access(lock, F_OK) == 0, "the lock file is back")
        #expect(a.session.firstWindow.banner.text == nil)
        // And it guards again: a second instance is refused.
        #expect(throws: DocumentError.locked(path: a.documentPath, holder: getpid())) {
            _ = try AppHarness(documentPath: a.documentPath, sharing: a.temporaryDirectory)
        }
    }
}
