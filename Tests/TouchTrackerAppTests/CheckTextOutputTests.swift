@testable import Instruments
import Testing
@testable import TouchTrackerApp

/// Issue 34: `check`'s table for the terminal wrote a recording's strings
/// raw: ESC, NUL and an OSC 52 sequence (which writes the clipboard) in a
/// seat's name or the file's name reached the terminal. They are escaped
/// as `--json` escapes them.
@Suite struct CheckTextOutputTests {
    static let osc52 = "\u{1B}]52;c;ZXZpbA==\u{07}"

    @Test func aRecordingsControlCharactersNeverReachTheTerminal() throws {
        let seat = "seat\\u001b[2J\\u0000\\u001b]52;c;ZXZpbA==\\u0007\\u009b"
        let text = "{\"touchtrackerRecording\":1,\"app\":\"0.1.0\",\"seats\":[{\"name\":\"\(seat)\",\"version\":8}]}\n"
            + "{\"t\":0.5,\"origin\":\"compositor\",\"seat\":\"\(seat)\",\"device\":\"touch\","
            + "\"frame\":[{\"event\":\"down\",\"id\":1,\"x\":10,\"y\":10,\"time\":500}]}\n"
            + "{\"t\":0.6,\"origin\":\"compositor\",\"seat\":\"\(seat)\",\"device\":\"touch\","
            + "\"frame\":[{\"event\":\"up\",\"id\":1,\"x\":10,\"y\":10,\"time\":600}]}\n"
            + "{\"t\":0.7,\"origin\":\"compositor\",\"seatVersion\":8,\"seat\":\"\(seat)\",\"device\":\"seat\","
            + "\"event\":\"capabilities\",\"pointer\":false,\"keyboard\":false,\"touch\":true}\n"
        let recording = try Recording.parse(Array(text.utf8), name: "r.ttrec")
        let report = CompositorReport(recording, name: "r\(Self.osc52).ttrec")
        let output = report.text
        let controls = output.unicodeScalars.filter { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value))
        }
        #expect(controls.isEmpty, "no control character but the line ends")
        #expect(output.hasPrefix("r\\u{1B}]52;c;ZXZpbA==\\u{7}.ttrec: recorded by"), "the file's name shown escaped")
        #expect(output.contains("seat\\u{1B}[2J\\u{0}\\u{1B}]52;c;ZXZpbA==\\u{7}\\u{9B}"), "the seat shown escaped")
    }
}

/// The error messages too quote paths: a recording named with an escape
/// sequence in a shared folder must not reach the terminal raw through
/// `check`'s "cannot read" line.
@Suite struct ErrorMessageEscapingTests {
    @Test func anErrorNamingAHostileFileEscapesItsControlCharacters() throws {
        let workspace = try ProgramTests.Workspace()
        let hostile = workspace.directory + "/r" + CheckTextOutputTests.osc52 + ".ttrec"
        let result = try workspace.run(["check", hostile])
        #expect(result.status != 0)
        #expect(!result.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 },
                "\(result.standardError)")
        #expect(result.standardError.contains("r\\u{1B}]52;c;ZXZpbA==\\u{7}.ttrec"))
    }
}
