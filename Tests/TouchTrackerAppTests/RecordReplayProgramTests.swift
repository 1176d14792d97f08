import Testing
import TestSupport

/// `touchtracker replay` and `touchtracker check` as a user runs them, on
/// the checked-in recordings: what they print, what they write, their exit
/// status. Neither needs a compositor.
@Suite struct RecordReplayProgramTests {
    static let recordings = RecordingCorpusTests.directory

    @Test func replayExportsTheDrawingAndTwoRunsGiveTheSameBytes() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-replay")
        var images: [[UInt8]] = []
        for run in 1...2 {
            let output = "\(directory.path)/run\(run).png"
            let result = try ProgramTests.run(["replay", "\(Self.recordings)/scripted-gestures.ttrec", "--export", output],
                                              environment: [:], in: directory.path)
            #expect(result.status == 0)
            #expect(result.standardOutput.contains(": 5 lines drawn, exported to \(output)"))
            images.append(AppHarness.read(output) ?? [])
        }
        #expect(images[0].starts(with: [0x89, 0x50, 0x4e, 0x47]), "a PNG")
        #expect(images[0] == images[1])
    }

    @Test func replayTraceGoesToStandardOutputAlone() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-replay")
        let result = try ProgramTests.run(["replay", "\(Self.recordings)/scripted-gestures.ttrec", "--trace"],
                                          environment: [:], in: directory.path)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("{\"trace\":") })
        #expect(lines.contains { $0.contains("\"recognizer\":\"longPress\",\"from\":\"possible\",\"to\":\"began\"") })
        #expect(result.standardError.contains("5 lines drawn"))
    }

    @Test func checkFailsOnAFailedRowAndPassesOtherwise() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-check")
        let failing = try ProgramTests.run(["check", "\(Self.recordings)/scripted-quirks.ttrec"],
                                           environment: [:], in: directory.path)
        #expect(failing.status == 1)
        #expect(failing.standardOutput.contains("a frame after every up                fail"))
        let clean = try ProgramTests.run(["check", "\(Self.recordings)/sway-pointer.ttrec", "--json"],
                                         environment: [:], in: directory.path)
        #expect(clean.status == 0)
        #expect(clean.standardOutput.hasSuffix("\"failed\":false}\n"))
    }

    @Test func anUnreadableRecordingIsAClearFailure() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-check")
        try AppHarness.write(Array("{\"touchtrackerRecording\":7}\n".utf8), to: directory.path + "/future.ttrec")
        for command in ["replay", "check"] {
            let result = try ProgramTests.run([command, directory.path + "/future.ttrec"],
                                              environment: [:], in: directory.path)
            #expect(result.status == 1)
            #expect(result.standardError
                    == "touchtracker: \(directory.path)/future.ttrec: recording format 7; this touchtracker reads format 1\n")
        }
    }

    @Test func aRecordingThatCannotBeCreatedStopsTheAppBeforeItStarts() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-record")
        let result = try ProgramTests.run(["--record", "/nonexistent-dir/s.ttrec", "--file", directory.path + "/d.json"],
                                          environment: [:], in: directory.path)
        #expect(result.status == 1)
        #expect(result.standardError == "touchtracker: cannot record to /nonexistent-dir/s.ttrec: No such file or directory\n")
    }
}
