import Canvas
@testable import Instruments
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Hold to straighten through the whole stack on the scripted compositor:
/// the pixels presented, the drawing file saved, the recording replayed and
/// the trace printed.
@Suite struct HoldToStraightenEndToEndTests {
    /// A wobbly drag from (40, 150) to (360, 150) with finger 1: a slow
    /// wave of 10 points either side (1½ waves), left down at its end.
    private func wobblyDrag(_ app: AppHarness) throws {
        try app.down(1, 40, 150)
        for step in 1...32 {
            let t = Double(step) / 32
            try app.move(1, 40 + 320 * t, 150 + 10 * Double.sin(3 * Double.pi * t))
        }
    }

    @Test func aWobblyDragHeldSixTenthsOfASecondBecomesAStraightLineInTheFileAndInPixels() throws {
        let app = try AppHarness(settings: "tool = freehand\n")
        try wobblyDrag(app)
        // Where the wave went down to y = 140, the straight line passes at about 152.
        #expect(app.pixel(200, 140) == Colour.red && app.pixel(200, 153) == Colour.white, "as drawn, in progress")
        try app.wait(0.6)
        #expect(app.pixel(200, 140) == Colour.white && app.pixel(200, 153) == Colour.red, "straightened, still held")
        try app.up(1)
        #expect(app.pixel(200, 153) == Colour.black && app.pixel(200, 140) == Colour.white)
        #expect(app.pixel(93, 160) == Colour.white, "nor the wave's crest")
        let saved = try app.savedLines()
        let line = try #require(saved.first)
        #expect(saved.count == 1 && !line.isFreehand, "a straight line in the file: \(saved)")
        #expect(line.begin.distance(to: Point(x: 40, y: 150)) < 6 && line.end.distance(to: Point(x: 360, y: 150)) < 6, "\(line)")
    }

    @Test func theStraighteningReplaysFromTheRecordingAndUndoesToTheDrag() throws {
        let app = try AppHarness(settings: "tool = freehand\n", record: true)
        try wobblyDrag(app)
        try app.wait(0.6)
        try app.move(1, 380, 100)
        try app.up(1)
        let live = app.canvas.drawing.lines
        #expect(live.count == 1 && !live[0].isFreehand && live[0].end.distance(to: Point(x: 380, y: 100)) < 6)
        app.session.quit()
        let replayed = Replay(try Recording.read(path: app.recordingPath), report: { _ in }).run()
        #expect(replayed.lines == live)
        #expect(replayed.undo() != nil && replayed.lines.first?.isFreehand == true, "undo: the drag as drawn")
    }

    @Test func theTraceShowsTheHoldRecognizer() throws {
        let app = try AppHarness(trace: true, settings: "tool = freehand\n")
        try wobblyDrag(app)
        try app.wait(0.6)
        try app.up(1)
        let lines = app.logLines
        #expect(lines.contains(#"{"trace":"state","recognizer":"holdToStraighten","from":"possible","to":"began"}"#))
        #expect(lines.contains(#"{"trace":"action","recognizer":"holdToStraighten","action":"straighten","target":"CanvasView"}"#))
        #expect(lines.contains(#"{"trace":"state","recognizer":"holdToStraighten","from":"changed","to":"ended"}"#)
            || lines.contains(#"{"trace":"state","recognizer":"holdToStraighten","from":"began","to":"ended"}"#))
    }
}
