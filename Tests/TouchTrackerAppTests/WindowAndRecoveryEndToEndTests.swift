import Canvas
import Testing
import TestSupport
@testable import TouchCore
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// The rest of what a user meets through the whole stack: the menu by
/// keyboard, undoing a clear and a move, resizing, a HiDPI output, devices
/// going away mid-stroke, and a drawing that cannot be saved.
@Suite struct WindowAndRecoveryEndToEndTests {
    @Test func theMenuWorksFromTheKeyboard() throws {
        let app = try AppHarness(lines: [line(100, 220, 300, 220)])
        try app.focusKeyboard()
        try app.tap(200, 225)
        let bubble = try #require(app.menu.layout).frame.inCanvas
        let idle = app.pixel(bubble.minX + 4, bubble.midY)
        try app.press(103) // KEY_UP highlights the only item
        #expect(app.menu.highlightedIndex == 0)
        #expect(app.pixel(bubble.minX + 4, bubble.midY) != idle, "the highlight is painted")
        try app.press(28) // KEY_ENTER activates it
        #expect(!app.menu.isMenuVisible)
        #expect(app.pixel(110, 220) == Colour.white)
        #expect(try app.savedLines().isEmpty)
    }

    @Test func undoBringsBackAClearedDrawing() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100), line(100, 220, 300, 220)])
        try app.focusKeyboard()
        try app.down(9, 50, 50)
        try app.up(9)
        try app.down(9, 50, 50)
        try app.up(9)
        try app.wait(0.5)
        #expect(try app.savedLines().isEmpty)
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        #expect(app.pixel(200, 100) == Colour.black)
        #expect(app.pixel(200, 220) == Colour.black)
        #expect(Set(try app.savedLines()) == [line(100, 100, 300, 100), line(100, 220, 300, 220)])
    }

    @Test func undoPutsAMovedLineBack() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)])
        try app.focusKeyboard()
        try app.down(1, 200, 100)
        try app.wait(0.6)
        for y in [115.0, 130, 150] { try app.move(1, 200, y) }
        try app.up(1)
        #expect(try app.savedLines() == [line(100, 150, 300, 150)])
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        #expect(app.pixel(200, 100) == Colour.black)
        #expect(app.pixel(200, 150) == Colour.white)
        #expect(try app.savedLines() == [line(100, 100, 300, 100)], "the whole move is one step")
    }

    @Test func aResizedWindowShowsTheDrawingAndDrawsEverywhere() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)])
        app.toplevel.configure(width: 600, height: 450)
        try app.frame()
        #expect(app.presented.bufferWidth == 600 && app.presented.bufferHeight == 450)
        #expect(app.pixel(200, 100) == Colour.black)
        #expect(app.pixel(500, 400) == Colour.white)
        try app.stroke(from: Point(x: 350, y: 400), to: Point(x: 580, y: 400))
        #expect(app.pixel(550, 400) == Colour.black, "the canvas follows the new size")
        #expect(try app.savedLines() == [line(100, 100, 300, 100), line(350, 400, 580, 400)])
    }

    @Test func onAHiDPIOutputLinesAreDrawnAtTwiceThePixels() throws {
        let app = try AppHarness(outputScale: 2)
        #expect(app.presented.bufferWidth == 2 * AppHarness.width)
        #expect(app.presented.bufferScale == 2)
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        #expect(try app.savedLines() == [line(50, 100, 300, 100)], "input stays in logical points")
        #expect(app.pixel(200, 100) == Colour.black)
        // 10 points wide: 20 pixels, from y 190 to 210.
        #expect(app.presented.pixel(x: 400, y: 272) == Colour.black)
        #expect(app.presented.pixel(x: 400, y: 287) == Colour.black)
        #expect(app.presented.pixel(x: 400, y: 266) == Colour.white)
        #expect(app.presented.pixel(x: 400, y: 293) == Colour.white)
    }

    @Test func movingToAHiDPIOutputRedrawsSharplyAtTheNewScale() throws {
        let app = try AppHarness(outputScale: 1)
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        let output = try #require(app.output)
        app.surface.enter(output)
        output.setScale(2)
        try app.frame()
        try app.frame()
        #expect(app.presented.bufferWidth == 2 * AppHarness.width)
        #expect(app.presented.bufferScale == 2)
        #expect(app.presented.pixel(x: 400, y: 272) == Colour.black)
        #expect(app.presented.pixel(x: 400, y: 287) == Colour.black)
        #expect(app.presented.pixel(x: 400, y: 266) == Colour.white)
        #expect(app.presented.pixel(x: 100, y: 180) == Colour.white)
    }

    @Test func aTouchScreenUnpluggedMidStrokeLeavesNoHalfLine() throws {
        let app = try AppHarness()
        try app.down(1, 50, 100)
        for step in 1...4 { try app.move(1, 50 + 60 * Double(step), 100) }
        #expect(app.pixel(200, 100) == Colour.red)
        try app.send { app.seat.setCapabilities([.pointer, .keyboard]) }
        #expect(app.pixel(200, 100) == Colour.white)
        #expect(app.session.firstWindow.window.activeTouches.isEmpty, "no finger left down")
        #expect(try app.savedLines().isEmpty)

        try app.send { app.seat.setCapabilities(.all) }
        try app.pump { app.seat.liveTouches == 1 }
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        #expect(try app.savedLines() == [line(50, 200, 300, 200)], "a touch screen plugged back in draws")
    }

    @Test func thePointerLeavingMidDragCancelsTheStroke() throws {
        let app = try AppHarness()
        try app.pointerEnter(60, 80)
        try app.pointerButton(0x110, pressed: true)
        for step in 1...4 { try app.pointerMotion(60 + 60 * Double(step), 80) }
        #expect(app.pixel(200, 80) == Colour.red)
        try app.send {
            app.seat.pointerLeave(app.surface.resource)
            app.seat.pointerFrame()
        }
        #expect(app.pixel(200, 80) == Colour.white)
        #expect(try app.savedLines().isEmpty)
        #expect(app.session.firstWindow.window.activeTouches.isEmpty)
    }

    @Test func aMouseUnpluggedMidDragLeavesNoHalfLine() throws {
        let app = try AppHarness()
        try app.pointerEnter(60, 80)
        try app.pointerButton(0x110, pressed: true)
        for step in 1...4 { try app.pointerMotion(60 + 60 * Double(step), 80) }
        try app.send { app.seat.setCapabilities([.keyboard, .touch]) }
        #expect(app.pixel(200, 80) == Colour.white)
        #expect(try app.savedLines().isEmpty)
        #expect(app.session.firstWindow.window.activeTouches.isEmpty)
    }

    @Test func releasingTheButtonThenLeavingFinishesTheStroke() throws {
        let app = try AppHarness()
        try app.pointerEnter(60, 80)
        try app.pointerButton(0x110, pressed: true)
        for step in 1...4 { try app.pointerMotion(60 + 60 * Double(step), 80) }
        try app.pointerButton(0x110, pressed: false)
        try app.send {
            app.seat.pointerLeave(app.surface.resource)
            app.seat.pointerFrame()
        }
        #expect(app.pixel(200, 80) == Colour.black)
        #expect(try app.savedLines() == [line(60, 80, 300, 80)])
    }

    @Test func aDrawingThatCannotBeSavedIsReportedOnceAndKeptInMemory() throws {
        let app = try AppHarness(documentName: "sub/drawing.json")
        // A file where the drawing's directory should be: every save fails.
        #expect(rename(app.directory + "/sub", app.directory + "/away") == 0)
        try AppHarness.write([], to: app.directory + "/sub")
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        #expect(app.reports.count == 1, "\(app.reports)")
        #expect(app.reports.first?.hasPrefix("cannot save the drawing: ") == true)
        #expect(app.pixel(200, 100) == Colour.black, "the drawing stays on screen")

        unlink(app.directory + "/sub")
        try app.stroke(from: Point(x: 50, y: 250), to: Point(x: 300, y: 250))
        #expect(app.reports.count == 2)
        #expect(app.reports.last == "saved the drawing to \(app.documentPath) again")
        #expect(try app.savedLines().count == 3, "nothing drawn meanwhile is lost")
    }
}
