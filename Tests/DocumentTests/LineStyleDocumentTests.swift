import Foundation
import Testing
@testable import Canvas
@testable import Document
import TestSupport
import TouchCore

/// Colours and widths in the drawing file (version 3, written only when a
/// line needs it) and in the journal (issue 22 §3).
@Suite final class LineStyleDocumentTests {
    let directory = NSTemporaryDirectory() + "touchtracker-style-\(UUID().uuidString)"
    var path: String { directory + "/drawing.json" }

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func json() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
    }

    private let redThick = StrokeStyle(color: .red, width: StrokeWidth(points: 20)!)
    private let stroke = Line(freehand: [FreehandPoint(x: 10, y: 20, pressure: 0.5), FreehandPoint(x: 30, y: 40)])

    @Test func versionThreeKeepsEachLinesColourAndWidth() throws {
        let blueThin = StrokeStyle(color: .blue, width: StrokeWidth(points: 4)!)
        let lines = [line(1, 2, 3, 4), line(5, 6, 7, 8).restyled(redThick),
                     stroke.translated(by: Vector(dx: 1, dy: 2)).restyled(blueThin),
                     line(0, 0, 9, 9).restyled(StrokeStyle(color: .purple)), stroke]
        try Document.save(lines, to: path)
        let loaded = try Document.load(from: path)
        #expect(loaded == lines)
        #expect(loaded.map(\.style) == [.standard, redThick, blueThin, StrokeStyle(color: .purple), .standard])
        let file = try json()
        #expect(file["version"] as? Int == 3)
        let list = try #require(file["lines"] as? [Any])
        #expect(list[0] as? [Double] == [1, 2, 3, 4], "a standard line is written as before")
        let red = try #require(list[1] as? [String: Any])
        #expect(red["line"] as? [Double] == [5, 6, 7, 8])
        #expect(red["color"] as? String == "#c01c28" && red["width"] as? Int == 20)
        let blue = try #require(list[2] as? [String: Any])
        #expect(blue["color"] as? String == "#3584e4" && blue["width"] as? Int == 4 && blue["offset"] != nil)
        let purple = try #require(list[3] as? [String: Any])
        #expect(purple["color"] as? String == "#9141ac" && purple["width"] == nil, "the standard width goes unsaid")
    }

    /// Version 3's `width` takes each of the eight widths, in the file and
    /// in the journal's `s` record, straight and freehand alike.
    @Test func everyWidthIsSavedAndReadBackInTheFileAndTheJournal() throws {
        #expect(StrokeWidth.allCases.map(\.points) == [1, 2, 4, 7, 10, 15, 20, 30])
        let lines = StrokeWidth.allCases.flatMap { width in
            [line(1, 2, 3, width.points).restyled(StrokeStyle(color: .green, width: width)),
             stroke.restyled(StrokeStyle(width: width))]
        }
        try Document.save(lines, to: path)
        #expect(try Document.load(from: path) == lines)
        let written = try #require(try json()["lines"] as? [[String: Any]])
        #expect(written.map { $0["width"] as? Int } == StrokeWidth.allCases.flatMap { width in
            Array(repeating: width == .standard ? nil : Int(width.points), count: 2)
        })

        let records = StrokeWidth.allCases.map { DrawingJournal.Record.restyled(0, StrokeStyle(color: .red, width: $0)) }
        let journal = DrawingJournal.header(token: "t", ids: [0]) + records.flatMap(DrawingJournal.encode)
        guard case .changes(let contents) = DrawingJournal.decode(journal, token: "t", lineCount: 1) else {
            Issue.record("the journal of this snapshot, with changes")
            return
        }
        #expect(contents.records.map(\.record) == records)
        #expect(contents.unreadable.isEmpty)
    }

    @Test func drawingsThatNeedNoColourAreStillVersionOneOrTwo() throws {
        try Document.save([line(1, 2, 3, 4)], to: path)
        #expect(try json()["version"] as? Int == 1)
        try Document.save([line(1, 2, 3, 4), stroke], to: path)
        #expect(try json()["version"] as? Int == 2)
        try Document.save([line(1, 2, 3, 4).restyled(StrokeStyle(width: StrokeWidth(points: 4)!))], to: path)
        #expect(try json()["version"] as? Int == 3, "a width alone needs version 3")
    }

    @Test func versionOneAndTwoFilesOpenUnchanged() throws {
        try Data(#"{"format":"touchtracker","version":1,"lines":[[1,2,3,4]]}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try Document.load(from: path) == [line(1, 2, 3, 4)])
        try Data(#"{"format":"touchtracker","version":2,"lines":[[1,2,3,4],{"points":[10,20,0.5,30,40,1]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let loaded = try Document.load(from: path)
        #expect(loaded == [line(1, 2, 3, 4), stroke])
        #expect(loaded.allSatisfy { $0.style == .standard }, "black and 10 pt, as they were drawn")
    }

    @Test(arguments: [
        (##"{"line":[1,2,3,4],"color":"#ff0000"}"##, "not one of"),
        (##"{"line":[1,2,3,4],"width":3}"##, "\"width\" is 3.0, not one of 1, 2, 4, 7, 10, 15, 20, 30"),
        (##"{"line":[1,2,3,4],"width":40}"##, "not one of 1, 2, 4, 7, 10, 15, 20, 30"),
        (##"{"line":[1,2,3,4],"color":3}"##, "is not a string"),
        (##"{"line":[1,2,3,4],"points":[1,2,1]}"##, "both"),
        (##"{"color":"#c01c28"}"##, "without \"points\" or \"line\""),
    ])
    func badColoursAndWidthsAreRefusedSayingWhy(element: String, reason: String) throws {
        try Data((#"{"format":"touchtracker","version":3,"lines":["# + element + "]}").utf8)
            .write(to: URL(fileURLWithPath: path))
        do {
            _ = try Document.load(from: path)
            Issue.record("accepted \(element)")
        } catch {
            #expect("\(error)".contains(reason), "\(error)")
        }
    }

    @Test func aVersionTwoFileWithAColourIsRefused() throws {
        try Data(##"{"format":"touchtracker","version":2,"lines":[{"line":[1,2,3,4],"color":"#c01c28"}]}"##.utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(throws: DocumentError.self) { try Document.load(from: path) }
    }

    @Test func theJournalRecordsColoursAndWidths() throws {
        let styled = line(1, 2, 3, 4).restyled(redThick)
        let added = DrawingJournal.Record.records(for: .added(LineID(3), styled))
        #expect(added == [.added(3, line(1, 2, 3, 4)), .restyled(3, redThick)])
        let restyled = DrawingJournal.Record.records(for: .moved(LineID(3), from: line(1, 2, 3, 4), to: styled))
        #expect(restyled == [.restyled(3, redThick)], "a restyle is no move")
        let text = String(decoding: DrawingJournal.encode(.restyled(3, redThick)), as: UTF8.self)
        #expect(text.hasPrefix("s 3 #c01c28 20 #"))

        let journal = DrawingJournal.header(token: "t", ids: [0]) + DrawingJournal.encode(.restyled(0, redThick))
            + Array("s 0 #123456 20 #00000000\n".utf8)
        guard case .changes(let contents) = DrawingJournal.decode(journal, token: "t", lineCount: 1) else {
            Issue.record("the journal of this snapshot, with changes")
            return
        }
        #expect(contents.records.map(\.record) == [.restyled(0, redThick)])
        #expect(contents.unreadable.map(\.number) == [3], "a colour not in the palette is no record")
        let replayed = DrawingJournal.replay(contents, onto: [line(1, 2, 3, 4)])
        #expect(replayed.lines == [styled])
    }

    @Test func restylingIsOneUndoStep() {
        let drawing = Drawing(lines: [line(1, 2, 3, 4)])
        let id = drawing.store.ids[0]
        #expect(drawing.restyle(id, to: redThick) != nil)
        #expect(drawing.restyle(id, to: redThick) == nil, "already so: no change")
        #expect(drawing[id]?.style == redThick)
        drawing.undo()
        #expect(drawing[id] == line(1, 2, 3, 4))
        drawing.redo()
        #expect(drawing[id]?.style == redThick)
    }
}
