import Foundation
import Testing
@testable import Canvas
@testable import Document
import TestFileSystems
import TestSupport
import TouchCore

/// A journal is never lost without a word: one the reader cannot apply
/// (another snapshot's, a damaged header, a drawing without a token) is
/// copied aside as `.corrupt-*` and told; CRLF line ends still read; a
/// token the header cannot hold is never written; identities cost memory
/// by the file's size, not by their value.
@Suite final class UnusableJournalTests: DrawingFolderFixture {
    init() throws {
        try super.init(name: "unusable")
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func files(containing mark: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(mark) }.sorted()
    }

    /// A drawing of one line whose journal token is `token`, the journal's
    /// header `header` and its records `records` (checksums added).
    private func drawing(token: String, header: String, records: [String]) throws {
        try write(#"{"format":"touchtracker","version":1,"journal":"\#(token)","lines":[[0,0,10,5]]}"#, to: path)
        try write(([header] + records.map(DrawingJournalTests.record)).map { $0 + "\n" }.joined(), to: journalPath)
    }

    @Test func aJournalWithCRLFLineEndsIsApplied() throws {
        try drawing(token: "t1", header: "touchtracker-journal 1 t1 0+1", records: ["+ 1 1 1 11 6", "- 0"])
        let crlf = try String(contentsOfFile: journalPath, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n")
        try write(crlf, to: journalPath)
        let opened = try Document.open(at: path)
        #expect(opened.lines == [line(1, 1)])
        #expect(opened.message == nil, "\(opened.message ?? "")")
    }

    /// Journals that hold changes this drawing cannot take.
    enum Unusable: String, CaseIterable, Sendable {
        case damagedHeader, anotherSnapshot, drawingWithoutToken, noDrawing

        var reason: String {
            switch self {
            case .damagedHeader: "its first line is not a journal header"
            case .anotherSnapshot, .drawingWithoutToken, .noDrawing: "it belongs to another version of the drawing"
            }
        }
    }

    @Test(arguments: Unusable.allCases)
    func aJournalThatCannotBeAppliedIsKeptAsideAndTold(_ kind: Unusable) throws {
        let header = kind == .damagedHeader ? "touchtracker-journ\u{0}l 1 t1 0+1" : "touchtracker-journal 1 t1 0+1"
        try drawing(token: kind == .anotherSnapshot ? "t2" : "t1", header: header, records: ["+ 1 1 1 11 6"])
        switch kind {
        case .drawingWithoutToken: try write(#"{"format":"touchtracker","version":1,"lines":[[0,0,10,5]]}"#, to: path)
        case .noDrawing: try FileManager.default.removeItem(atPath: path)
        case .damagedHeader, .anotherSnapshot: break
        }
        let journal = try Data(contentsOf: URL(fileURLWithPath: journalPath))
        let opened = try Document.open(at: path)
        #expect(opened.lines == (kind == .noDrawing ? [] : [line(0, 0)]), "\(kind): not applied")
        let kept = try files(containing: ".journal.corrupt-")
        #expect(kept.count == 1, "\(kind): a copy is kept")
        #expect(try kept.first.map { try Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0)) } == journal)
        let message = try #require(opened.message, "\(kind): stderr is told")
        #expect(message.contains("\(journalPath): not applied, \(kind.reason); kept as \(directory)/\(kept.first ?? "")"),
                "\(kind): \(message)")
        #expect(opened.recovery?.summary.contains("They are kept beside the drawing as drawing.json.journal.corrupt-") == true,
                "\(kind): the banner is told: \(opened.recovery?.summary ?? "")")
        #expect(opened.hasObsoleteJournal, "\(kind): once copied, the original may go")
    }

    /// On a full disk no copy can be made: the journal is moved aside
    /// instead (a rename needs no room), so the first save's new journal
    /// replaces nothing of it.
    @Test(.enabled(if: ScratchFileSystem.isAvailable, "needs to mount a tmpfs (root): skipped"))
    func onAFullDiskAnUnusableJournalIsMovedAsideAndTold() throws {
        let disk = try ScratchFileSystem(size: 64 << 10)
        let drawing = disk.path + "/drawing.json"
        let journal = DrawingJournal.path(for: drawing)
        try write(#"{"format":"touchtracker","version":1,"journal":"t2","lines":[[0,0,10,5]]}"#, to: drawing)
        let records = ["touchtracker-journal 1 t1 0+1", DrawingJournalTests.record("+ 1 1 1 11 6")]
        try write(records.map { $0 + "\n" }.joined(), to: journal)
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        disk.fill()
        let opened = try Document.open(at: drawing)
        let kept = TemporaryDirectory.entries(of: disk.path).filter { $0.contains(".journal.corrupt-") }
        #expect(kept.count == 1, "\(TemporaryDirectory.entries(of: disk.path))")
        #expect(try kept.first.map { try Data(contentsOf: URL(fileURLWithPath: disk.path + "/" + $0)) } == before)
        #expect(opened.message?.contains("so it was moved aside as \(disk.path)/\(kept.first ?? "")") == true,
                "\(opened.message ?? "")")
        #expect(!FileManager.default.fileExists(atPath: journal), "moved, not copied")
    }

    @Test func aHeaderAloneOfAnotherSnapshotHoldsNothingAndMayGo() throws {
        try drawing(token: "t2", header: "touchtracker-journal 1 t1 0+1", records: [])
        let opened = try Document.open(at: path)
        #expect(opened.message == nil)
        #expect(opened.hasObsoleteJournal)
        #expect(try files(containing: "corrupt").isEmpty)
    }

    @Test(arguments: ["", "a b", "a\\nb", String(repeating: "x", count: 129)])
    func aTokenAJournalHeaderCannotHoldIsNotUsed(token: String) throws {
        try write(#"{"format":"touchtracker","version":1,"journal":"\#(token)","lines":[[0,0,10,5]]}"#, to: path)
        let opened = try Document.open(at: path)
        #expect(opened.lines == [line(0, 0)])
        #expect(opened.journalToken == nil, "the first save writes a snapshot with a token of its own")
    }

    @Test func anIdentityNearTheTopOfTheRangeCostsNothing() throws {
        // It once asked for 172 GB (a slot for every identity below it) and aborted.
        try drawing(token: "t1", header: "touchtracker-journal 1 t1 4294967294+1", records: ["+ 4294967295 1 1 11 6"])
        #expect(try Document.load(from: path) == [line(0, 0), line(1, 1)])
    }

    @Test func linesWithIdentitiesFarApartAreAllApplied() throws {
        let far: [UInt32] = [1_000_000, 2_000_000, 3_000_000, 4_000_000_000]
        try drawing(token: "t1", header: "touchtracker-journal 1 t1 0+1",
                    records: far.enumerated().map { "+ \($1) \($0) \($0) \($0 + 10) \($0 + 5)" })
        #expect(try Document.load(from: path) == [line(0, 0)] + far.indices.map { line(Double($0), Double($0)) })
    }

    @Test func aKeptCopyNeverWritesThroughALinkPlantedAtItsName() throws {
        let victim = directory + "/victim"
        try write("mine", to: victim)
        let time = 1_800_000_000
        let planted = "\(journalPath).corrupt-\(Document.utcStamp(time))"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        let kept = try KeptCopy.keep(Array("journal".utf8), besides: journalPath, as: "corrupt", time: time)
        #expect(kept == planted + "-1")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "mine")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "journal")
    }
}
