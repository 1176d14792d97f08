import Testing
@testable import TouchTrackerApp

/// Recordings `replay` and `check` cannot read get an error that says why
/// and where, and nothing else happens.
@Suite struct RecordingReadingTests {
    static let header = "{\"touchtrackerRecording\":1,\"app\":\"0.1.0\",\"seats\":[],\"palmRejection\":true,\"drawing\":[]}\n"
    static let window = "{\"t\":0,\"window\":{\"width\":400,\"height\":300,\"scale\":1,\"decorations\":\"client\",\"states\":[]}}\n"
    static let down = "{\"t\":0.5,\"origin\":\"compositor\",\"seat\":\"seat0\",\"device\":\"touch\","
        + "\"frame\":[{\"event\":\"down\",\"id\":1,\"x\":10,\"y\":10,\"time\":500}]}\n"

    func error(_ text: String) -> String? {
        do {
            _ = try Recording.parse(Array(text.utf8), name: "r.ttrec")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aWholeRecordingReads() throws {
        let recording = try Recording.parse(Array((Self.header + Self.window + Self.down + "{\"t\":1,\"end\":true}\n").utf8),
                                            name: "r.ttrec")
        #expect(recording.entries.count == 3)
        #expect(recording.isComplete)
        #expect(recording.entries[1].time == 0.5)
        #expect(recording.entries[1].lineNumber == 3)
    }

    @Test func anotherFormatVersionIsRefused() {
        #expect(error("{\"touchtrackerRecording\":2,\"app\":\"9\"}\n")
                == "r.ttrec: recording format 2; this touchtracker reads format 1")
    }

    @Test func aLogOrGarbageIsNoRecording() {
        #expect(error("{\"seat\":\"seat0\",\"device\":\"touch\",\"frame\":[]}\n")?
            .hasPrefix("r.ttrec: not a touchtracker recording") == true)
        #expect(error("\u{7f}ELF\u{2}\u{1}")?.hasPrefix("r.ttrec: not a touchtracker recording") == true)
        #expect(error("") == "r.ttrec: empty file, not a recording")
    }

    @Test func aTornLastLineIsNamed() {
        let torn = Self.header + Self.window + String(Self.down.prefix(40))
        #expect(error(torn)?.hasPrefix("r.ttrec: line 3: cut short (") == true)
        #expect(error(torn)?.hasSuffix("delete this last line to use the rest") == true)
    }

    @Test func garbageInsideIsNamedWithItsLine() {
        #expect(error(Self.header + "not json\n" + Self.down)?.hasPrefix("r.ttrec: line 2: not JSON: ") == true)
        #expect(error(Self.header + "{\"t\":1,\"origin\":\"compositor\",\"seat\":\"s\",\"device\":\"mouse\"}\n")
                == "r.ttrec: line 2: an input batch: unknown device 'mouse'")
        #expect(error(Self.header + "{\"t\":1,\"origin\":\"teleport\"}\n") == "r.ttrec: line 2: unknown origin 'teleport'")
        #expect(error(Self.header + Self.down + Self.window)
                == "r.ttrec: line 3: time goes backwards (0.0 after 0.5)")
    }

    @Test func aRecordingWithoutItsEndStillReads() throws {
        let recording = try Recording.parse(Array((Self.header + Self.window + Self.down).utf8), name: "r.ttrec")
        #expect(!recording.isComplete)
        #expect(recording.entries.count == 2)
    }
}
