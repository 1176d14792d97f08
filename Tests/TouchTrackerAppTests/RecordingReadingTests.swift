import Canvas
import Conformance
@testable import Instruments
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Recordings `replay` and `check` cannot read get an error that says why
/// and where, and nothing else happens.
@Suite struct RecordingReadingTests {
    static let header = "{\"touchtrackerRecording\":1,\"app\":\"0.1.0\",\"seats\":[],\"palmRejection\":true,\"drawing\":[]}\n"
    static let window = "{\"t\":0,\"window\":{\"width\":400,\"height\":300,\"scale\":1,\"decorations\":\"client\",\"states\":[]}}\n"
    static let down = "{\"t\":0.5,\"origin\":\"compositor\",\"seat\":\"seat0\",\"device\":\"touch\","
        + "\"frame\":[{\"event\":\"down\",\"id\":1,\"x\":10,\"y\":10,\"time\":500}]}\n"

    static func header(lineWidth: String) -> String {
        "{\"touchtrackerRecording\":1,\"app\":\"0.1.0\",\"seats\":[],\"palmRejection\":true,"
            + "\"lineWidth\":\"\(lineWidth)\",\"drawing\":[]}\n"
    }

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

    /// The header's width: a recording made when there were three widths
    /// names them (thin, medium, thick) and still replays at that width;
    /// one made now gives the points; anything else is refused, saying why.
    @Test(arguments: [("thin", 4.0), ("medium", 10), ("thick", 20), ("1", 1), ("7", 7), ("30", 30)])
    func theHeadersLineWidthReadsByOldNameOrPoints(name: String, points: Double) throws {
        let header = Self.header(lineWidth: name)
        let recording = try Recording.parse(Array((header + Self.window).utf8), name: "r.ttrec")
        #expect(recording.strokeStyle.width.points == points)
    }

    @Test func anUnknownLineWidthIsRefusedSayingWhich() {
        let header = Self.header(lineWidth: "huge")
        #expect(error(header + Self.window)
                == "r.ttrec: line 1: the line width is \"huge\", not one of 1, 2, 4, 7, 10, 15, 20, 30")
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

