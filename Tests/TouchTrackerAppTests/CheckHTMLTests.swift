import Conformance
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Instruments
import JSONLine
import Testing
import TestSupport
@testable import TouchTrackerApp

/// `check FILE --html OUT` (issue 26) on every recording of
/// `Tests/Recordings/`: the page parses as XML, has no script, draws one
/// timeline bar per contact the recording holds (counted here straight
/// from its JSON lines), and its table says what `check --json` says.
@Suite struct CheckHTMLTests {
    /// The parts of the page the tests read, gathered by an XML parser.
    final class PageReader: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var bars = 0, ticks = 0, cancels = 0, histograms = 0, pressureLines = 0
        /// The check table's rows, each its cells' text.
        var tableRows: [[String]] = []
        var caption = ""
        var verdict = ""
        private var inCheckTable = false
        private var cell: String?
        private var row: [String]?
        private var inCaption = false, inVerdict = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append(name)
            let classes = (attributes["class"] ?? "").split(separator: " ")
            if name == "rect", classes.contains("bar") { bars += 1 }
            if name == "line", classes.contains("frame") { ticks += 1 }
            if name == "path", classes.contains("cancel") { cancels += 1 }
            if name == "svg", classes.contains("histogram") { histograms += 1 }
            if name == "svg", classes.contains("pressure") { pressureLines += 1 }
            if name == "table" { inCheckTable = attributes["id"] == "check" }
            if inCheckTable, name == "tr" { row = [] }
            if inCheckTable, name == "td" { cell = "" }
            if inCheckTable, name == "caption" { inCaption = true }
            if name == "p", attributes["id"] == "verdict" { inVerdict = true }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if cell != nil { cell! += string }
            if inCaption { caption += string }
            if inVerdict { verdict += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "td", let text = cell { row?.append(text); cell = nil }
            if name == "tr", let finished = row { if !finished.isEmpty { tableRows.append(finished) }; row = nil }
            if name == "table" { inCheckTable = false }
            if name == "caption" { inCaption = false }
            if name == "p" { inVerdict = false }
        }
    }

    private func page(_ name: String) throws -> (html: String, report: CompositorReport, reader: PageReader) {
        let path = "\(RecordingCorpusTests.directory)/\(name).ttrec"
        let recording = try Recording.read(path: path)
        let report = CompositorReport(recording, name: "\(name).ttrec")
        let html = CheckReportHTML.page(recording, report: report, name: "\(name).ttrec")
        let reader = PageReader()
        let parser = XMLParser(data: Data(html.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "well-formed: \(String(describing: parser.parserError))")
        return (html, report, reader)
    }

    /// The contacts in a recording, counted from its lines: a touch down,
    /// a tablet tool down, a press of the pointer's left button.
    private func contacts(in name: String) throws -> Int {
        let text = String(decoding: try #require(AppHarness.read("\(RecordingCorpusTests.directory)/\(name).ttrec")),
                          as: UTF8.self)
        var count = 0
        for line in text.split(separator: "\n") {
            guard let object = try JSONValue.parse(String(line)).objectValue else { continue }
            let changes = (object["frame"] ?? object["events"])?.arrayValue ?? []
            let events = changes.compactMap(\.objectValue)
            switch object["device"]?.stringValue {
            case "touch", "tablet":
                count += events.filter { $0["event"]?.stringValue == "down" }.count
            case "pointer":
                count += events.filter { event in
                    event["event"]?.stringValue == "button" && event["button"]?.numberValue == 272
                        && event["state"]?.stringValue == "pressed"
                }.count
            default:
                break
            }
        }
        return count
    }

    @Test(arguments: RecordingCorpusTests.names)
    func thePageParsesAndHasNoScript(name: String) throws {
        let (html, _, reader) = try page(name)
        #expect(reader.elements.first == "html")
        #expect(!reader.elements.contains("script"))
        #expect(!html.contains("http://") || !html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
            .contains("http://"), "nothing fetched: the only URL is SVG's namespace")
        #expect(!html.contains("https://"))
        #expect(reader.elements.contains("svg") || !html.contains("<svg"))
    }

    @Test(arguments: RecordingCorpusTests.names)
    func oneTimelineBarPerContact(name: String) throws {
        let (_, _, reader) = try page(name)
        let expected = try contacts(in: name)
        #expect(reader.bars == expected)
        #expect(reader.ticks >= 2 * expected, "at least a down and an up tick for each")
    }

    @Test(arguments: RecordingCorpusTests.names)
    func theTableIsCheckJSON(name: String) throws {
        let (_, report, reader) = try page(name)
        let json = try #require(try JSONValue.parse(report.json).objectValue)
        let rows = try #require(json["rows"]?.arrayValue).compactMap(\.objectValue).map { row in
            ["row", "title", "result", "evidence"].map { row[$0]?.stringValue ?? "" }
        }
        #expect(reader.tableRows == rows)
        #expect(reader.caption == json["recording"]?.stringValue)
        #expect((reader.verdict == "no row failed") == (json["failed"]?.boolValue == false))
    }

    @Test func theQuirksRecordingShowsItsCancelItsPenAndItsIntervals() throws {
        let (_, _, reader) = try page("scripted-quirks")
        #expect(reader.cancels >= 1, "the cancelled touches are crossed")
        #expect(reader.pressureLines >= 1, "the pen stroke's pressure is drawn")
        #expect(reader.histograms >= 2, "touch and tablet intervals")
    }

    @Test func theCommandWritesThePageAndPrintsTheTable() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-html")
        let recording = "\(RecordingCorpusTests.directory)/scripted-gestures.ttrec"
        let out = directory.path + "/report.html"
        #expect(Program.main(["touchtracker", "check", recording, "--html", out], conformance: Program.conformance) == 0)
        let written = String(decoding: try #require(AppHarness.read(out)), as: UTF8.self)
        let expected = CheckReportHTML.page(try Recording.read(path: recording),
                                            report: CompositorReport(try Recording.read(path: recording), name: recording),
                                            name: recording)
        #expect(written == expected)
        #expect(directory.entries() == ["report.html"], "no temporary file left")
        // A page that cannot be written is an error, not silence.
        try AppHarness.write(Array("not a directory".utf8), to: directory.path + "/file")
        #expect(Program.main(["touchtracker", "check", recording, "--html", directory.path + "/file/report.html"],
                            conformance: Program.conformance) == 1)
    }

    /// Issue 34: a seat named with U+FFFE (no XML character), U+202E
    /// (which reversed the page's own words after it) and 300 characters.
    @Test func aHostileSeatNameLeavesThePageWellFormedIsolatedAndShort() throws {
        let seat = "s\\ufffe\\uffff\\u202e" + String(repeating: "x", count: 300)
        let text = "{\"touchtrackerRecording\":1,\"app\":\"0.1.0\\u202e\",\"seats\":[{\"name\":\"\(seat)\",\"version\":8}]}\n"
            + "{\"t\":0.5,\"origin\":\"compositor\",\"seat\":\"\(seat)\",\"device\":\"touch\","
            + "\"frame\":[{\"event\":\"down\",\"id\":1,\"x\":10,\"y\":10,\"time\":500}]}\n"
            + "{\"t\":0.6,\"origin\":\"compositor\",\"seat\":\"\(seat)\",\"device\":\"touch\","
            + "\"frame\":[{\"event\":\"up\",\"id\":1,\"x\":10,\"y\":10,\"time\":600}]}\n"
        let recording = try Recording.parse(Array(text.utf8), name: "r.ttrec")
        let html = CheckReportHTML.page(recording, report: CompositorReport(recording, name: "r\u{202E}.ttrec"),
                                        name: "r\u{202E}.ttrec")
        let reader = PageReader()
        let parser = XMLParser(data: Data(html.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "well-formed: \(String(describing: parser.parserError))")
        #expect(reader.bars == 1)
        for scalar in [0xFFFE, 0xFFFF, 0x202E].compactMap(Unicode.Scalar.init) {
            #expect(!html.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16, uppercase: true)) left out")
        }
        #expect(html.contains("<th>seats</th><td><bdi>s\u{FFFD}\u{FFFD}\u{FFFD}xx"), "the recording's text isolated")
        #expect(html.contains("<caption><bdi>"))
        #expect(!html.contains(String(repeating: "x", count: CheckReportHTML.textLimit)), "long text cut")
    }

    /// `strokes` pen strokes, each hovering in, down, moving, lifted (the
    /// lifting frame's pressure 0), hovering with a pressure and leaving.
    private func penRecording(strokes: Int) throws -> Recording {
        var text = "{\"touchtrackerRecording\":1,\"app\":\"0.1.0\",\"seats\":[{\"name\":\"seat0\",\"version\":8}]}\n"
        var time = 0
        func frame(_ events: String, pressure: String?) {
            time += 4
            text += "{\"t\":\(Double(time) / 1000),\"origin\":\"compositor\",\"seat\":\"seat0\",\"device\":\"tablet\","
                + "\"tool\":{\"id\":0,\"type\":\"pen\",\"serial\":\"1\",\"capabilities\":[\"pressure\"]},"
                + "\"events\":[\(events)],\"x\":60,\"y\":150" + (pressure.map { ",\"pressure\":\($0)" } ?? "")
                + ",\"changed\":[\"position\"\(pressure == nil ? "" : ",\"pressure\"")],\"time\":\(time)}\n"
        }
        for _ in 0..<strokes {
            frame("{\"event\":\"proximity_in\",\"tablet\":\"t\"}", pressure: nil)
            frame("{\"event\":\"down\"}", pressure: "0.5")
            frame("", pressure: "0.75")
            frame("{\"event\":\"up\"}", pressure: "0")
            frame("", pressure: "0.25")
            frame("{\"event\":\"proximity_out\"}", pressure: nil)
        }
        return try Recording.parse(Array(text.utf8), name: "pen.ttrec")
    }

    /// Issue 34: `--html` took 67 s for a recording `check` read in 0.9 s:
    /// each pen frame with a pressure while hovering searched every contact
    /// so far for a stroke it lifted. The lifting frame's stroke is now
    /// looked up; N and 4N strokes are drawn alike, each with its down,
    /// moving and lifting pressures and none of the hovering one.
    @Test(arguments: [250, 1000])
    func everyPenStrokeKeepsItsOwnPressuresAndNoHoveringOne(strokes: Int) throws {
        let recording = try penRecording(strokes: strokes)
        let timeline = RecordingTimeline(recording)
        #expect(timeline.contacts.count == strokes)
        #expect(timeline.contacts.allSatisfy { $0.pressure.map(\.value) == [0.5, 0.75, 0] })
        let html = CheckReportHTML.page(recording, report: CompositorReport(recording, name: "pen.ttrec"), name: "pen.ttrec")
        #expect(html.components(separatedBy: "<svg class=\"pressure\"").count - 1 == strokes)
    }

    @Test func longTextIsCutAndNonCharactersReplaced() {
        #expect(CheckReportHTML.shortened(String(repeating: "é", count: 200)) == String(repeating: "é", count: 200))
        #expect(CheckReportHTML.shortened(String(repeating: "é", count: 201))
                == String(repeating: "é", count: 200) + "… (402 bytes)")
        // Swift's literals refuse non-characters: made of their code points.
        var hostile = String.UnicodeScalarView()
        hostile.append(contentsOf: [0x61, 0xFDD0, 0x62, 0x1FFFF, 0x2067, 0x63, 0x0D].compactMap(Unicode.Scalar.init))
        #expect(CheckReportHTML.escape(String(hostile)) == "a\u{FFFD}b\u{FFFD}\u{FFFD}c\u{FFFD}")
        #expect(CheckReportHTML.quoted("<שלום>") == "<bdi>&lt;שלום&gt;</bdi>")
    }

    @Test func textIsEscapedAndNumbersAreFixed() {
        #expect(CheckReportHTML.escape("a<b & \"c\"\u{1}") == "a&lt;b &amp; &quot;c&quot;\u{FFFD}")
        #expect(CheckReportHTML.fixed(12.3456, 2) == "12.35")
        #expect(CheckReportHTML.fixed(-0.001, 1) == "0.0")
        #expect(CheckReportHTML.fixed(7, 0) == "7")
        #expect(CheckReportHTML.fixed(0.05, 3) == "0.050")
    }
}
