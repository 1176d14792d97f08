import Foundation
import SampleDrawings
import Testing
@testable import Canvas
@testable import Document
import TestSupport
import TouchCore

/// Files holding freehand lines: version 2, written only when needed;
/// version 1 files still open; hostile version 2 files are refused with a
/// clear error and set aside, never crash the app or lose the drawing.
@Suite final class FreehandDocumentTests {
    let directory = NSTemporaryDirectory() + "touchtracker-freehand-\(UUID().uuidString)"
    var path: String { directory + "/drawing.json" }

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func write(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func json() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
    }

    private func loadError() -> DocumentError? {
        do {
            _ = try Document.load(from: path)
            return nil
        } catch {
            return error
        }
    }

    private let stroke = Line(freehand: [FreehandPoint(x: 10.5, y: 20, pressure: 0.25),
                                         FreehandPoint(x: 30, y: -4.75, pressure: 1),
                                         FreehandPoint(x: 1e6, y: 0.1, pressure: 0)])

    @Test func versionTwoHoldsBothKindsInDrawingOrderAndReadsBackExactly() throws {
        let moved = stroke.translated(by: Vector(dx: -0.1, dy: 0.2))
        let dot = Line(freehand: [FreehandPoint(x: 7, y: 8, pressure: 0.5)])
        let lines = [line(1, 2, 3, 4), stroke, moved, dot, line(-5, 6, 7, 8)]
        try Document.save(lines, to: path)
        let loaded = try Document.load(from: path)
        #expect(loaded == lines)
        #expect(loaded[2].freehandPoints?.offset == moved.freehandPoints?.offset, "the move itself, not its result")
        #expect(loaded[2].freehandPoints?.unmoved == stroke.freehandPoints?.unmoved)
        let file = try json()
        #expect(file["version"] as? Int == 2)
        let list = try #require(file["lines"] as? [Any])
        #expect(list[0] as? [Double] == [1, 2, 3, 4])
        let first = try #require(list[1] as? [String: Any])
        #expect(first["points"] as? [Double] == [10.5, 20, 0.25, 30, -4.75, 1, 1e6, 0.1, 0])
        #expect(first["offset"] == nil, "not moved: no offset")
        let second = try #require(list[2] as? [String: Any])
        #expect(second["offset"] as? [Double] == [-0.1, 0.2])
    }

    @Test func aDrawingWithoutFreehandLinesIsStillWrittenAsVersionOne() throws {
        try Document.save([line(1, 2, 3, 4)], to: path)
        #expect(try json()["version"] as? Int == 1, "older versions of the app read it")
        try Document.save([line(1, 2, 3, 4), stroke], to: path)
        #expect(try json()["version"] as? Int == 2)
    }

