import Foundation
import Testing
@testable import Canvas
@testable import Document
import TouchCore

/// A drawing that opens in part loses nothing: a line with a value out of
/// range is left out alone, a damaged journal record is skipped alone, the
/// originals are kept beside the drawing, the user is told, and what could
/// be read is saved so that the next start opens it cleanly.
@Suite final class DocumentRecoveryTests: DrawingFolderFixture {
    init() throws {
        try super.init(name: "recovery")
    }

    private func files(containing mark: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(mark) }.sorted()
    }

    private func contents(of name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
    }

    // MARK: A line out of range

    final class FakeTouch {}

    /// The canvas keeps its lines on the plane (`Drawing.clamped`), so
    /// every line it makes is one the file holds.
    @Test func everyLineTheCanvasMakesIsOneTheFileHolds() throws {
        let drawing = Drawing()
        let touch = ObjectIdentifier(FakeTouch())
        drawing.beginLine(for: touch, at: Point(x: 10, y: 10))
        drawing.extendLine(for: touch, to: Point(x: 2_000_000, y: 10))
        drawing.finishLine(for: touch)
        drawing.move(drawing.store.ids[0], by: Vector(dx: 0, dy: -1e12))
        let bytes = DrawingFileFormat.encode(drawing.lines)
        let read = try DrawingFileFormat.decode(bytes, path: "drawing.json")
        #expect(read.dropped.isEmpty)
        #expect(read.lines == drawing.lines)
    }


    @Test func oneFarLineIsLeftOutAndEveryOtherLineOpens() throws {
        let text = #"{"format":"touchtracker","version":1,"lines":[[0,0,10,5],[100,100,2000000,100],[5,5,15,10]]}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var opened: OpenedDocument! = try Document.open(at: path)
        #expect(opened.lines == [line(0, 0), line(5, 5)])
        #expect(opened.error == nil && opened.setAsidePath == nil, "the drawing is not set aside")
        let message = try #require(opened.message)
        #expect(message.contains("\(path): line 1 has an invalid coordinate 2000000.0"))
        #expect(message.contains("that line was left out"))
        let backups = try files(containing: ".backup-")
        #expect(backups.count == 1)
        #expect(try contents(of: backups[0]) == Data(text.utf8), "the file as it was, byte for byte")
        #expect(message.contains("kept as they were: \(directory)/\(backups[0])"))
        #expect(opened.recovery?.summary == "Part of this drawing could not be read: 1 line left out. "
                + "The originals are kept beside the drawing.")
        #expect(try files(containing: ".corrupt-").isEmpty)
        // What could be read is the drawing now: the next start says nothing.
        opened = nil
        let again = try Document.open(at: path)
        #expect(again.lines == [line(0, 0), line(5, 5)])
        #expect(again.message == nil)
        #expect(again.journalToken != nil, "changes go to a journal of the fresh snapshot at once")
        #expect(try files(containing: ".backup-").count == 1)
    }

    @Test func theJournalOfADrawingWithALineLeftOutStillAppliesToTheRightLines() throws {
        let drawing = Drawing(lines: [line(0, 0), line(1, 1), line(2, 2)])
        try Document.saveSnapshot(of: drawing, to: path)
        drawing.move(drawing.store.ids[2], by: Vector(dx: 100, dy: 0))
        drawing.remove(drawing.store.ids[0])
        try Document.appendToJournal(try #require(drawing.changes(since: 0)), at: path)
        // Line 1 of the snapshot becomes hostile: the journal's records name
        // the others by identity, so they still land on the right lines.
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "[1.0,1.0,11.0,6.0]", with: "[1.0,1.0,11.0,6e300]")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let opened = try Document.open(at: path)
        #expect(opened.lines == [line(2, 2).translated(by: Vector(dx: 100, dy: 0))])
        #expect(opened.message?.contains("line 1 has an invalid coordinate") == true)
    }

    // MARK: A damaged journal

    /// A snapshot of one line and a journal adding four, then `damage`
    /// applied to the journal's record lines (the header is line 0).
    private func journal(damaging damage: (inout [String]) -> Void) throws {
        let drawing = Drawing(lines: [line(0, 0)])
        try Document.saveSnapshot(of: drawing, to: path)
        for index in 1...4 { drawing.add(line(Double(index), Double(index))) }
        try Document.appendToJournal(try #require(drawing.changes(since: 0)), at: path)
        var records = try String(contentsOfFile: journalPath, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        damage(&records)
        try records.joined(separator: "\n").write(toFile: journalPath, atomically: false, encoding: .utf8)
    }

    /// Ways a record in the middle of a journal can be bad.
    enum Damage: String, CaseIterable, Sendable {
        case garbage, badChecksum, missingLine, farCoordinate

        func apply(to records: inout [String]) {
            switch self {
            case .garbage: records.insert("\u{1}\u{2} not a record at all", at: 2)
            case .badChecksum: records[2] = records[2].replacingOccurrences(of: "+ 2 2.0", with: "+ 2 7.0")
            case .missingLine: records.insert(DrawingJournalTests.record("- 77"), at: 2)
            case .farCoordinate: records.insert(DrawingJournalTests.record("+ 9 0 0 5000000 0"), at: 2)
            }
        }

        var reason: String {
            switch self {
            case .garbage: "not a record"
            case .badChecksum: "its checksum does not match"
            case .missingLine: "line 77 does not exist"
            case .farCoordinate: "not a change this app makes, or a value out of range"
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func aBadRecordInTheMiddleIsSkippedAndEveryLaterOneApplied(damage: Damage) throws {
        let kind = damage.rawValue, number = 3, reason = damage.reason
        try journal(damaging: damage.apply(to:))
        let before = try Data(contentsOf: URL(fileURLWithPath: journalPath))
        var opened: OpenedDocument! = try Document.open(at: path)
        let expected = damage == .badChecksum
            ? [line(0, 0), line(1, 1), line(3, 3), line(4, 4)]
            : [line(0, 0), line(1, 1), line(2, 2), line(3, 3), line(4, 4)]
        #expect(opened.lines == expected, "\(kind)")
        let message = try #require(opened.message, "\(kind): the user is told")
        #expect(message.contains("\(journalPath): skipped record \(number) (\(reason)); every other change in it was applied"),
                "\(kind): \(message)")
        let kept = try files(containing: ".journal.corrupt-")
        #expect(kept.count == 1, "\(kind): the journal is kept aside")
        #expect(try contents(of: kept[0]) == before, "\(kind): as it was")
        #expect(opened.recovery?.summary.contains("1 damaged change skipped") == true)
        opened = nil
        let again = try Document.open(at: path)
        #expect(again.lines == expected)
        #expect(again.message == nil, "told once")
    }

    @Test func aTornTailIsDroppedSilently() throws {
        try journal { records in
            // The last record, cut before its newline: a crash mid-append.
            records[records.count - 1] = String(records[records.count - 2].prefix(9))
            records.remove(at: records.count - 2)
        }
        let opened = try Document.open(at: path)
        #expect(opened.lines == [line(0, 0), line(1, 1), line(2, 2), line(3, 3)])
        #expect(opened.message == nil)
        #expect(try files(containing: "corrupt").isEmpty)
    }
}

extension DrawingJournalTests {
    /// A journal record with its checksum, as the app writes it.
    static func record(_ body: String) -> String {
        let checksum = String(DrawingJournal.checksum(Array(body.utf8)[...]), radix: 16)
        return body + " #" + String(repeating: "0", count: 8 - checksum.count) + checksum
    }
}
