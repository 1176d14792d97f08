import Testing
import TestCompositor
@testable import WaylandClient

/// Images named by shape (`wp_cursor_shape_manager_v1`) through real
/// libwayland on both ends: where the compositor offers it, pointers and
/// pens set shapes instead of theme images; where it goes away, the theme
/// takes over.
@Suite struct CursorShapeDeviceTests {
    private typealias Shape = TestSeat.CursorShapeRequest

    @Test func thePointerNamesItsShapesWithTheEnterSerialAndDrawsNoThemeImage() throws {
        let input = try InputHarness { $0.addCursorShapeManager() }
        let surfaces = input.harness.compositor.surfaces.count
        let serial = input.seat.pointerEnter(input.ours, x: 1, y: 1)
        try input.send { input.seat.pointerFrame() }
        #expect(input.seat.cursorShapeRequests == [Shape(serial: serial, shape: Shape.default)])

        try input.send { input.manager?.setCursor(.crosshair, seat: "seat0") }
        try input.send { input.manager?.setCursor(.crosshair, seat: "seat0") }
        try input.send { input.manager?.setCursor(.resize(.bottomRight), seat: "seat0") }
        #expect(input.seat.cursorShapeRequests.map(\.shape) == [Shape.default, Shape.crosshair, Shape.seResize],
                "the same shape again sends nothing")
        #expect(input.seat.cursorShapeRequests.allSatisfy { $0.serial == serial })
        #expect(input.seat.cursorRequests.isEmpty, "no wl_pointer.set_cursor")
        #expect(input.harness.compositor.surfaces.count == surfaces, "no surface made for a theme image")
    }

    @Test func aPenNamesItsShapeWithItsProximitySerial() throws {
        let input = try InputHarness(tabletManager: true) { $0.addCursorShapeManager() }
        let tablet = input.seat.addTablet()
        let pen = input.seat.addTabletTool()
        try input.harness.settle()
        var serial: UInt32 = 0
        try input.send {
            serial = pen.proximityIn(tablet: tablet, surface: input.ours)
            pen.frame(time: 1)
        }
        #expect(pen.cursorShapeRequests == [Shape(serial: serial, shape: Shape.default)])
        let tool = try #require(input.tabletFrames.last?.tool.id)
        try input.send { input.manager?.setToolCursor(.crosshair, seat: "seat0", tool: tool) }
        #expect(pen.cursorShapeRequests.last == Shape(serial: serial, shape: Shape.crosshair))
        #expect(input.manager?.toolCursorShape(seat: "seat0", tool: tool) == .crosshair)
        #expect(pen.cursorRequests.isEmpty, "no zwp_tablet_tool_v2.set_cursor")
        #expect(input.seat.cursorShapeRequests.isEmpty, "the pointer's shape device is another")
    }

    @Test func aShapeAskedForInAnswerToTheProximityFrameIsThePensFirst() throws {
        let input = try InputHarness(tabletManager: true) { $0.addCursorShapeManager() }
        let tablet = input.seat.addTablet()
        let pen = input.seat.addTabletTool()
        try input.harness.settle()
        input.input.onEvent = { [weak input] event in
            guard case .tabletTool(let frame) = event else { return }
            input?.manager?.setToolCursor(.crosshair, seat: frame.seat, tool: frame.tool.id)
        }
        try input.send {
            pen.proximityIn(tablet: tablet, surface: input.ours)
            pen.frame(time: 1)
        }
        #expect(pen.cursorShapeRequests.map(\.shape) == [Shape.crosshair])
    }

    @Test func withoutTheManagerTheThemeImageIsSetAgain() throws {
        let input = try InputHarness()
        let manager = input.harness.compositor.addCursorShapeManager()
        try input.harness.settle()
        try input.send {
            input.seat.pointerEnter(input.ours, x: 1, y: 1)
            input.seat.pointerFrame()
        }
        #expect(input.seat.cursorShapeRequests.count == 1)
        input.harness.compositor.removeGlobal(manager)
        try input.harness.settle()
        try input.send { input.manager?.setCursor(.crosshair, seat: "seat0") }
        #expect(input.seat.cursorShapeRequests.count == 1)
        let request = try #require(input.seat.cursorRequests.last)
        #expect(try CursorShapeSeatTests.ThemeImage(request, harness: input)
                == CursorShapeSeatTests.ThemeImage("crosshair", harness: input))
    }
}
