@testable import Canvas
import TestSupport
import Testing
import TouchCore
@testable import TouchTrackerApp

/// `--trace` through the whole stack: the lines the real session prints,
/// interleaved with `--log-input`'s.
@Suite struct TraceEndToEndTests {
    @Test func aTapOnALineIsTracedAfterEachBatchUpToTheMenusDelete() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], logInput: true, trace: true)
        app.clearLog()
        try app.tap(200, 102)
        let lines = app.logLines
        let down = try #require(lines.firstIndex { $0.contains(#""device":"touch""#) && $0.contains(#""event":"down""#) })
        #expect(lines[down + 1] ==
            #"{"trace":"touches","phase":"began","receiver":"doubleTap","touches":[{"seat":"seat0","id":9,"kind":"finger"}]}"#,
            "the batch's own line first, then what the recognizers got")
        #expect(lines.contains(#"{"trace":"touches","phase":"began","receiver":"CanvasView","touches":[{"seat":"seat0","id":9,"kind":"finger"}]}"#))
        #expect(lines.contains(#"{"trace":"state","recognizer":"doubleTap","from":"possible","to":"failed"}"#))
        #expect(lines.contains(#"{"trace":"state","recognizer":"tap","from":"possible","to":"ended"}"#))
        #expect(lines.contains(#"{"trace":"action","recognizer":"tap","action":"tap","target":"CanvasView"}"#))
        #expect(lines.contains(#"{"trace":"touches","phase":"cancelled","receiver":"CanvasView","touches":[{"seat":"seat0","id":9,"kind":"finger"}]}"#),
                "the tap's dot is cancelled")
        let failed = try #require(lines.firstIndex(of: #"{"trace":"state","recognizer":"doubleTap","from":"possible","to":"failed"}"#))
        let tapped = try #require(lines.firstIndex(of: #"{"trace":"state","recognizer":"tap","from":"possible","to":"ended"}"#))
        #expect(failed < tapped, "the tap waits for the double tap to fail")

        app.clearLog()
        let item = try #require(app.menu.layout?.items.first)
        try app.down(5, item.frame.inCanvas.midX, item.frame.inCanvas.midY)
        try app.up(5)
        #expect(app.logLines.contains(#"{"trace":"walk","action":"deleteLine","asked":["CanvasView"],"takenBy":"CanvasView"}"#))
        #expect(try app.savedLines().isEmpty)
    }

    @Test func withoutTraceNoTraceLines() throws {
        let app = try AppHarness(logInput: true)
        try app.tap(50, 50)
        #expect(!app.logLines.isEmpty)
        #expect(!app.logLines.contains { $0.hasPrefix(#"{"trace""#) })
    }
}
