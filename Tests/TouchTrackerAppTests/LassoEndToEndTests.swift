@testable import Canvas
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The Select tool through the whole stack (issue 38): a line drawn, the
/// S key, a loop round the line, and two fingers turning it a quarter turn
/// on the scripted compositor; read back from the presented pixels and the
/// saved file.
@Suite struct LassoEndToEndTests {
    /// Both fingers move in one `wl_touch.frame`, as a compositor sends them.
    private func moveTogether(_ app: AppHarness, _ a: (Int32, Double, Double), _ b: (Int32, Double, Double)) throws {
        try app.send {
            app.seat.touchMotion(id: a.0, x: a.1, y: a.2, time: app.time)
            app.seat.touchMotion(id: b.0, x: b.1, y: b.2, time: app.time)
            app.seat.touchFrame()
        }
    }

    @Test func aLoopSelectsALineAndTwoFingersTurnItAQuarterTurn() throws {
        let app = try AppHarness()
        try app.stroke(from: Point(x: 100, y: 150), to: Point(x: 300, y: 150))
        try app.focusKeyboard()
        try app.press(EvdevKey.s)
        #expect(app.canvas.tool == .select)

        // The loop, dashed while it is drawn.
        try app.down(1, 80, 100)
        for (x, y) in [(320.0, 100.0), (320, 200)] { try app.move(1, x, y) }
        let dashes = stride(from: 90.0, through: 310, by: 1).filter { app.pixel($0, 100) == Colour.accent }.count
        #expect(dashes > 60 && dashes < 200, "a dashed outline along the loop's top: \(dashes) accent pixels")
        try app.move(1, 80, 200)
        try app.up(1)
        try app.wait(0.5)
        #expect(app.canvas.drawing.selection.count == 1)
        #expect(app.showsSelectedLine(at: 200, 150), "ringed in the accent colour")
        #expect(app.pixel(100, 150) != Colour.white)

        // Two fingers either side of the line's middle turn a quarter turn about it.
        try app.down(3, 140, 150)
        try app.down(4, 260, 150)
        for step in 1...12 {
            let angle = Double.pi / 2 * Double(step) / 12
            let dx = 60 * Double.cos(angle), dy = 60 * Double.sin(angle)
            try moveTogether(app, (3, 200 - dx, 150 - dy), (4, 200 + dx, 150 + dy))
        }
        try app.up(3)
        try app.up(4)
        try app.wait(0.5)

        #expect(app.pixel(200, 70) != Colour.white && app.pixel(200, 230) != Colour.white, "upright now")
        #expect(app.pixel(110, 150) == Colour.white && app.pixel(290, 150) == Colour.white,
                "gone from across, box and all: \(String(app.pixel(290, 150), radix: 16))")
        let saved = try #require(try app.savedLines().first)
        let ends = [saved.begin, saved.end].sorted { $0.y < $1.y }
        #expect(ends[0].distance(to: Point(x: 200, y: 50)) < 1e-6 && ends[1].distance(to: Point(x: 200, y: 250)) < 1e-6,
                "the file keeps the turned points: \(saved)")
        #expect(try app.savedLines().count == 1)
        app.canvas.undo()
        try app.frame()
        #expect(app.pixel(110, 150) != Colour.white, "undo turns it back")
    }
}
