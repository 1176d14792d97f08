import Foundation
import Testing
@testable import Canvas
@testable import Document
import TouchCore

/// Saving by journal: a snapshot plus appended changes reads back as the
/// drawing; a torn last record (a crash mid-append) is ignored and never
/// makes the drawing unreadable; a journal left from another snapshot is
/// never applied; a save costs the change, not the drawing.
@Suite final class DrawingJournalTests: DrawingFolderFixture {
    init() throws {
        try super.init(name: "journal")
    }

    private func fileSize(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1
    }

    @Test func aSnapshotAndItsJournalReadBackAsTheDrawing() throws {
        // Deterministic pseudo-random edits: adds, deletes, moves, clears, undo and redo.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let drawing = Drawing(lines: (0..<20).map { line(Double($0), 0) })
        drawing.remove(drawing.store.ids[3])
        try Document.saveSnapshot(of: drawing, to: path)
        var revision = drawing.revision
        for step in 0..<400 {
            switch next(10) {
            case 0...3: drawing.add(line(Double(next(500)), Double(next(500))))
            case 4, 5:
                let ids = drawing.store.ids
                if !ids.isEmpty { drawing.remove(ids[next(ids.count)]) }
            case 6: if let id = drawing.store.ids.last { drawing.move(id, by: Vector(dx: 3, dy: -2)) }
            case 7: drawing.undo()
            case 8: drawing.redo()
            default: if next(20) == 0 { drawing.clear() }
            }
            if step % 7 == 0 { revision = try append(drawing, since: revision) }
        }
        revision = try append(drawing, since: revision)
        #expect(try Document.load(from: path) == drawing.lines)
        let reopened = try Document.open(at: path)
        #expect(reopened.lines == drawing.lines)
        #expect(reopened.journalToken == nil, "a journal with changes is folded by the next save")
        #expect(reopened.differsFromFile, "the drawing differs from its file")
    }

    @Test func aTornLastRecordIsIgnoredAtEveryCut() throws {
        let drawing = Drawing(lines: [line(0, 0)])
        try Document.saveSnapshot(of: drawing, to: path)
        drawing.add(line(1, 1))
        drawing.add(line(2, 2))
        try append(drawing, since: 0)
        let twoAdded = drawing.lines
        let complete = try Data(contentsOf: URL(fileURLWithPath: journalPath))
        drawing.move(drawing.store.ids[1], by: Vector(dx: 100, dy: 100))
        try append(drawing, since: drawing.revision - 1)
        let whole = try Data(contentsOf: URL(fileURLWithPath: journalPath))
        #expect(try Document.load(from: path) == drawing.lines)
        // A crash can stop an append after any byte of the last record.
        for cut in complete.count..<whole.count {
            try whole.prefix(cut).write(to: URL(fileURLWithPath: journalPath))
            #expect(try Document.load(from: path) == twoAdded, "cut at byte \(cut)")
        }
    }

    @Test func aDamagedRecordIsSkippedAndTheRecordsAfterItApplied() throws {
        let drawing = Drawing()
        try Document.saveSnapshot(of: drawing, to: path)
        drawing.add(line(1, 1))
        drawing.add(line(2, 2))
        drawing.add(line(3, 3))
        try append(drawing, since: 0)
        var text = try String(contentsOfFile: journalPath, encoding: .utf8)
        // Change one digit of the second record: its checksum no longer matches.
        var records = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        records[2] = records[2].replacingOccurrences(of: "+ 1 2", with: "+ 1 7")
        text = records.joined(separator: "\n")
        try text.write(toFile: journalPath, atomically: false, encoding: .utf8)
        #expect(try Document.load(from: path) == [line(1, 1), line(3, 3)])
    }

