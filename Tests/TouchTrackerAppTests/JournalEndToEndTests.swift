@testable import Canvas
import Document
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// Saving by journal through the whole stack: a stroke appends to the
/// journal without rewriting the drawing, and a crash in the middle of an
/// append loses at most the change being written.
@Suite struct JournalEndToEndTests {
    private func inode(_ path: String) -> ino_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_ino : 0
    }

    @Test func aStrokeIsAppendedToTheJournalWithoutRewritingTheDrawing() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100)])
        try app.stroke(from: Point(x: 50, y: 150), to: Point(x: 300, y: 150))
        // The first save of a file without a journal is a snapshot; the next ones append.
        let snapshot = inode(app.documentPath)
        let journal = DrawingJournal.path(for: app.documentPath)
        let before = AppHarness.read(journal)?.count ?? 0
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        #expect(inode(app.documentPath) == snapshot, "the drawing file was not replaced")
        #expect((AppHarness.read(journal)?.count ?? 0) > before)
        #expect(try app.savedLines() == [line(50, 100, 300, 100), line(50, 150, 300, 150), line(50, 200, 300, 200)])
    }

    @Test func quittingFoldsTheJournalIntoTheDrawing() throws {
        let app = try AppHarness()
        try app.stroke(from: Point(x: 50, y: 150), to: Point(x: 300, y: 150))
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        try app.focusKeyboard()
        app.seat.modifiers(depressed: ModifierMask.control)
        app.seat.key(EvdevKey.q, pressed: true, time: app.time)
        app.compositor.dispatch()
        let journal = String(decoding: AppHarness.read(DrawingJournal.path(for: app.documentPath)) ?? [], as: UTF8.self)
        #expect(journal.split(separator: "\n").count == 2, "the second stroke is in the journal: \(journal)")
        #expect(app.runGuarded().endedByItself)
        #expect(app.directoryEntries() == ["drawing.json"], "the journal is folded in and removed, the lock too")
        #expect(try app.savedLines() == [line(50, 150, 300, 150), line(50, 200, 300, 200)])
    }

    @Test func aCrashMidAppendLosesOnlyTheRecordBeingWritten() throws {
        let temporary = try TemporaryDirectory(prefix: "touchtracker-e2e")
        let directory = temporary.path
        let path = directory + "/drawing.json"
        let journal = DrawingJournal.path(for: path)
        do {
            let app = try AppHarness(documentPath: path)
            for y in [100.0, 150, 200] {
                try app.stroke(from: Point(x: 50, y: y), to: Point(x: 300, y: y))
            }
            // The session ends without quitting, as in a crash.
        }
        let bytes = try #require(AppHarness.read(journal))
        // The crash cut the last record short.
        try AppHarness.write(Array(bytes.dropLast(7)), to: journal)
        let next = try AppHarness(documentPath: path)
        #expect(next.reports.isEmpty, "\(next.reports)")
        #expect(next.canvas.drawing.lines == [line(50, 100, 300, 100), line(50, 150, 300, 150)])
        #expect(!TemporaryDirectory.entries(of: directory).contains { $0.contains("corrupt") }, "nothing set aside")
        try next.stroke(from: Point(x: 50, y: 250), to: Point(x: 300, y: 250))
        #expect(try next.savedLines() == [line(50, 100, 300, 100), line(50, 150, 300, 150), line(50, 250, 300, 250)])
    }
}
