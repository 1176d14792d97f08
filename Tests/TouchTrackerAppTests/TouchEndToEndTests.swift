import Canvas
import Decorations
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// SPEC §6 through the whole stack: `wl_touch` events from the test
/// compositor, the real session, and the pixels of the buffers it presents.
@Suite struct TouchEndToEndTests {
    @Test func twoFingersDrawTwoLinesAtOnceRedWhileDownBlackAfterLift() throws {
        let app = try AppHarness()
        try app.send {
            app.seat.touchDown(on: app.surface.resource, id: 1, x: 50, y: 50, time: app.time)
            app.seat.touchDown(on: app.surface.resource, id: 2, x: 50, y: 150, time: app.time)
            app.seat.touchFrame()
        }
        for step in 1...5 {
            let x = 50 + 50 * Double(step)
            try app.send {
                app.seat.touchMotion(id: 1, x: x, y: 50, time: app.time)
                app.seat.touchMotion(id: 2, x: x, y: 150, time: app.time)
                app.seat.touchFrame()
            }
        }
        for x in [60.0, 150, 290] {
            #expect(app.pixel(x, 50) == Colour.red, "finger 1's line at x \(x)")
            #expect(app.pixel(x, 150) == Colour.red, "finger 2's line at x \(x)")
        }
        #expect(app.pixel(150, 100) == Colour.white, "nothing between them")
        #expect(try app.savedLines().isEmpty, "lines in progress are not saved")

        try app.send {
            app.seat.touchUp(id: 1, time: app.time)
            app.seat.touchUp(id: 2, time: app.time)
            app.seat.touchFrame()
        }
        for x in [60.0, 150, 290] {
            #expect(app.pixel(x, 50) == Colour.black)
            #expect(app.pixel(x, 150) == Colour.black)
        }
        #expect(app.pixel(320, 50) == Colour.white, "the line ends where the finger lifted")
        #expect(Set(try app.savedLines()) == [line(50, 50, 300, 50), line(50, 150, 300, 150)])
    }

    @Test func cancelDiscardsOnlyTheCancelledSeatsLineInProgress() throws {
        let app = try AppHarness(seatNames: ["seat0", "seat1"])
        let (first, second) = (app.seats[0], app.seats[1])
        try app.stroke(from: Point(x: 50, y: 30), to: Point(x: 300, y: 30))
        try app.down(1, 50, 100, seat: first)
        try app.down(1, 50, 200, seat: second)
        for step in 1...5 {
            try app.move(1, 50 + 50 * Double(step), 100, seat: first)
            try app.move(1, 50 + 50 * Double(step), 200, seat: second)
        }
        #expect(app.pixel(200, 100) == Colour.red)
        #expect(app.pixel(200, 200) == Colour.red)

        try app.send { second.touchCancel() }
        #expect(app.pixel(200, 200) == Colour.white, "the cancelled finger's line is gone")
        #expect(app.pixel(200, 100) == Colour.red, "the other seat's finger still draws")
        #expect(app.pixel(200, 30) == Colour.black, "finished lines stay")

        try app.up(1, seat: first)
        #expect(app.pixel(200, 100) == Colour.black)
        #expect(app.pixel(200, 200) == Colour.white, "no black line where the cancelled finger drew")
        #expect(try app.savedLines() == [line(50, 30, 300, 30), line(50, 100, 300, 100)])
    }

