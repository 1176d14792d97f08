@testable import Canvas
import Document
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// Lines are never lost without a word, through the whole stack: a journal
/// the app cannot apply is kept beside the drawing and told, a drawing whose
/// journal token a header cannot hold still journals its strokes, and a
/// drawing another program changed while it was open is kept beside the
/// session's own.
@Suite struct KeptVersionsEndToEndTests {
    @Test(arguments: ["", "a b", "a\\nb"])
    func aStrokeOnADrawingWithATokenAHeaderCannotHoldSurvivesACrash(token: String) throws {
        let temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        let path = temporary.path + "/drawing.json"
        let file = #"{"format":"touchtracker","version":1,"journal":"\#(token)","lines":[[50,100,300,100]]}"#
        do {
            let app = try AppHarness(fileContents: Array(file.utf8), documentPath: path)
            try app.stroke(from: Point(x: 50, y: 150), to: Point(x: 300, y: 150))
            try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
            // The session ends without quitting, as in a crash.
        }
        let next = try AppHarness(documentPath: path)
        #expect(next.canvas.drawing.lines == [line(50, 100, 300, 100), line(50, 150, 300, 150), line(50, 200, 300, 200)])
        #expect(next.reports.isEmpty, "\(next.reports)")
    }

    @Test func aJournalLeftByACrashUnderADrawingReplacedSinceIsKeptAndTold() throws {
        let temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        let path = temporary.path + "/drawing.json"
        let journalPath = DrawingJournal.path(for: path)
        do {
            let app = try AppHarness(lines: [line(50, 100, 300, 100)], documentPath: path)
            try app.stroke(from: Point(x: 50, y: 150), to: Point(x: 300, y: 150))
            try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
            // A crash; then a backup of the drawing is put back in its place.
        }
        try Document.save([line(60, 60, 200, 60)], to: path)
        let journal = try #require(AppHarness.read(journalPath))
        let next = try AppHarness(documentPath: path)
        #expect(next.canvas.drawing.lines == [line(60, 60, 200, 60)])
        #expect(next.reports.contains { $0.contains("\(journalPath): not applied") && $0.contains(".journal.corrupt-") },
                "\(next.reports)")
        #expect(next.session.firstWindow.banner.text?.contains("kept beside the drawing as drawing.json.journal.corrupt-") == true,
                "\(String(describing: next.session.firstWindow.banner.text))")
        try next.quitByKeyboard()
        let kept = temporary.entries().filter { $0.hasPrefix("drawing.json.journal.corrupt-") }
        #expect(kept.count == 1, "\(temporary.entries())")
        #expect(kept.first.flatMap { AppHarness.read(temporary.path + "/" + $0) } == journal, "kept as it was")
        #expect(try Document.load(from: path) == [line(60, 60, 200, 60)])
    }

    /// How another program changes the drawing while it is open.
    enum OutsideChange: String, CaseIterable, Sendable {
        /// A new file renamed over it, as editors and sync tools save.
        case replaced
        /// The same file truncated and written again.
        case editedInPlace
    }

    @Test(arguments: OutsideChange.allCases)
    func aDrawingChangedByAnotherProgramIsKeptBesideTheSessionsOwn(change: OutsideChange) throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100)])
        try app.stroke(from: Point(x: 50, y: 150), to: Point(x: 300, y: 150))
        let outsideLines = [line(10, 10, 20, 20), line(30, 30, 40, 40), line(50, 50, 60, 60)]
        let scratch = app.directory + "/scratch.json"
        try Document.save(outsideLines, to: scratch)
        let outside = try #require(AppHarness.read(scratch))
        switch change {
        case .replaced: #expect(rename(scratch, app.documentPath) == 0)
        case .editedInPlace:
            try AppHarness.write(outside, to: app.documentPath)
            unlink(scratch)
        }
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        let kept = app.directoryEntries().filter { $0.hasPrefix("drawing.outside-") && $0.hasSuffix(".json") }
        #expect(kept.count == 1, "\(change): \(app.directoryEntries())")
        #expect(kept.first.flatMap { AppHarness.read(app.directory + "/" + $0) } == outside, "\(change): kept as it was")
        #expect(try app.savedLines() == [line(50, 100, 300, 100), line(50, 150, 300, 150), line(50, 200, 300, 200)])
        #expect(app.reports.contains { $0.contains("changed by another program") && $0.contains(kept.first ?? "?") },
                "\(change): \(app.reports)")
        #expect(app.session.firstWindow.banner.text?.contains("kept beside it as \(kept.first ?? "?")") == true,
                "\(change): \(String(describing: app.session.firstWindow.banner.text))")
        // The session's own saves are not taken for another program's.
        try app.stroke(from: Point(x: 50, y: 250), to: Point(x: 300, y: 250))
        try app.quitByKeyboard()
        #expect(app.directoryEntries().filter { $0.contains(".outside-") }.count == 1)
    }
}