    @Test func aJournalLeftFromAnotherSnapshotIsNeverApplied() throws {
        let drawing = Drawing(lines: [line(0, 0)])
        try Document.saveSnapshot(of: drawing, to: path)
        drawing.add(line(1, 1))
        try append(drawing, since: 0)
        let staleJournal = try Data(contentsOf: URL(fileURLWithPath: journalPath))
        // A crash after the next snapshot's rename, before its journal's.
        try Document.saveSnapshot(of: drawing, to: path)
        try staleJournal.write(to: URL(fileURLWithPath: journalPath))
        #expect(try Document.load(from: path) == [line(0, 0), line(1, 1)], "the line is not added twice")
    }

    @Test func aVersionOneFileWithoutAJournalMemberStillOpens() throws {
        try Data(#"{"format":"touchtracker","version":1,"lines":[[0,0,10,5]]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        // A journal beside it cannot belong to it.
        try Data("touchtracker-journal 1 abc 0+1\n+ 1 5 5 6 6 #00000000\n".utf8).write(to: URL(fileURLWithPath: journalPath))
        let opened = try Document.open(at: path)
        #expect(opened.lines == [line(0, 0)])
        #expect(opened.journalToken == nil, "the first save writes a snapshot with a journal")
        #expect(opened.hasObsoleteJournal, "a clean exit removes it")
    }

    @Test func aSnapshotIsStillAVersionOneDrawing() throws {
        try Document.saveSnapshot(of: Drawing(lines: [line(0, 0)]), to: path)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        #expect(json?["format"] as? String == "touchtracker")
        #expect(json?["version"] as? Int == 1)
        #expect(json?["lines"] as? [[Double]] == [[0, 0, 10, 5]])
        #expect((json?["journal"] as? String)?.count == 32)
    }

    @Test func savingAChangeWritesTheChangeNotTheDrawing() throws {
        let drawing = Drawing(lines: (0..<100_000).map { line(Double($0 % 1000), Double($0 / 1000)) })
        try Document.saveSnapshot(of: drawing, to: path)
        let snapshotSize = try fileSize(path)
        var before = stat()
        #expect(stat(path, &before) == 0)
        let journalSize = try fileSize(journalPath)
        let revision = drawing.revision
        drawing.add(line(5000, 5000))
        try append(drawing, since: revision)
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec,
                "the snapshot is not rewritten")
        let grown = try fileSize(journalPath) - journalSize
        #expect(grown > 0 && grown < 100, "one record of \(grown) bytes, for a drawing of \(snapshotSize) bytes")
        #expect(try Document.load(from: path).count == 100_001)
    }

    @Test func aCorruptDrawingIsSetAsideWithItsJournal() throws {
        let drawing = Drawing(lines: [line(0, 0)])
        try Document.saveSnapshot(of: drawing, to: path)
        drawing.add(line(1, 1))
        try append(drawing, since: 0)
        let journal = try Data(contentsOf: URL(fileURLWithPath: journalPath))
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
        let opened = try Document.open(at: path)
        let aside = try #require(opened.setAsidePath)
        #expect(try Data(contentsOf: URL(fileURLWithPath: DrawingJournal.path(for: aside))) == journal)
        #expect(!FileManager.default.fileExists(atPath: journalPath))
    }

    @Test func anOpenedSnapshotStartsItsJournalAtTheFirstChangeOnly() throws {
        try Document.saveSnapshot(of: Drawing(lines: [line(0, 0), line(1, 1)]), to: path)
        unlink(journalPath)
        var before = stat()
        #expect(stat(path, &before) == 0)
        do {
            let opened = try Document.open(at: path)
            let token = try #require(opened.journalToken)
            #expect(!opened.hasObsoleteJournal)
            #expect(access(journalPath, F_OK) != 0, "opening writes no journal")
            var after = stat()
            #expect(stat(path, &after) == 0)
            #expect(after.st_ino == before.st_ino && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
            try Document.startJournal(for: path, token: token, lineCount: opened.lineCount)
            let drawing = Drawing(lines: opened.lines)
            drawing.remove(drawing.store.ids[0])
            try append(drawing, since: 0)
        }
        #expect(try Document.load(from: path) == [line(1, 1)])
    }
}