    /// A recording's drawing is read by the drawing file's codec, with its
    /// limits: what a drawing file may not hold, a recording may not either.
    @Test func aDrawingLineBeyondTheFilesLimitsIsRefusedWithItsLineNumber() {
        #expect(error(Self.header + Self.window + "{\"t\":0,\"drawing\":[[0,0,1,1],[0,0,1e20,5]]}\n")
                == "r.ttrec: line 3: drawing: line 1 has an invalid coordinate 1e+20 (allowed: finite, within ±1000000)")
        #expect(error(Self.header + "{\"t\":0,\"drawing\":[[0,0,1,1e308]]}\n")?
            .hasPrefix("r.ttrec: line 2: drawing: line 0 has an invalid coordinate 1e+308") == true)
        let longStroke = Array(repeating: "1,1,0.5", count: Drawing.strokePointLimit + 1).joined(separator: ",")
        #expect(error(Self.header + "{\"t\":0,\"drawing\":[{\"points\":[\(longStroke)]}]}\n")
                == "r.ttrec: line 2: drawing: line 0 has more than \(Drawing.strokePointLimit) points")
        #expect(error(Self.header + "{\"t\":0,\"drawing\":[[0,0,1]]}\n")
                == "r.ttrec: line 2: drawing: not a readable drawing (line 0 has 3 numbers, not 4)")
        #expect(error(Self.header + "{\"t\":0,\"drawing\":[{\"points\":[1,1,7]}]}\n")
                == "r.ttrec: line 2: drawing: line 0 has an invalid pressure 7.0 (allowed: 0 to 1)")
    }

    @Test func aDrawingReadsBackAsRecorded() throws {
        let lines = [Line(begin: Point(x: 1.5, y: -2), end: Point(x: 3, y: 4)),
                     Line(freehand: [FreehandPoint(x: 1, y: 2, pressure: 0.25), FreehandPoint(x: 3, y: 5, pressure: 1)],
                          offset: Vector(dx: 10, dy: -1))]
        let text = Self.header + RecordingFormat.line(drawing: lines, at: 0.25) + "\n"
        let recording = try Recording.parse(Array(text.utf8), name: "r.ttrec")
        guard case .drawing(let read)? = recording.entries.first?.item else {
            Issue.record("no drawing")
            return
        }
        #expect(read == lines)
        #expect(recording.entries.first?.time == 0.25)
    }

    @Test func aByteOrderMarkBeforeTheHeaderIsAccepted() throws {
        let recording = try Recording.parse([0xEF, 0xBB, 0xBF] + Array((Self.header + Self.window + Self.down).utf8),
                                            name: "r.ttrec")
        #expect(recording.entries.count == 2)
    }

    /// What a recording says is quoted in errors without its control
    /// characters and cut short: a hostile file cannot drive the terminal.
    @Test func echoedTextIsEscapedAndCut() throws {
        let message = try #require(error(Self.header + "{\"t\":1,\"origin\":\"compositor\",\"seat\":\"s\","
                                         + "\"device\":\"\\u001b[2J\\u0000\\u009b\(String(repeating: "x", count: 500_000))\"}\n"))
        #expect(message.hasPrefix("r.ttrec: line 2: an input batch: unknown device '\\u{1B}[2J\\u{0}\\u{9B}xxx"))
        #expect(message.hasSuffix("… (500007 bytes)'"))
        #expect(message.count < 150)
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        let origin = try #require(error(Self.header + "{\"t\":1,\"origin\":\"\\u001b]0;owned\\u0007\"}\n"))
        #expect(origin == "r.ttrec: line 2: unknown origin '\\u{1B}]0;owned\\u{7}'")
        let garbage = try #require(error(Self.header + "\u{1B}[31m\n"))
        #expect(garbage == "r.ttrec: line 2: not JSON: unexpected character '\\u{1B}' at byte 0")
    }

    /// Input positions beyond what Wayland can carry (a `wl_fixed`) are
    /// refused: a replay computing with 1e20 crashed the SVG export.
    @Test(arguments: ["1e20", "1e308", "-8388609"])
    func aPositionNoCompositorCanSendIsRefused(x: String) {
        let down = Self.down.replacingFirst("\"x\":10", with: "\"x\":\(x)")
        #expect(error(Self.header + Self.window + down)?
            .hasPrefix("r.ttrec: line 3: a touch change: \"x\" is ") == true)
        #expect(error(Self.header + Self.window + down)?.hasSuffix(", beyond what Wayland can send (±8388608)") == true)
    }

    @Test func aLongLineIsReadOnlyAsADrawing() throws {
        let padding = String(repeating: " ", count: Recording.lineByteLimit)
        #expect(error(Self.header + "{\"t\":0,\"window\":\"\(padding)\"}\n")
                == "r.ttrec: line 2: \(Recording.lineByteLimit + 19) bytes long; no line but the drawing's may be "
                   + "longer than \(Recording.lineByteLimit) bytes")
        #expect(error(Self.header + "[\(padding)]\n")?.hasPrefix("r.ttrec: line 2: \(Recording.lineByteLimit + 2) bytes long") == true)
        // A drawing of many lines is one long line, read as the file's lines are.
        let lines = Array(repeating: "[1,2,3,4]", count: Recording.lineByteLimit / 9)
        let drawing = "{\"t\":0,\"drawing\":[\(lines.joined(separator: ","))]}\n"
        let recording = try Recording.parse(Array((Self.header + drawing).utf8), name: "r.ttrec")
        guard case .drawing(let read)? = recording.entries.first?.item else {
            Issue.record("no drawing")
            return
        }
        #expect(read.count == lines.count)
    }

    /// Issue 34: `check` trapped on a time of 1e17 (the HTML page's
    /// numbers) and on a presentation time of 1e308 (its latency); such
    /// times are no clock's and are refused with their line.
    @Test func aTimeNoClockReadsIsRefusedWithItsLine() {
        #expect(error(Self.header + Self.window + "{\"t\":1e17,\"end\":true}\n")
                == "r.ttrec: line 3: the time 1e+17 is not seconds from 0 to 1000000000")
        #expect(error(Self.header + "{\"t\":-1,\"end\":true}\n")
                == "r.ttrec: line 2: the time -1 is not seconds from 0 to 1000000000")
        let presented = "{\"t\":1,\"presentation\":\"presented\",\"inputTime\":500,\"clock\":1,\"time\":1e308,\"flags\":[]}\n"
        #expect(error(Self.header + Self.window + presented)
                == "r.ttrec: line 3: a presentation: \"time\" is not a time in seconds (0 to 1000000000)")
        let offset = "{\"t\":1,\"presentation\":\"presented\",\"inputTime\":500,\"clock\":4,\"time\":2,"
            + "\"flags\":[],\"toMonotonic\":-1e300}\n"
        #expect(error(Self.header + offset)
                == "r.ttrec: line 2: a presentation: \"toMonotonic\" is not seconds (at most 1000000000 either way)")
    }

    /// The same recordings through the command: an error, not a crash.
    @Test func checkRefusesATimeNoClockReads() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-times")
        for line in ["{\"t\":1e17,\"end\":true}",
                     "{\"t\":1,\"presentation\":\"composited\",\"inputTime\":5,\"clock\":1,\"time\":1e308}"] {
            let path = directory.path + "/r.ttrec"
            try AppHarness.write(Array((Self.header + Self.window + Self.down + line + "\n").utf8), to: path)
            #expect(Program.main(["touchtracker", "check", path, "--html", directory.path + "/r.html"],
                                 conformance: Program.conformance) == 1)
            #expect(!directory.entries().contains("r.html"))
        }
    }

    @Test func aRecordingWithoutItsEndStillReads() throws {
        let recording = try Recording.parse(Array((Self.header + Self.window + Self.down).utf8), name: "r.ttrec")
        #expect(!recording.isComplete)
        #expect(recording.entries.count == 2)
    }
}

extension String {
    /// `self` with its first `target` replaced.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
