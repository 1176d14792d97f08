import Testing
@testable import Conformance
@testable import Instruments
@testable import TouchTrackerApp

/// What `touchtracker conformance` prints: TAP as `prove` reads it, the
/// summary line, JSON and JUnit XML (smoke.sh checks real runs' reports
/// with prove and against Tests/Conformance/junit.xsd with xmllint).
@Suite struct ConformanceReportTests {
    static let results = [
        CaseResult(id: "pointer-drag", rule: "wl_pointer: frames", outcome: .passed,
                   rows: [.init(id: .pointer, result: .pass, evidence: "3 frames")], seconds: 1.25),
        CaseResult(id: "tap", rule: "wl_touch: a tap", outcome: .failed(["no menu after the tap", "the <line> & more"]),
                   rows: [], seconds: 0.5),
        CaseResult(id: "tablet-pen-stroke", rule: "zwp_tablet_tool_v2", outcome: .skipped(reason: "no tablet"),
                   rows: [], seconds: 0),
    ]
    static let report = ConformanceReport(backend: "a back end", compositor: "weston (weston 10.0.1-1)", results: results)

    @Test func tapHasAPlanALineACaseAndTheSummaryLast() {
        #expect(Self.report.tap.split(separator: "\n") == [
            "TAP version 13",
            "1..3",
            "# touchtracker \(Version.string) conformance; compositor: weston (weston 10.0.1-1); input: a back end",
            "ok 1 - pointer-drag: wl_pointer: frames",
            "not ok 2 - tap: wl_touch: a tap",
            "#   no menu after the tap",
            "#   the <line> & more",
            "ok 3 - tablet-pen-stroke: zwp_tablet_tool_v2 # SKIP no tablet",
            "1 passed, 1 failed (1 skipped)",
        ])
    }

    @Test func theSummaryLeavesOutSkipsWhenThereAreNone() {
        #expect(ConformanceReport(backend: "b", compositor: "c", results: [Self.results[0]]).summary == "1 passed, 0 failed")
    }

    @Test func jsonCarriesEveryOutcomeAndTheCounts() {
        let json = Self.report.json
        #expect(json.hasPrefix(#"{"suite":"touchtracker conformance","version":"\#(Version.string)","compositor":"weston (weston 10.0.1-1)","input":"a back end","#))
        #expect(json.contains(#""id":"tap","rule":"wl_touch: a tap","result":"fail","failures":["no menu after the tap","the <line> & more"]"#))
        #expect(json.contains(#""result":"skip","reason":"no tablet""#))
        #expect(json.contains(#""rows":[{"row":"pointer","result":"pass","evidence":"3 frames"}],"seconds":1.25"#))
        #expect(json.hasSuffix(#""passed":1,"failed":1,"skipped":1}"#))
    }

    @Test func junitEscapesItsTextAndCountsLikeTap() {
        let xml = Self.report.junit
        #expect(xml.contains(#"<testsuites name="touchtracker conformance" tests="3" failures="1" errors="0" skipped="1" time="1.75">"#))
        #expect(xml.contains(#"<failure message="no menu after the tap" type="conformance">no menu after the tap"#
                             + "\nthe &lt;line&gt; &amp; more</failure>"))
        #expect(xml.contains(#"<skipped message="no tablet"/>"#))
        #expect(xml.contains("<system-out>wl_pointer: frames\npointer: pass, 3 frames</system-out>"))
    }

    @Test func xmlEscapingDropsWhatXMLCannotCarry() {
        #expect(ConformanceReport.escaped("a\u{1}b\"c\td") == "ab&quot;c\td")
    }
}
