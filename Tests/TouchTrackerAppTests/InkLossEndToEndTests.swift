import Canvas
@testable import Decorations
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Issue 36, "Never lose ink", through the scripted compositor and the
/// saved file: a stroke begun while the paper glides, strokes after a
/// popover, and the lines of fingers down together as one undo step.
@Suite struct InkLossEndToEndTests {
    static let leftButton: UInt32 = 0x110

    // MARK: A glide bends no stroke

    /// A mouse drag begun while a flick still glides stops the glide at
    /// once: the horizontal drag is saved horizontal, where it was drawn.
    @Test func aMouseStrokeBegunDuringAGlideIsSavedAsDrawn() throws {
        let app = try AppHarness(settings: "fingers = navigate\n")
        try app.down(1, 50, 150)
        for step in 1...4 { try app.move(1, 50 + 40 * Double(step), 150) }
        try app.up(1)
        #expect(app.canvas.navigation.isMoving, "the flick glides on")
        try app.pointerEnter(100, 200)
        try app.pointerButton(Self.leftButton, pressed: true)
        #expect(!app.canvas.navigation.isMoving, "the button stopped the glide")
        let origin = app.canvas.viewport.origin
        for step in 1...5 { try app.pointerMotion(100 + 40 * Double(step), 200) }
        try app.pointerButton(Self.leftButton, pressed: false)
        try app.wait(0.5)
        #expect(app.canvas.viewport.origin == origin)
        #expect(try app.savedLines() == [line(origin.x + 100, origin.y + 200, origin.x + 300, origin.y + 200)])
        #expect(app.pixel(200, 200) != Colour.white && app.pixel(200, 190) == Colour.white, "drawn level")
    }

    /// Fingers coming to rest on a touchpad (a hold) stop the glide too:
    /// the view stays where they caught it.
    @Test func fingersRestingOnATouchpadStopTheGlide() throws {
        let app = try AppHarness(settings: "fingers = navigate\n", pointerGestures: true)
        try app.pointerEnter(200, 150)
        try app.down(1, 50, 150)
        for step in 1...4 { try app.move(1, 50 + 40 * Double(step), 150) }
        try app.up(1)
        #expect(app.canvas.navigation.isMoving)
        try app.send { app.seat.gestureBegin(.hold, on: app.surface.resource, fingers: 2, time: app.time) }
        #expect(!app.canvas.navigation.isMoving, "the hold caught it")
        let caught = app.canvas.viewport.origin
        try app.send { app.seat.gestureEnd(.hold, time: app.time) }
        try app.wait(0.5)
        #expect(app.canvas.viewport.origin == caught)
    }

    // MARK: A popover eats no stroke

    /// The colour popover's `row`, `column` button's middle, in the
    /// harness's (the canvas's) coordinates.
    private func colourChoice(_ app: AppHarness, row: Int, column: Int) throws -> Point {
        let popover = try #require(app.session.firstWindow.scene.chrome.colourPopover)
        let grid = try #require(popover.contentView as? ButtonGridView)
        let button = grid.rows[row][column]
        let centre = button.convert(button.bounds.center, to: nil)
        return Point(x: centre.x, y: centre.y - AppHarness.canvasTop)
    }

    /// Choosing a colour, then a width, each closes the popover (a palette
    /// is a one-shot choice): the drag after it draws, in that colour.
    @Test func aColourOrWidthChoiceClosesThePopoverAndTheNextDragDraws() throws {
        let app = try AppHarness()
        let chrome = app.session.firstWindow.scene.chrome
        app.session.firstWindow.application.sendAction(WindowChrome.showColours, to: nil, from: nil)
        let red = try colourChoice(app, row: 1, column: 1)
        try app.tap(red.x, red.y)
        #expect(chrome.colourPopover == nil, "choosing a colour closed it")
        app.session.firstWindow.application.sendAction(WindowChrome.showColours, to: nil, from: nil)
        let thick = try colourChoice(app, row: 3, column: 2)
        try app.tap(thick.x, thick.y)
        #expect(chrome.colourPopover == nil, "choosing a width closed it")
        try app.stroke(from: Point(x: 50, y: 150), to: Point(x: 350, y: 150))
        try app.wait(0.5)
        let saved = try app.savedLines()
        #expect(saved.map(\.begin) == [Point(x: 50, y: 150)] && saved.map(\.end) == [Point(x: 350, y: 150)])
        #expect(saved.map(\.style) == [StrokeStyle(color: .red, width: StrokeWidth(points: 20)!)])
    }

    /// With any popover open, a tap outside it only closes it (the line
    /// under it is not selected, nothing is drawn), and a drag that starts
    /// outside it closes it and draws, from where it went down.
    @Test(arguments: [WindowChrome.showColours, WindowChrome.showMainMenu, WindowChrome.showZoomOptions])
    func withAPopoverOpenATapOutsideOnlyClosesItAndADragDraws(opening: Action) throws {
        let existing = line(20, 250, 120, 250)
        let app = try AppHarness(lines: [existing])
        let chrome = app.session.firstWindow.scene.chrome
        func popover() -> PopoverView? { chrome.colourPopover ?? chrome.mainMenu ?? chrome.zoomOptions }
        app.session.firstWindow.application.sendAction(opening, to: nil, from: nil)
        let card = try #require(popover()).cardFrame
        #expect(!card.contains(Point(x: 60, y: 250 + AppHarness.canvasTop)), "the tap lands outside the card")
        try app.tap(60, 250)
        #expect(popover() == nil, "a tap outside closed it")
        #expect(app.canvas.drawing.selectedLineID == nil && !app.menu.isMenuVisible, "and did nothing else")
        #expect(try app.savedLines() == [existing])

        app.session.firstWindow.application.sendAction(opening, to: nil, from: nil)
        #expect(popover() != nil)
        try app.stroke(from: Point(x: 20, y: 200), to: Point(x: 120, y: 200))
        try app.wait(0.5)
        #expect(popover() == nil, "the drag closed it")
        #expect(try app.savedLines() == [existing, line(20, 200, 120, 200)], "and drew the whole stroke")
        #expect(app.pixel(22, 200) != Colour.white, "from where it went down")
    }

    // MARK: Fingers down together are one undo step

    /// With Fingers Navigate off, two fingers pinching draw two lines: one
    /// Ctrl+Z takes both back and one Ctrl+Shift+Z brings both back; the
    /// file, journal and all, says so after the session ends.
    @Test func theLinesOfAPinchUndoAndRedoAsOneStep() throws {
        let app = try AppHarness()
        try app.stroke(from: Point(x: 50, y: 50), to: Point(x: 350, y: 50))
        try app.wait(0.5)
        try app.down(1, 150, 150)
        try app.down(2, 250, 150)
        for step in 1...5 {
            try app.move(1, 150 - 20 * Double(step), 150 + 10 * Double(step))
            try app.move(2, 250 + 20 * Double(step), 150 - 10 * Double(step))
        }
        try app.up(1)
        try app.up(2)
        try app.wait(0.5)
        let drawn = [line(50, 50, 350, 50), line(150, 150, 50, 200), line(250, 150, 350, 100)]
        #expect(try app.savedLines() == drawn)
        try app.focusKeyboard()
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        try app.wait(0.5)
        #expect(try app.savedLines() == [drawn[0]], "one undo took both fingers' lines")
        try app.press(EvdevKey.z, modifiers: ModifierMask.control | ModifierMask.shift)
        try app.wait(0.5)
        #expect(try app.savedLines() == drawn, "one redo brought both back")
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        app.session.quit()
        #expect(try app.savedLines() == [drawn[0]])
    }
}
