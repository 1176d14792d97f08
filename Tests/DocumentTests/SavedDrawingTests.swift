import Foundation
import Testing
@testable import Canvas
@testable import Document
import TouchCore

/// A drawing read from its file a line at a time (what `--export` reads)
/// is the drawing `Document.load` reads, refused the same way, and loaded
/// whole when its journal holds changes.
@Suite final class SavedDrawingTests {
    let directory = NSTemporaryDirectory() + "touchtracker-saved-\(UUID().uuidString)"
    var path: String { directory + "/drawing.json" }

    let mixed = [
        Line(begin: Point(x: 1.5, y: 2), end: Point(x: 300, y: -4.25)),
        Line(freehand: [FreehandPoint(x: 10.5, y: 20, pressure: 0.25), FreehandPoint(x: 30, y: -4.75, pressure: 1)]),
        Line(freehand: [FreehandPoint(x: 7, y: 8, pressure: 0.5)], offset: Vector(dx: -3, dy: 12.5)),
        Line(begin: Point(x: 1e6, y: -1e6), end: Point(x: 0.1, y: 1e-7)),
    ]

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func write(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func streamed(_ drawing: SavedDrawing) throws -> [Line] {
        var lines: [Line] = []
        #expect(try drawing.forEachLine { lines.append($0); return true })
        return lines
    }

    private func expectSameAsLoad(_ sourceLocation: SourceLocation = #_sourceLocation) throws {
        let loaded = try Document.load(from: path)
        let drawing = try SavedDrawing(path: path)
        #expect(try streamed(drawing) == loaded, sourceLocation: sourceLocation)
        #expect(drawing.lineCount == loaded.count, sourceLocation: sourceLocation)
        let bounds = loaded.reduce(nil) { (bounds: Rect?, line) in bounds?.union(line.inkBounds) ?? line.inkBounds }
        #expect(drawing.inkBounds == bounds, sourceLocation: sourceLocation)
    }

    @Test func theLinesReadOneAtATimeAreTheLinesLoaded() throws {
        try Document.save(mixed, to: path)
        let drawing = try SavedDrawing(path: path)
        #expect(drawing.isStreamed)
        try expectSameAsLoad()
        // Again, from the file: the export's second pass.
        #expect(try streamed(drawing) == mixed)
        var seen = 0
        #expect(try drawing.forEachLine { _ in seen += 1; return seen < 2 } == false)
        #expect(seen == 2)
    }

    @Test func oddButValidFilesReadAsTheyLoad() throws {
        // A byte-order mark, members in another order, unknown members.
        try write("\u{FEFF}" + #"{"lines":[[1,2,3,4]],"x":{"y":[1,"z"]},"version":1,"format":"touchtracker"}"#)
        try expectSameAsLoad()
        try write(#"{"format":"touchtracker","version":2,"lines":[]}"#)
        try expectSameAsLoad()
    }

    @Test func aMissingFileIsAnEmptyDrawing() throws {
        let drawing = try SavedDrawing(path: path)
        #expect(drawing.lineCount == 0 && drawing.inkBounds == nil)
        #expect(try streamed(drawing) == [])
    }

    @Test func everyRefusalIsTheRefusalOfLoad() throws {
        let points = (0...Drawing.strokePointLimit).map { _ in "1,2,0.5" }.joined(separator: ",")
        let bad = [
            "",
            "[]",
            "{",
            #"{"format":"touchtracker","version":1,"lines":[[1,2,3]]}"#,
            #"{"format":"touchtracker","version":1,"lines":[[1,2,3,4]] trailing"#,
            #"{"format":"paint","version":1,"lines":[]}"#,
            #"{"format":"touchtracker","version":4,"lines":[]}"#,
            #"{"format":"touchtracker","version":2,"lines":[{"line":[1,2,3,4]}]}"#,
            ##"{"format":"touchtracker","version":3,"lines":[{"line":[1,2,3,4],"color":"#ff0000"}]}"##,
            #"{"format":"touchtracker","version":1.5,"lines":[]}"#,
            #"{"format":"touchtracker","lines":[]}"#,
            #"{"format":"touchtracker","version":1}"#,
            #"{"version":1,"lines":[]}"#,
            #"{"format":"touchtracker","version":1,"lines":[{"points":[1,2,0.5]}]}"#,
            #"{"format":"touchtracker","version":2,"lines":[{"points":[]}]}"#,
            #"{"format":"touchtracker","version":2,"lines":[{"points":["# + points + "]}]}",
            // Refused at the end, after its lines were read.
            #"{"lines":[[1,2,3,4]],"version":1,"format":"paint"}"#,
            // Two lists: which one the writer meant cannot be known.
            #"{"format":"touchtracker","version":1,"lines":[[1,2,3,4],[5,6,7,8]],"lines":[[9,9,9,9]]}"#,
        ]
        for text in bad {
            try write(text)
            let loadError = #expect(throws: DocumentError.self) { try Document.load(from: path) }
            let streamError = #expect(throws: DocumentError.self) { try SavedDrawing(path: path) }
            #expect(loadError != nil && streamError == loadError, "\(text.prefix(80))")
        }
    }

    @Test func aLineOutOfRangeIsLeftOutAsLoadLeavesItOut() throws {
        let texts = [
            #"{"format":"touchtracker","version":1,"lines":[[0,0,0,0],[1,2,3,1e7],[5,5,6,6]]}"#,
            #"{"format":"touchtracker","version":1,"lines":[[0,0,0,0],[1,2,3,1e400],[5,5,6,6]]}"#,
            #"{"format":"touchtracker","version":2,"lines":[[0,0,0,0],{"points":[1,2,1.5]},[5,5,6,6]]}"#,
            #"{"format":"touchtracker","version":2,"lines":[[0,0,0,0],{"points":[1,2,0.5],"offset":[2e6,0]},[5,5,6,6]]}"#,
        ]
        for text in texts {
            try write(text)
            let loaded = try Document.load(from: path)
            #expect(loaded.count == 2, "\(text)")
            var streamed: [Line] = []
            _ = try SavedDrawing(path: path).forEachLine { streamed.append($0); return true }
            #expect(streamed == loaded, "\(text)")
        }
    }

    @Test func tooManyLinesAreRefusedAsLoadRefusesThem() throws {
        var text = #"{"format":"touchtracker","version":1,"lines":["#
        text += String(repeating: "[0,0,1,1],", count: Document.lineLimit) + "[0,0,1,1]]}"
        try write(text)
        #expect(throws: DocumentError.tooManyLines(path: path, limit: Document.lineLimit)) { try SavedDrawing(path: path) }
    }

    @Test func notAFileIsRefusedAsLoadRefusesIt() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let loadError = #expect(throws: DocumentError.self) { try Document.load(from: path) }
        #expect(throws: loadError!) { try SavedDrawing(path: path) }
    }

    @Test func aJournalWithChangesIsLoadedWholeAndAnEmptyOneStreams() throws {
        let drawing = Drawing(lines: mixed)
        try Document.saveSnapshot(of: drawing, to: path)
        #expect(try SavedDrawing(path: path).isStreamed)
        try expectSameAsLoad()

        let revision = drawing.revision
        drawing.remove(drawing.store.ids[0])
        drawing.move(drawing.store.ids[0], by: Vector(dx: 5, dy: -7))
        drawing.add(Line(begin: Point(x: -50, y: -60), end: Point(x: 0, y: 0)))
        try Document.appendToJournal(try #require(drawing.changes(since: revision)), at: path)

        let saved = try SavedDrawing(path: path)
        #expect(saved.isStreamed == false)
        #expect(try streamed(saved) == drawing.lines)
        try expectSameAsLoad()
    }
}
