@testable import Canvas
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Shift keeps the selection's proportions while the mouse drags a corner
/// handle (issue 38), through the whole stack: `wl_keyboard.modifiers`
/// from the scripted compositor reach the canvas with the pointer's motion.
@Suite struct SelectionHandleShiftEndToEndTests {
    static let leftButton = PointerAndKeyboardEndToEndTests.leftButton
    let top = line(100, 100, 140, 100), bottom = line(160, 200, 200, 200)

    /// Drags the left button from `start` to `end` in six motions.
    private func drag(_ app: AppHarness, from start: Point, to end: Point) throws {
        try app.pointerMotion(start.x, start.y)
        try app.pointerButton(Self.leftButton, pressed: true)
        for step in 1...6 {
            let t = Double(step) / 6
            try app.pointerMotion(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t)
        }
        try app.pointerButton(Self.leftButton, pressed: false)
    }

    @Test func shiftHeldScalesBothAxesByTheLargerWithTheMouse() throws {
        let app = try AppHarness(lines: [top, bottom])
        try app.focusKeyboard()
        try app.press(EvdevKey.s)
        try app.pointerEnter(80, 80)
        // The mouse's loop round both lines: their bounds are the square 100…200.
        try app.pointerButton(Self.leftButton, pressed: true)
        for (x, y) in [(220.0, 80.0), (220, 220), (80, 220), (80, 81)] { try app.pointerMotion(x, y) }
        try app.pointerButton(Self.leftButton, pressed: false)
        try app.wait(0.5)
        try #require(app.canvas.drawing.selection.count == 2)

        // The bottom right handle (the box stands 21 pt off the lines), to
        // 1.5 times as wide and 1.25 times as high from the top left one.
        let (handle, target) = (Point(x: 221, y: 221), Point(x: 292, y: 256.5))
        let anchor = SelectionHandles.Grip.corner(anchor: Point(x: 79, y: 79))
        try drag(app, from: handle, to: target)
        let free = SelectionHandles.transform(for: anchor, from: handle, to: target, keepingProportions: false)
        #expect(app.canvas.drawing.lines == [top.transformed(by: free), bottom.transformed(by: free)],
                "without Shift, each axis follows the pointer")
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        try #require(app.canvas.drawing.lines == [top, bottom])

        try app.send { app.seat.modifiers(depressed: ModifierMask.shift) }
        try drag(app, from: handle, to: target)
        try app.send { app.seat.modifiers(depressed: 0) }
        let proportional = SelectionHandles.transform(for: anchor, from: handle, to: target, keepingProportions: true)
        #expect(proportional == AffineTransform(a: 1.5, b: 0, c: 0, d: 1.5, tx: -39.5, ty: -39.5))
        #expect(app.canvas.drawing.lines == [top.transformed(by: proportional), bottom.transformed(by: proportional)],
                "with Shift, both axes by the larger")
        try app.wait(1)
        #expect(try app.savedLines() == [top.transformed(by: proportional), bottom.transformed(by: proportional)])
    }
}
