import Canvas
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Palm rejection through the whole stack: a pen's proximity from the test
/// compositor's tablet, fingers from its touch screen, the pixels and the
/// drawing file of the real session, and its settings file.
@Suite struct PalmRejectionEndToEndTests {
    /// A resting palm: a finger down at (x, 200), dragged 100 points and lifted.
    private func palm(_ app: AppHarness, at x: Double, id: Int32 = 5) throws {
        try app.down(id, x, 200)
        try app.move(id, x + 50, 200)
        try app.move(id, x + 100, 200)
        try app.up(id)
    }

    private func saved(_ app: AppHarness) throws -> [Line] {
        app.fileExists ? try app.savedLines() : []
    }

    @Test func aPalmDuringPenProximityDrawsNothingAndOneASecondAfterItLeftDraws() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try pen.enter(200, 100)
        try palm(app, at: 50)
        #expect(app.pixel(100, 200) == Colour.white, "no dot, no line while the pen hovers")
        try pen.leave()
        try app.wait(1)
        try palm(app, at: 50, id: 6)
        #expect(app.pixel(100, 200) == Colour.black)
        #expect(try app.savedLines() == [line(50, 200, 150, 200)], "only the second finger drew")
    }

    @Test func aPalmJustAfterThePenLeftDrawsNothing() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try pen.stroke(from: Point(x: 50, y: 50), to: Point(x: 250, y: 50))
        try app.wait(PalmRejection.gracePeriod / 2)
        try palm(app, at: 50)
        #expect(app.pixel(100, 200) == Colour.white)
        #expect(try app.savedLines() == [line(50, 50, 250, 50)], "the pen's line, nothing of the palm")
    }

    @Test func aPalmThatLandedDuringProximityStaysIgnoredAfterThePenLeaves() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try pen.enter(200, 100)
        try app.down(5, 50, 200)
        try pen.leave()
        try app.wait(1)
        try app.move(5, 150, 200)
        try app.up(5)
        #expect(app.pixel(100, 200) == Colour.white)
        #expect(try saved(app).isEmpty)
    }

    @Test func aPalmDoubleTapDuringProximityClearsNothing() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], tablets: true)
        let pen = try Pen(app)
        try pen.enter(200, 250)
        for _ in 0..<2 {
            try app.down(5, 150, 150)
            try app.up(5)
        }
        try app.wait(0.5)
        #expect(app.pixel(200, 100) == Colour.black, "still there")
        #expect(app.canvas.drawing.count == 1)
    }

    @Test func aFingerAlreadyDrawingWhenThePenComesNearKeepsDrawing() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try app.down(1, 50, 200)
        try pen.enter(200, 100)
        try app.move(1, 150, 200)
        try app.up(1)
        #expect(try app.savedLines() == [line(50, 200, 150, 200)])
    }

    /// Opens the canvas menu with the pen's first barrel button at (x, y)
    /// and taps the item titled `title` with the pen; the pen stays near.
    private func choose(_ title: String, _ app: AppHarness, _ pen: Pen, at x: Double, _ y: Double) throws {
        try pen.enter(x, y)
        try app.send {
            pen.tool.button(0x14b, pressed: true)
            pen.tool.frame(time: app.time)
            pen.tool.button(0x14b, pressed: false)
            pen.tool.frame(time: app.time)
        }
        // The pen turns the menu's pages too: fingers near it are a palm's.
        let tapWithPen = { (point: Point) throws in
            try pen.move(point.x, point.y, pressure: 0)
            try pen.down(point.x, point.y)
            try pen.up()
        }
        let item = try #require(try app.menuItemFrame(title, pressingWith: tapWithPen), "\(title) is in the menu")
        try tapWithPen(item.center)
        try app.wait(0.5)
    }

    @Test func turnedOffFromTheMenuFingersDrawNearThePenAndTheChoiceIsRemembered() throws {
        let first = try AppHarness(tablets: true)
        let pen = try Pen(first)
        try choose("Palm Rejection Off", first, pen, at: 200, 250)
        #expect(!first.menu.isMenuVisible)
        try palm(first, at: 50)
        #expect(try first.savedLines() == [line(50, 200, 150, 200)], "the pen is near, and the finger draws")
        let text = AppHarness.read(first.settingsPath).map { String(decoding: $0, as: UTF8.self) }
        #expect(text?.contains("palm-rejection = off") == true)

        // Another drawing in the same directory: the first run still holds its own.
        let second = try AppHarness(documentName: "second.json", tablets: true, sharing: first.temporaryDirectory)
        let nextPen = try Pen(second)
        try nextPen.enter(200, 100)
        try palm(second, at: 50, id: 6)
        #expect(second.canvas.drawing.count == 1, "still off in the next run")
        try choose("Palm Rejection On", second, nextPen, at: 200, 250)
        try palm(second, at: 60, id: 7)
        #expect(second.canvas.drawing.count == 1, "on again: the palm draws nothing")
        let again = AppHarness.read(second.settingsPath).map { String(decoding: $0, as: UTF8.self) }
        #expect(again?.contains("palm-rejection = on") == true)
    }

    @Test func theSettingsFileTurnsItOff() throws {
        let app = try AppHarness(tablets: true, settings: "# mine\npalm-rejection = off\n")
        let pen = try Pen(app)
        try pen.enter(200, 100)
        try palm(app, at: 50)
        #expect(try app.savedLines() == [line(50, 200, 150, 200)])
        #expect(app.reports.isEmpty)
    }

    @Test func aMalformedSettingsFileIsReportedUsesTheDefaultsAndIsNeverOverwritten() throws {
        let contents = "palm-rejection = of\n"
        let app = try AppHarness(tablets: true, settings: contents)
        #expect(app.reports.count == 1)
        let report = app.reports.first ?? ""
        #expect(report.contains(app.settingsPath) && report.contains("line 1")
                    && report.contains("'on' or 'off', not 'of'") && report.contains("default"))
        let pen = try Pen(app)
        try pen.enter(200, 100)
        try palm(app, at: 50)
        #expect(try saved(app).isEmpty, "the default: palm rejection on")
        try choose("Palm Rejection Off", app, pen, at: 200, 250)
        try palm(app, at: 50, id: 6)
        #expect(try app.savedLines() == [line(50, 200, 150, 200)], "the menu's choice holds for this run")
        #expect(AppHarness.read(app.settingsPath) == Array(contents.utf8), "the file is as the user left it")
        #expect(app.reports.last?.contains("left as it is") == true, "and the user is told")
    }
}
