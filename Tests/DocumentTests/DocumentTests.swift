import Foundation
import Testing
@testable import Canvas
@testable import Document
import TouchCore

@Suite final class DocumentTests {
    let directory: String
    let path: String
    let lines = [Line(begin: Point(x: 1.5, y: 2), end: Point(x: 300, y: -4.25)),
                 Line(begin: Point(x: 1e6, y: -1e6), end: Point(x: 0.1, y: 1e-7))]

    init() throws {
        directory = NSTemporaryDirectory() + "touchtracker-document-\(UUID().uuidString)"
        path = directory + "/nested/drawing.json"
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func write(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: directory + "/nested", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func loadError() -> DocumentError? {
        do {
            _ = try Document.load(from: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func roundTripIsExact() throws {
        try Document.save(lines, to: path)
        #expect(try Document.load(from: path) == lines)
        try Document.save([], to: path)
        #expect(try Document.load(from: path) == [])
    }

    @Test func missingFileIsAnEmptyDrawing() throws {
        #expect(try Document.load(from: path) == [])
    }

    @Test func savedFileIsPrivateToTheUser() throws {
        try Document.save(lines, to: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func theFileIsTheDocumentedFormat() throws {
        try Document.save([lines[0]], to: path)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        #expect(json?["format"] as? String == "touchtracker")
        #expect(json?["version"] as? Int == 1)
        #expect(json?["lines"] as? [[Double]] == [[1.5, 2, 300, -4.25]])
    }

    @Test func aCrashBeforeTheRenameKeepsTheOldDrawing() throws {
        try Document.save([lines[0]], to: path)
        #expect(throws: DocumentError.self) {
            try Document.save(lines, to: path, beforeRename: { () throws(DocumentError) in
                throw .system(operation: "simulated crash", path: path, errno: 0, reason: "crash")
            })
        }
        #expect(try Document.load(from: path) == [lines[0]])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory + "/nested")
        #expect(leftovers == ["drawing.json"])
    }

    @Test func truncatedFileIsMalformed() throws {
        try Document.save(lines, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try write(String(text.prefix(text.count / 2)))
        guard case .malformed? = loadError() else { Issue.record("expected malformed, got \(String(describing: loadError()))"); return }
    }

    @Test(arguments: [
        #"{"format":"touchtracker","version":1,"lines":[["1",2,3,4]]}"#,
        #"{"format":"touchtracker","version":1,"lines":[[true,2,3,4]]}"#,
        #"{"format":"touchtracker","version":1,"lines":[[1,2,3]]}"#,
        #"{"format":"touchtracker","version":1,"lines":[[1,2,3,4,5]]}"#,
        #"{"format":"touchtracker","version":1,"lines":[{"x":1}]}"#,
        #"{"format":"touchtracker","version":1,"lines":{"a":1}}"#,
        #"{"format":"touchtracker","version":1,"lines":[[NaN,2,3,4]]}"#,
        #"{"format":"touchtracker","version":1}"#,
        #"[1,2,3]"#,
        "",
    ])
    func wrongTypesAreMalformed(text: String) throws {
        try write(text)
        guard case .malformed? = loadError() else { Issue.record("\(text): got \(String(describing: loadError()))"); return }
    }

    @Test(arguments: ["2e6", "-1000000.5", "1e400", "-1e999"])
    func aHugeOrInfiniteCoordinateLeavesItsLineOutAlone(value: String) throws {
        try write(#"{"format":"touchtracker","version":1,"lines":[[0,0,1,1],[1,2,3,"# + value + "],[5,6,7,8]]}")
        do {
            let snapshot = try DrawingFileFormat.decode(Array(FileManager.default.contents(atPath: path)!), path: path)
            #expect(snapshot.lines == [Line(begin: Point(x: 0, y: 0), end: Point(x: 1, y: 1)),
                                       Line(begin: Point(x: 5, y: 6), end: Point(x: 7, y: 8))])
            #expect(snapshot.dropped.map(\.index) == [1])
            guard case .badCoordinate(_, 1, _)? = snapshot.dropped.first?.reason else {
                Issue.record("\(value): dropped for \(String(describing: snapshot.dropped))")
                return
            }
        } catch {
            // A number too large for a Double is refused by the JSON reader.
            guard case .malformed = error else { Issue.record("\(value): got \(error)"); return }
        }
    }

    @Test func otherFormatsAndVersionsAreRefused() throws {
        try write(#"{"format":"paint","version":1,"lines":[]}"#)
        #expect(loadError() == .wrongFormat(path: path, found: "paint"))
        try write(#"{"format":"touchtracker","version":4,"lines":[]}"#)
        #expect(loadError() == .unsupportedVersion(path: path, version: 4))
    }

    @Test func millionsOfLinesAreRefused() throws {
        let line = "[0,0,1,1],"
        var text = #"{"format":"touchtracker","version":1,"lines":["#
        text += String(repeating: line, count: Document.lineLimit) + "[0,0,1,1]]}"
        try write(text)
        #expect(loadError() == .tooManyLines(path: path, limit: Document.lineLimit))
    }

    @Test func theLargestDrawingTheAppCanSaveIsWithinTheByteLimit() {
        // The longest text Swift writes for a coordinate within the limit.
        let longest = -1.2345678901234567e-05
        let line = Line(begin: Point(x: longest, y: longest), end: Point(x: longest, y: longest))
        let perLine = DrawingFileFormat.encode([line, line]).count - DrawingFileFormat.encode([line]).count
        let header = DrawingFileFormat.encode([], journalToken: Document.newJournalToken()).count
        #expect(header + perLine * Document.lineLimit <= Document.byteLimit,
                "\(perLine) bytes a line × \(Document.lineLimit) lines")
    }

    @Test func oversizedFileIsRefusedUnread() throws {
        try write("")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(Document.byteLimit + 1))
        try handle.close()
        #expect(loadError() == .tooLarge(path: path, bytes: Document.byteLimit + 1, limit: Document.byteLimit))
    }

    @Test func aByteOrderMarkIsAccepted() throws {
        try write("\u{FEFF}" + #"{"format":"touchtracker","version":1,"lines":[[1.5,2,300,-4.25]]}"#)
        #expect(try Document.load(from: path) == [lines[0]])
    }

    @Test func aDirectoryIsNotADrawing() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(loadError() == .notAFile(path: path, kind: "a directory"))
    }

    @Test func corruptFilesAreSetAsideUntouched() throws {
        try write("garbage")
        let aside = try Document.setAside(corruptFileAt: path, at: 1_795_000_000)
        #expect(aside == path + ".corrupt-20261118T110640Z")
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == "garbage")
        #expect(try Document.load(from: path) == [])
        try write("garbage again")
        let second = try Document.setAside(corruptFileAt: path, at: 1_795_000_000)
        #expect(second == aside + "-1")
    }

    @Test func openingSetsACorruptFileAsideAndStartsEmpty() throws {
        try write("{\"format\":\"touchtracker\",\"version\":1,\"lines\":[[1,2,3")
        do {
            // The scope releases the drawing's lock before it is opened again.
            let opened = try Document.open(at: path)
            #expect(opened.lines.isEmpty)
            #expect(opened.canSave)
            let aside = try #require(opened.setAsidePath)
            #expect(try String(contentsOfFile: aside, encoding: .utf8) == "{\"format\":\"touchtracker\",\"version\":1,\"lines\":[[1,2,3")
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(opened.message?.contains(aside) == true)
        }

        try Document.save(lines, to: path)
        let reopened = try Document.open(at: path)
        #expect(reopened.lines == lines)
        #expect(reopened.message == nil)
    }

    @Test func defaultPathFollowsXDG() {
        #expect(Document.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
                == "/data/touchtracker/drawing.json")
        #expect(Document.defaultPath(environment: ["HOME": "/home/u"])
                == "/home/u/.local/share/touchtracker/drawing.json")
        #expect(Document.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.local/share/touchtracker/drawing.json")
    }
}