    @Test func versionOneFilesStillOpen() throws {
        try write(#"{"format":"touchtracker","version":1,"lines":[[0,0,10,10],[5,5,-1.5,2e2]]}"#)
        #expect(try Document.load(from: path) == [line(0, 0, 10, 10), line(5, 5, -1.5, 200)])
    }

    @Test func versionTwoFilesFromElsewhereOpen() throws {
        // Members in another order, an unknown member, spaces.
        try write("""
            { "lines": [ {"future": [1, {"a": 2}], "points": [1, 2, 0.5, 3, 4, 1]}, [0, 0, 1, 1] ],
              "version": 2, "format": "touchtracker" }
            """)
        #expect(try Document.load(from: path) == [
            Line(freehand: [FreehandPoint(x: 1, y: 2, pressure: 0.5), FreehandPoint(x: 3, y: 4, pressure: 1)]),
            line(0, 0, 1, 1),
        ])
    }

    @Test func aPolylineOfOnePointIsADot() throws {
        try write(#"{"format":"touchtracker","version":2,"lines":[{"points":[50,60,0.4]}]}"#)
        let lines = try Document.load(from: path)
        #expect(lines == [Line(freehand: [FreehandPoint(x: 50, y: 60, pressure: 0.4)])])
        let drawing = Drawing(lines: lines)
        #expect(drawing.nearestLine(to: Point(x: 53, y: 64), within: 20) == drawing.store.ids[0])
    }

    @Test(arguments: [
        (#"{"points":[1,2,NaN]}"#, "unexpected character"),
        (#"{"points":[]}"#, "line 0 has no points"),
        (#"{"points":[1,2]}"#, "not 3 for each point"),
        (#"{"points":[1,2,0.5,3]}"#, "not 3 for each point"),
        (#"{"offset":[1,2]}"#, "without \"points\""),
        (#"{"points":[1,2,"a"]}"#, "something other than numbers"),
        (#"{"points":[1,2,0.5],"offset":[1]}"#, "\"offset\" is not a list of 2 numbers"),
        (#"{"points":[1,2,0.5],"offset":[1,2,3]}"#, "\"offset\" is not a list of 2 numbers"),
        (#"{"points":{"x":1}}"#, "\"points\" is not a list"),
        (#"true"#, "neither a list of 4 numbers nor a freehand line"),
    ])
    func malformedFreehandLinesSayWhy(element: String, reason: String) throws {
        try write(#"{"format":"touchtracker","version":2,"lines":["# + element + "]}")
        guard case .malformed(_, let found)? = loadError() else {
            Issue.record("not refused as malformed: \(String(describing: loadError()))")
            return
        }
        #expect(found.contains(reason), "\(found)")
    }

    @Test(arguments: [(#"1e999"#, Double.infinity), ("-0.5", -0.5), ("1.0001", 1.0001), ("-1e999", -Double.infinity)])
    func aPressureThatIsNoPressureLeavesItsLineOut(text: String, value: Double) throws {
        try write(#"{"format":"touchtracker","version":2,"lines":[[0,0,1,1],{"points":[1,2,0.5,3,4,"# + text + "]},[2,2,3,3]]}")
        let snapshot = try decoded()
        #expect(snapshot.lines.count == 2)
        #expect(snapshot.dropped == [DroppedLine(index: 1, reason: .badPressure(path: path, line: 1, value: value))])
        #expect(snapshot.dropped.first?.reason.description.contains("line 1 has an invalid pressure") == true)
    }

    @Test func coordinatesOfFreehandLinesAreCheckedToo() throws {
        try write(#"{"format":"touchtracker","version":2,"lines":[{"points":[1,1e999,0.5]}]}"#)
        #expect(try decoded().dropped == [DroppedLine(index: 0, reason: .badCoordinate(path: path, line: 0, value: .infinity))])
        // Within the limit as drawn, beyond it where the offset took it.
        try write(#"{"format":"touchtracker","version":2,"lines":[{"points":[9e5,0,1],"offset":[2e5,0]}]}"#)
        #expect(try decoded().dropped == [DroppedLine(index: 0, reason: .badCoordinate(path: path, line: 0, value: 1.1e6))])
    }

    private func decoded() throws -> DrawingFileFormat.Snapshot {
        try DrawingFileFormat.decode(Array(Data(contentsOf: URL(fileURLWithPath: path))), path: path)
    }

    @Test func aLineOfMillionsOfPointsIsRefusedWithoutReadingThemAll() throws {
        let points = String(repeating: "1,2,0.5,", count: 2_000_000) + "1,2,0.5"
        try write(#"{"format":"touchtracker","version":2,"lines":[{"points":["# + points + "]}]}")
        #expect(loadError() == .tooManyPoints(path: path, line: 0, limit: Drawing.strokePointLimit))
        #expect(loadError()?.description == "\(path): line 0 has more than \(Drawing.strokePointLimit) points")
    }

    @Test func moreThanTheDrawingsPointLimitIsRefused() throws {
        // The limit lowered to 1,000: the same reading as at 4,000,000, in a moment.
        let stroke = "{\"points\":[" + String(repeating: "1,2,1,", count: 199) + "1,2,1]}"
        func decode(strokes: Int) throws(DocumentError) -> Int {
            let text = #"{"format":"touchtracker","version":2,"lines":["#
                + Array(repeating: stroke, count: strokes).joined(separator: ",") + "]}"
            return try DrawingFileFormat.decode(Array(text.utf8), path: path, pointLimit: 1_000).lines.count
        }
        #expect(try decode(strokes: 5) == 5, "exactly at the limit")
        #expect(throws: DocumentError.tooManyPoints(path: path, line: nil, limit: 1_000)) { try decode(strokes: 6) }
        #expect(DocumentError.tooManyPoints(path: path, line: nil, limit: Drawing.pointLimit).description
                    == "\(path): more than 4000000 points in freehand lines")
    }

    @Test func aVersionOneFileWithAFreehandLineIsRefused() throws {
        try write(#"{"format":"touchtracker","version":1,"lines":[[0,0,1,1],{"points":[1,2,0.5]}]}"#)
        guard case .malformed(_, let reason)? = loadError() else {
            Issue.record("accepted")
            return
        }
        #expect(reason.contains("line 1 is a freehand line, which a version 1 drawing cannot hold"))
        try write(#"{"format":"touchtracker","version":4,"lines":[]}"#)
        #expect(loadError() == .unsupportedVersion(path: path, version: 4))
        #expect(loadError()?.description.contains("reads versions 1, 2 and 3") == true)
    }

    @Test func aHostileLineIsLeftOutAndTheFileKeptByteForByte() throws {
        let hostile = #"{"format":"touchtracker","version":2,"lines":[{"points":[1,2,1e999]},[0,0,1,1]]}"#
        try write(hostile)
        let opened = try Document.open(at: path)
        #expect(opened.lines == [Line(begin: Point(x: 0, y: 0), end: Point(x: 1, y: 1))])
        #expect(opened.error == nil)
        #expect(opened.message?.contains("line 0 has an invalid pressure inf (allowed: 0 to 1): that line was left out") == true)
        let backups = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".backup-") }
        #expect(backups.count == 1)
        #expect(try String(contentsOfFile: directory + "/" + backups[0], encoding: .utf8) == hostile, "kept byte for byte")
    }

    @Test func theLargestDrawingTheAppCanSaveIsWithinTheByteLimit() throws {
        // The longest text Swift writes for a coordinate within the limit,
        // and the longest pressure the canvas keeps (thousandths).
        let longest = -1.2345678901234567e-05
        let pressure = FreehandPoint.pressure(from: 0.0011)
        let point = FreehandPoint(x: longest, y: longest, pressure: pressure)
        let one = Line(freehand: [point]).translated(by: Vector(dx: longest, dy: longest))
        let two = Line(freehand: [point, point]).translated(by: Vector(dx: longest, dy: longest))
        let perLine = DrawingFileFormat.encode([one, one]).count - DrawingFileFormat.encode([one]).count
        let perPoint = DrawingFileFormat.encode([two]).count - DrawingFileFormat.encode([one]).count
        let straight = Line(begin: Point(x: longest, y: longest), end: Point(x: longest, y: longest))
        let perStraightLine = DrawingFileFormat.encode([straight, straight]).count
            - DrawingFileFormat.encode([straight]).count
        let header = DrawingFileFormat.encode([], journalToken: Document.newJournalToken()).count
        // Every line freehand (one point each, the dearest per line), and
        // the rest of the points spread over them.
        let worst = header + max(perLine, perStraightLine) * Document.lineLimit
            + perPoint * (Drawing.pointLimit - Document.lineLimit)
        #expect(worst <= Document.byteLimit, "\(perLine) bytes a line, \(perPoint) a point")
    }
}

/// Freehand lines in the journal: added, moved (by their offset, so the
/// replay is exact even where the sums are not), removed, undone.
@Suite final class FreehandJournalTests: DrawingFolderFixture {
    init() throws {
        try super.init(name: "freehand-journal")
    }

    @Test func aSnapshotAndItsJournalReadBackExactlyWithFreehandLines() throws {
        let area = Rect(x: 0, y: 0, width: 800, height: 600)
        let drawing = Drawing(lines: SampleStrokes.random(count: 20, points: 30, in: area)
                                  + SampleLines.random(count: 20, in: area))
        // Moves whose sums round: 0.1 + 0.2 is not 0.3.
        drawing.move(drawing.store.ids[0], by: Vector(dx: 0.1, dy: 0.7))
        try Document.saveSnapshot(of: drawing, to: path)
        var revision = drawing.revision
        drawing.move(drawing.store.ids[0], by: Vector(dx: 0.2, dy: 0.1))
        drawing.add(Line(freehand: [FreehandPoint(x: 1.1, y: 2.2, pressure: 0.333)]))
        revision = try append(drawing, since: revision)
        for (index, id) in drawing.store.ids.enumerated() where index % 3 == 0 {
            drawing.move(id, by: Vector(dx: 1.0 / 3, dy: -0.3))
        }
        drawing.remove(drawing.store.ids[1])
        drawing.undo()
        drawing.remove(drawing.store.ids[2])
        revision = try append(drawing, since: revision)
        #expect(try Document.load(from: path) == drawing.lines)
        let replayed = try Document.load(from: path)
        for (read, live) in zip(replayed, drawing.lines) where live.isFreehand {
            #expect(read.freehandPoints?.offset == live.freehandPoints?.offset)
        }
        // A torn freehand record, as after a crash mid-append, is ignored.
        let before = try Document.load(from: path)
        let journal = DrawingJournal.path(for: path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data("f 999 0 0 1 2 0.5 3 4".utf8))
        try handle.close()
        #expect(try Document.load(from: path) == before)
        _ = revision
    }

    @Test func freehandRecordsSayWhatTheyMean() {
        let stroke = Line(freehand: [FreehandPoint(x: 1, y: 2, pressure: 0.5), FreehandPoint(x: 3, y: 4)])
        let added = String(decoding: DrawingJournal.encode(.added(7, stroke)), as: UTF8.self)
        #expect(added.hasPrefix("f 7 0.0 0.0 1.0 2.0 0.5 3.0 4.0 1.0 #"))
        let records = DrawingJournal.Record.records(for: .moved(LineID(7), from: stroke,
                                                                to: stroke.translated(by: Vector(dx: 5, dy: 6))))
        #expect(records == [.offset(7, Vector(dx: 5, dy: 6))])
        let moved = records[0]
        #expect(String(decoding: DrawingJournal.encode(moved), as: UTF8.self).hasPrefix("o 7 5.0 6.0 #"))
    }

    @Test(arguments: ["f 3 0 0 5 5 nan", "f 3 0 0 5 5 2", "f 3 0 0 5 5", "f 3 0 0 5 5 0.5 6", "f 3 0 0 1e999 5 1",
                      "f 3 2e6 0 5 5 1", "o 1 1e7 0", "o 0 3 3", "o 9 3 3", "o 1 3"])
    func hostileRecordsAreSkippedAndTheRecordsAfterThemApplied(hostile: String) throws {
        let drawing = Drawing(lines: [TestSupport.line(0, 0, 10, 10)])
        try Document.saveSnapshot(of: drawing, to: path)
        let journal = DrawingJournal.path(for: path)
        var text = try String(contentsOfFile: journal, encoding: .utf8)
        func record(_ body: String) -> String {
            body + " #" + String(DrawingJournal.checksum(Array(body.utf8)[...]), radix: 16).leftPadded(to: 8) + "\n"
        }
        text += record("f 1 0 0 5 5 0.5 6 6 1")
        text += record(hostile)
        text += record("f 2 0 0 7 7 0.5")
        try text.write(toFile: journal, atomically: false, encoding: .utf8)
        #expect(try Document.load(from: path) == [
            TestSupport.line(0, 0, 10, 10),
            Line(freehand: [FreehandPoint(x: 5, y: 5, pressure: 0.5), FreehandPoint(x: 6, y: 6)]),
            Line(freehand: [FreehandPoint(x: 7, y: 7, pressure: 0.5)]),
        ], "\(hostile) is skipped, what follows it is applied")
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
