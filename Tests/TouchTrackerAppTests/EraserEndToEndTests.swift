import Canvas
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// An eraser tool (`zwp_tablet_tool_v2.type` eraser) through the whole
/// stack: it erases whole lines as one undo step, and draws nothing.
@Suite struct EraserEndToEndTests {
    static let eraserType: UInt32 = 0x141

    @Test func eraserStrokesRemoveTheLinesTheyCrossAndUndoBringsThemBack() throws {
        let lines = [line(100, 50, 100, 250), line(200, 50, 200, 250), line(300, 50, 300, 250)]
        let app = try AppHarness(lines: lines, tablets: true)
        let eraser = try Pen(app, type: Self.eraserType)
        try eraser.enter(50, 150)
        try eraser.down(50, 150)
        try eraser.move(150, 150)
        #expect(app.pixel(100, 100) == Colour.white, "gone while the eraser is still down")
        #expect(app.pixel(200, 100) == Colour.black)
        try eraser.move(250, 150)
        #expect(app.pixel(200, 100) == Colour.white)
        #expect(app.pixel(150, 150) == Colour.white, "the eraser leaves no red line")
        try eraser.up()
        try eraser.leave()
        #expect(try app.savedLines() == [line(300, 50, 300, 250)])
        #expect(app.pixel(300, 100) == Colour.black)

        try app.focusKeyboard()
        try app.press(44, modifiers: ModifierMask.control)  // Ctrl+Z
        #expect(Set(try app.savedLines()) == Set(lines), "one undo for the whole stroke")
        #expect(app.pixel(100, 100) == Colour.black && app.pixel(200, 100) == Colour.black)
    }

    @Test func thePenStillDrawsAndAnEraserTapErasesWithoutAMenu() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], tablets: true)
        let pen = try Pen(app)
        let eraser = try Pen(app, type: Self.eraserType)
        try pen.stroke(from: Point(x: 50, y: 200), to: Point(x: 250, y: 200))
        try eraser.tap(200, 104)
        #expect(!app.menu.isMenuVisible)
        #expect(try app.savedLines() == [line(50, 200, 250, 200)])
    }

    @Test func anEraserRemovedMidStrokePutsTheLinesBack() throws {
        let app = try AppHarness(lines: [line(200, 50, 200, 250)], tablets: true)
        let eraser = try Pen(app, type: Self.eraserType)
        try eraser.enter(150, 150)
        try eraser.down(150, 150)
        try eraser.move(250, 150)
        #expect(app.pixel(200, 100) == Colour.white)
        try app.send { eraser.tool.remove() }
        #expect(app.pixel(200, 100) == Colour.black, "a stroke that did not end erases nothing")
        #expect(try app.savedLines() == [line(200, 50, 200, 250)])
    }
}
