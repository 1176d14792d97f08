@testable import Scene
import Testing
import TestCompositor
import TouchCore
@testable import TouchTrackerApp
import WaylandClient
import WaylandInput

/// The pointer's and the pen's images in the whole app, on a compositor
/// offering `wp_cursor_shape_manager_v1`: the crosshair over the canvas,
/// where they draw, the arrow over the toolbar and over a dialog; named by
/// shape, never drawn from the cursor theme.
@Suite struct CursorShapeEndToEndTests {
    private typealias Shape = TestSeat.CursorShapeRequest

    /// A point of the toolbar above the canvas (the harness speaks the
    /// canvas's coordinates).
    private static let toolbarY = -AppHarness.canvasTop / 2

    @Test func thePointerShowsTheCrosshairOverTheCanvasAndTheArrowOverTheToolbar() throws {
        let app = try AppHarness(cursorShapes: true)
        try app.pointerEnter(200, 150)
        try app.pointerMotion(220, 160)
        try app.pointerMotion(200, Self.toolbarY)
        try app.pointerMotion(150, 100)
        #expect(app.seat.cursorShapeRequests.map(\.shape) == [Shape.crosshair, Shape.default, Shape.crosshair])
        #expect(app.seat.cursorRequests.isEmpty, "no image from the cursor theme")
        #expect(app.session.seats.cursorShape(seat: "seat0") == .crosshair)
    }

    @Test func thePointerShowsTheArrowOverADialogOnTheCanvas() throws {
        let app = try AppHarness(cursorShapes: true)
        try app.pointerEnter(200, 150)
        app.session.firstWindow.scene.handle(.key(KeyEvent(seat: "seat0", action: .press, code: 53, keysym: 0x3f,
                                               name: "question", text: "", modifiers: [.control, .shift],
                                               time: app.time)))
        #expect(app.session.firstWindow.scene.chrome.dialog?.isOpen == true)
        try app.pointerMotion(5, 250)
        #expect(app.seat.cursorShapeRequests.map(\.shape) == [Shape.crosshair, Shape.default])
    }

    @Test func thePenShowsTheCrosshairOverTheCanvasAndTheArrowOverTheToolbar() throws {
        let app = try AppHarness(tablets: true, cursorShapes: true)
        let pen = try Pen(app)
        try pen.enter(200, 150)
        try pen.down(200, 150)
        try pen.move(210, 150)
        try pen.up()
        try pen.move(200, Self.toolbarY)
        #expect(pen.tool.cursorShapeRequests.map(\.shape) == [Shape.crosshair, Shape.default])
        #expect(pen.tool.cursorRequests.isEmpty, "no image from the cursor theme")
        #expect(app.session.firstWindow.canvas.drawing.count == 1, "the pen drew under its crosshair")
    }

    @Test func withoutTheManagerTheThemesCrosshairIsShown() throws {
        let app = try AppHarness()
        try app.pointerEnter(200, 150)
        try app.pointerMotion(200, Self.toolbarY)
        #expect(app.seat.cursorRequests.count == 2)
        #expect(app.seat.cursorShapeRequests.isEmpty)
        let (crosshair, arrow) = (app.seat.cursorRequests[0], app.seat.cursorRequests[1])
        #expect((crosshair.hotspotX, crosshair.hotspotY) != (arrow.hotspotX, arrow.hotspotY), "two images")
    }
}