    @Test func tapWithinTwentyPointsSelectsShowsDeleteAndDeleteRemovesTheLine() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100), line(100, 220, 300, 220)])
        #expect(app.pixel(200, 100) == Colour.black)

        try app.tap(200, 121)
        #expect(app.canvas.drawing.selectedLineID == nil, "21 pt away")
        #expect(!app.menu.isMenuVisible)
        #expect(app.pixel(200, 100) == Colour.black)

        try app.tap(200, 120)
        #expect(app.pixel(110, 108) == Colour.accent, "20 pt away: selected, ringed in the accent colour")
        #expect(app.pixel(290, 92) == Colour.accent)
        #expect(app.pixel(110, 100) == Colour.black, "in its own colour")
        #expect(app.pixel(200, 220) == Colour.black)
        let layout = try #require(app.menu.layout)
        #expect(layout.items.map(\.title) == ["Delete"])
        let bubble = layout.frame.inCanvas
        #expect(bubble.insetBy(dx: -40, dy: -40).contains(Point(x: 200, y: 120)), "the menu points at the tap")
        #expect(Colour.isMenuBubble(app.pixel(bubble.minX + 4, bubble.midY)), "the bubble is painted")
        #expect(Colour.isMenuBubble(app.pixel(bubble.maxX - 4, bubble.midY)))

        let item = layout.items[0].frame.inCanvas
        try app.down(5, item.midX, item.midY)
        try app.up(5)
        try app.wait(0.5)
        #expect(!app.menu.isMenuVisible)
        #expect(app.pixel(200, 100) == Colour.white, "the line is gone")
        #expect(app.pixel(110, 100) == Colour.white)
        #expect(app.pixel(bubble.minX + 4, bubble.midY) == Colour.white, "and so is the menu")
        #expect(app.pixel(200, 220) == Colour.black)
        #expect(try app.savedLines() == [line(100, 220, 300, 220)])
    }

    @Test func doubleTapClearsEverythingAndSavesAnEmptyDrawing() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100), line(100, 220, 300, 220)])
        try app.tap(200, 105)
        #expect(app.menu.isMenuVisible)
        // A tap outside the menu only closes it (issue 36): the double tap follows.
        try app.tap(50, 50)
        #expect(!app.menu.isMenuVisible && app.canvas.drawing.count == 2)
        try app.down(9, 50, 50)
        try app.up(9)
        try app.down(9, 52, 51)
        try app.up(9)
        try app.wait(0.5)
        #expect(!app.menu.isMenuVisible)
        #expect(app.canvas.drawing.selectedLineID == nil)
        // White but for the toast that offers the lines back (issue 36).
        #expect(app.session.firstWindow.scene.toasts.current?.title == CanvasScene.drawingClearedTitle)
        try app.wait(Toast.defaultTimeout)
        #expect(app.showsEmptyCanvas, "a white canvas, saying how to draw again")
        #expect(app.fileExists)
        #expect(try app.savedLines().isEmpty)
    }

    @Test func longPressThenMoveMovesTheLineByTheFingersMovement() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)])
        try app.down(1, 200, 105)
        try app.wait(0.6)
        #expect(app.showsSelectedLine(at: 200, 100), "picked up")
        for (x, y) in [(206.0, 113.0), (215.0, 120.0), (221.5, 131.25), (230.0, 145.0)] {
            try app.move(1, x, y)
        }
        #expect(app.pixel(200, 100) == Colour.white, "no longer where it was")
        #expect(app.showsSelectedLine(at: 230, 140), "moved by (30, 40)")
        try app.up(1)
        #expect(app.pixel(230, 140) == Colour.black, "released")
        #expect(app.pixel(131, 140) == Colour.black)
        #expect(app.pixel(122, 140) == Colour.white, "the line starts at x 130")
        #expect(try app.savedLines() == [line(130, 140, 330, 140)], "nothing drawn, the line moved exactly")
    }

    @Test func aLongPressReleasedWithoutMovingLeavesNothingSelected() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)])
        try app.down(1, 200, 105)
        try app.wait(0.6)
        #expect(app.showsSelectedLine(at: 200, 100))
        try app.up(1)
        try app.wait(0.5)
        #expect(app.canvas.drawing.selectedLineID == nil, "released when the finger lifts")
        #expect(!app.menu.isMenuVisible, "a long press is not also a tap")
        #expect(app.pixel(200, 100) == Colour.black)
        #expect(try app.savedLines() == [line(100, 100, 300, 100)])
    }

    @Test func framesArePacedAndDamageCoversOnlyTheMovingLine() throws {
        let app = try AppHarness(lines: [line(20, 250, 380, 250)])
        // The line's own damage; the predicted tip's is PredictedTipTests'.
        app.canvas.predictsTip = false
        try app.down(1, 50, 50)
        try app.move(1, 100, 50)
        try app.move(1, 150, 50)
        #expect(app.pixel(120, 50) == Colour.red)
        // Idle, the app draws the next motion at once; that frame's
        // callback then paces the motions that follow.
        let commits = app.surface.commits.count
        func motion(_ x: Double) throws {
            app.seat.touchMotion(id: 1, x: x, y: 50, time: app.time)
            app.seat.touchFrame()
            try app.settle()
            app.advance(by: 0.01)
        }
        try motion(160)
        #expect(app.surface.commits.count == commits + 1)
        #expect(app.surface.pendingFrameCount == 1)
        for x in [170.0, 180, 190] { try motion(x) }
        #expect(app.surface.commits.count == commits + 1, "nothing is drawn before the frame callback")
        app.compositor.completeFrames(time: app.time)
        try app.settle()
        #expect(app.surface.commits.count == commits + 2, "one commit for three motions")
        let commit = app.presented
        #expect(commit.attachedBuffer)
        #expect(app.pixel(185, 50) == Colour.red)
        let damage = commit.bufferDamage
        #expect(!damage.isEmpty)
        // The line from (50, 50) to (190, 50) painted 5 pt either side, with
        // room for a selection ring (5) and antialiasing (1): 11, +1 for rounding.
        let reach = Int32(CanvasMetrics.paintReach(for: line(50, 50, 190, 50))) + 1
        #expect(reach == 12)
        for rect in damage {
            // The line is 40 points down the window, under the toolbar.
            #expect(rect.x >= 50 - reach && rect.y >= 90 - reach && rect.x + rect.width <= 190 + reach
                        && rect.y + rect.height <= 90 + reach, "damage \(rect) outside the moving line")
        }
        let area = damage.reduce(0) { $0 + Int($1.width) * Int($1.height) }
        #expect(area < Int(AppHarness.width * AppHarness.height) / 10)
    }
}
