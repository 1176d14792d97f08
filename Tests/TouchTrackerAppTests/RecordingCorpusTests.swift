import Canvas
import Document
@testable import Instruments
import Testing
@testable import TouchTrackerApp

/// The checked-in recordings of `Tests/Recordings/`, from the scripted
/// compositor and from smoke runs on weston, sway and mutter: each replay
/// must end in the drawing its session ended in (`NAME.expected.json`),
/// and `check` must print the table it printed (`NAME.check.txt`).
@Suite struct RecordingCorpusTests {
    static let directory: String = {
        // This file is Tests/TouchTrackerAppTests/RecordingCorpusTests.swift.
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Recordings"
    }()
    static let names = ["scripted-gestures", "scripted-quirks", "weston-headless", "sway-pointer", "mutter-touch"]

    @Test(arguments: names) func theReplayEndsInTheExpectedDrawing(name: String) throws {
        let recording = try Recording.read(path: "\(Self.directory)/\(name).ttrec")
        let expected = try Document.load(from: "\(Self.directory)/\(name).expected.json")
        #expect(Replay(recording, report: { _ in }).run().lines == expected)
    }

    @Test(arguments: names) func checkPrintsTheExpectedTable(name: String) throws {
        let recording = try Recording.read(path: "\(Self.directory)/\(name).ttrec")
        let table = AppHarness.read("\(Self.directory)/\(name).check.txt").map { String(decoding: $0, as: UTF8.self) }
        #expect(CompositorReport(recording, name: "\(name).ttrec").text + "\n" == table)
    }
}
