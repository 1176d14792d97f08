import Foundation
import Testing
@testable import Canvas
@testable import Document
import TouchCore

/// Files that are no drawing, or an unusual way to one: refused without
/// being renamed or waited on, accepted when they are a drawing after all,
/// and saved through symbolic links.
@Suite final class DocumentOddFilesTests {
    let directory = NSTemporaryDirectory() + "touchtracker-odd-\(UUID().uuidString)"
    var path: String { directory + "/drawing.json" }
    let lines = [Line(begin: Point(x: 1.5, y: 2), end: Point(x: 300, y: -4.25))]

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func openError(_ path: String) -> DocumentError? {
        do {
            _ = try Document.open(at: path)
            return nil
        } catch {
            return error
        }
    }

    private var entries: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory).sorted()) ?? []
    }

    @Test func aFIFOIsRefusedAtOnceAndLeftWhereItIs() throws {
        #expect(mkfifo(path, 0o600) == 0)
        // Without O_NONBLOCK or a stat first, this open would wait for a writer forever.
        #expect(openError(path) == .notAFile(path: path, kind: "a FIFO (named pipe)"))
        #expect(entries == ["drawing.json", "drawing.json.lock"], "nothing renamed")
        var info = stat()
        #expect(lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test func aDirectoryIsRefusedAndKeptWithItsContents() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path + "/inside.txt"))
        #expect(openError(path) == .notAFile(path: path, kind: "a directory"))
        #expect(entries == ["drawing.json", "drawing.json.lock"], "nothing renamed")
        #expect(try String(contentsOfFile: path + "/inside.txt", encoding: .utf8) == "keep me")
    }

    @Test(.enabled(if: getuid() == 0, "making a device node needs root"))
    func aDeviceIsRefusedAndLeftWhereItIs() throws {
        // The null device, major 1 minor 3, made here so nothing outside the test is at stake.
        #expect(mknod(path, S_IFCHR | 0o600, 0x103) == 0)
        #expect(openError(path) == .notAFile(path: path, kind: "a character device"))
        #expect(entries == ["drawing.json", "drawing.json.lock"], "nothing renamed")
    }

    @Test func aDrawingWithAByteOrderMarkOpens() throws {
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"format":"touchtracker","version":1,"lines":[[1.5,2,300,-4.25]]}"#.utf8))
            .write(to: URL(fileURLWithPath: path))
        let opened = try Document.open(at: path)
        #expect(opened.lines == lines)
        #expect(opened.message == nil)
        #expect(entries == ["drawing.json", "drawing.json.lock"], "nothing set aside")
    }

    @Test func aHostileFilesHugeStringIsCutInTheMessage() throws {
        let huge = String(repeating: "A", count: 10 << 20)
        try Data(#"{"format":"\#(huge)","version":1,"lines":[]}"#.utf8).write(to: URL(fileURLWithPath: path))
        let opened = try Document.open(at: path)
        let message = try #require(opened.message)
        #expect(message.count < 2 * path.count + 200, "message of \(message.count) characters")
        #expect(message.contains("AAAAAAAAAA… (10485760 bytes)"))
        #expect(opened.setAsidePath != nil, "a file that was read and is not a drawing is set aside")
    }

    @Test func aDrawingReachedThroughASymbolicLinkIsSavedOntoItsTarget() throws {
        let targetDirectory = directory + "/elsewhere"
        try FileManager.default.createDirectory(atPath: targetDirectory, withIntermediateDirectories: true)
        let target = targetDirectory + "/real.json"
        try Document.save(lines, to: target)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "elsewhere/real.json")

        let opened = try Document.open(at: path)
        #expect(opened.path == target)
        #expect(opened.lines == lines)
        let more = lines + [Line(begin: Point(x: 0, y: 0), end: Point(x: 9, y: 9))]
        try Document.save(more, to: opened.path)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "elsewhere/real.json",
                "the link stays a link")
        #expect(try Document.load(from: path) == more)
        #expect(try FileManager.default.contentsOfDirectory(atPath: targetDirectory).sorted()
                == ["real.json", "real.json.lock"], "saved, and locked, in the target's directory")
    }

    @Test func aLinkToADrawingNotMadeYetCreatesItAtTheTarget() throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: directory + "/new.json")
        let opened = try Document.open(at: path)
        #expect(opened.path == directory + "/new.json")
        try Document.save(lines, to: opened.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == directory + "/new.json")
        #expect(try Document.load(from: path) == lines)
    }

    @Test func aLoopOfLinksIsRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "drawing.json")
        guard case .system(_, _, let code, _)? = openError(path) else {
            Issue.record("expected a system error, got \(String(describing: openError(path)))")
            return
        }
        #expect(code == ELOOP)
    }

    /// A member given twice: which one the writer meant cannot be known, and
    /// reading either would drop the other's lines without a word.
    @Test(arguments: [
        #"{"format":"touchtracker","version":1,"lines":[[0,0,1,1]],"lines":[[2,2,3,3]]}"#,
        #"{"format":"touchtracker","version":1,"journal":"a","journal":"b","lines":[[0,0,1,1]]}"#,
        ##"{"format":"touchtracker","version":3,"lines":[{"line":[0,0,1,1],"color":"#c01c28","color":"#3584e4"}]}"##,
    ])
    func aMemberGivenTwiceRefusesTheFileWhichIsSetAsideUntouched(text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let opened = try Document.open(at: path)
        #expect(opened.lines.isEmpty)
        let message = try #require(opened.message)
        #expect(message.contains("is given twice"), "\(message)")
        let aside = try #require(opened.setAsidePath, "set aside like any malformed file")
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == text)
    }
}

/// Files from outside (issue 37): one that is plainly no drawing is
/// refused as it is, before opening would set it aside.
@Suite struct PlainlyNotADrawingTests {
    @Test func drawingsInAnyKeyOrderAndAfterAByteOrderMarkPass() {
        #expect(Document.looksLikeDrawing(Array("{\"format\":\"touchtracker\",\"version\":1,\"lines\":[]}".utf8)))
        #expect(Document.looksLikeDrawing([0xEF, 0xBB, 0xBF] + Array(" \n{\"version\":1, \"format\": \"touchtracker\"".utf8)))
        #expect(Document.looksLikeDrawing(Array("{\"format\":\"touchtracker\",\"lines\":[[1,2".utf8)), "a damaged drawing is one")
    }

    @Test func picturesTextsAndOtherJSONAreRefused() {
        #expect(!Document.looksLikeDrawing([0x89] + Array("PNG\r\n".utf8)))
        #expect(!Document.looksLikeDrawing(Array("shopping list".utf8)))
        #expect(!Document.looksLikeDrawing(Array("{\"name\":\"package\"}".utf8)))
        #expect(!Document.looksLikeDrawing(Array("[\"touchtracker\"]".utf8)))
    }

    @Test func aFileIsLeftAsItWasAndAMissingOneIsANewDrawing() throws {
        let directory = NSTemporaryDirectory() + "touchtracker-sniff-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/notes.txt"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("shopping list".utf8)))
        #expect(throws: DocumentError.malformed(path: path, reason: "it is not a TouchTracker drawing")) {
            try Document.refuseIfPlainlyNotADrawing(at: path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["notes.txt"])
        #expect(FileManager.default.contents(atPath: path) == Data("shopping list".utf8))
        try Document.refuseIfPlainlyNotADrawing(at: directory + "/new.touchtracker")
        try Document.refuseIfPlainlyNotADrawing(at: directory)
    }
}
