import Canvas
@testable import Instruments
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The lasso, the selection's transforms and hold to straighten recorded on
/// the scripted compositor and replayed (issue 38): the replay ends in the
/// drawing the live session ended in, selection and all.
@Suite struct SelectionReplayEndToEndTests {
    private func moveTogether(_ app: AppHarness, _ a: (Int32, Double, Double), _ b: (Int32, Double, Double)) throws {
        try app.send {
            app.seat.touchMotion(id: a.0, x: a.1, y: a.2, time: app.time)
            app.seat.touchMotion(id: b.0, x: b.1, y: b.2, time: app.time)
            app.seat.touchFrame()
        }
    }

    @Test func aLassoADragATwoFingerTurnAndAStraightenedStrokeReplayAsDrawn() throws {
        let app = try AppHarness(record: true)
        try app.stroke(1, from: Point(x: 100, y: 150), to: Point(x: 300, y: 150))
        try app.stroke(2, from: Point(x: 120, y: 180), to: Point(x: 280, y: 170))
        try app.focusKeyboard()
        try app.press(EvdevKey.s)
        // The loop round both lines.
        try app.down(3, 80, 120)
        for (x, y) in [(320.0, 120.0), (320, 210), (80, 210), (80, 122)] { try app.move(3, x, y) }
        try app.up(3)
        try app.wait(0.5)
        // One finger drags the selection.
        try app.down(4, 200, 160)
        for step in 1...6 { try app.move(4, 200 + 5 * Double(step), 160 + 3 * Double(step)) }
        try app.up(4)
        try app.wait(0.5)
        // Two fingers turn it a quarter turn.
        try app.down(5, 170, 175)
        try app.down(6, 290, 175)
        for step in 1...10 {
            let angle = Double.pi / 2 * Double(step) / 10
            let dx = 60 * Double.cos(angle), dy = 60 * Double.sin(angle)
            try moveTogether(app, (5, 230 - dx, 175 - dy), (6, 230 + dx, 175 + dy))
        }
        try app.up(5)
        try app.up(6)
        try app.wait(0.5)
        // A freehand stroke held still at its end becomes a straight line.
        try app.press(EvdevKey.escape)
        try app.press(EvdevKey.f)
        try app.down(7, 40, 40)
        for step in 1...24 {
            let t = Double(step) / 24
            try app.move(7, 40 + 320 * t, 40 + 8 * Double.sin(3 * Double.pi * t))
        }
        try app.wait(0.6)
        try app.up(7)

        let live = app.canvas.drawing
        try #require(live.lines.count == 3, "\(live.lines) tool \(app.canvas.tool)")
        #expect(live.lines.prefix(2).allSatisfy { abs($0.begin.x - $0.end.x) < abs($0.begin.y - $0.end.y) },
                "the two lines turned upright")
        #expect(!live.lines[2].isFreehand, "the held stroke straightened")
        app.session.quit()
        let recording = try Recording.read(path: app.recordingPath)
        let replayed = Replay(recording, report: { _ in }).run()
        #expect(replayed.lines == live.lines)
        #expect(replayed.selection.isEmpty && live.selection.isEmpty, "Escape ended the selection in both")
    }

    /// `--trace` shows the selection's recognizers: the rotation turning
    /// it, the pinch watching the same fingers.
    @Test func theTraceShowsTheSelectionsPinchAndRotation() throws {
        let app = try AppHarness(trace: true)
        try app.stroke(1, from: Point(x: 100, y: 150), to: Point(x: 300, y: 150))
        try app.focusKeyboard()
        try app.press(EvdevKey.s)
        try app.down(2, 80, 120)
        for (x, y) in [(320.0, 120.0), (320, 190), (80, 190), (80, 122)] { try app.move(2, x, y) }
        try app.up(2)
        try app.wait(0.5)
        try app.down(3, 140, 150)
        try app.down(4, 260, 150)
        for step in 1...10 {
            let angle = Double.pi / 2 * Double(step) / 10
            let dx = 60 * Double.cos(angle), dy = 60 * Double.sin(angle)
            try moveTogether(app, (3, 200 - dx, 150 - dy), (4, 200 + dx, 150 + dy))
        }
        try app.up(3)
        try app.up(4)
        let lines = app.logLines
        #expect(lines.contains(#"{"trace":"state","recognizer":"selectionRotation","from":"possible","to":"began"}"#))
        // A turn at a steady spread: the pinch watches the fingers and never begins.
        #expect(lines.contains { $0.contains(#""receiver":"selectionPinch""#) })
        #expect(!lines.contains { $0.contains(#""recognizer":"selectionPinch","from":"possible","to":"began""#) })
        #expect(lines.contains { $0.contains(#""recognizer":"selectionRotation","action":"selectionRotation""#) })
    }
}
