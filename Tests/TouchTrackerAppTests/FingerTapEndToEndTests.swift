import Canvas
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Two- and three-finger taps through the whole stack (issue 22 §2):
/// `wl_touch` events from the test compositor, and the pixels presented.
@Suite struct FingerTapEndToEndTests {
    /// Fingers `ids` down at `points` in one frame, held 0.1 s, lifted in one frame.
    private func tap(_ app: AppHarness, _ points: [(Int32, Double, Double)]) throws {
        try app.send {
            for (id, x, y) in points { app.seat.touchDown(on: app.surface.resource, id: id, x: x, y: y, time: app.time) }
            app.seat.touchFrame()
        }
        #expect(points.allSatisfy { app.pixel($0.1, $0.2) == Colour.red }, "each finger's dot shows while down")
        try app.wait(0.1)
        try app.send {
            for (id, _, _) in points { app.seat.touchUp(id: id, time: app.time) }
            app.seat.touchFrame()
        }
        for (_, x, y) in points { #expect(app.pixel(x, y) == Colour.white, "no dot left at \(x), \(y)") }
    }

    @Test func aTwoFingerTapUndoesTheLastLineAndAThreeFingerTapRedoesIt() throws {
        let app = try AppHarness()
        try app.stroke(from: Point(x: 50, y: 50), to: Point(x: 300, y: 50))
        try app.stroke(from: Point(x: 50, y: 120), to: Point(x: 300, y: 120))
        try app.wait(0.5)
        #expect(app.pixel(200, 120) == Colour.black)

        try tap(app, [(1, 100, 220), (2, 200, 220)])
        #expect(app.pixel(200, 120) == Colour.white, "the last line is undone")
        #expect(app.pixel(200, 50) == Colour.black, "the one before stays")
        #expect(try app.savedLines() == [line(50, 50, 300, 50)])
        #expect(!app.menu.isMenuVisible, "no one-finger tap took it")
        try app.wait(0.5)

        try tap(app, [(1, 100, 220), (2, 200, 220), (3, 300, 220)])
        #expect(app.pixel(200, 120) == Colour.black, "redone")
        #expect(try app.savedLines() == [line(50, 50, 300, 50), line(50, 120, 300, 120)])
    }
}

/// Colours and widths through the whole stack (issue 22 §3).
@Suite struct LineStyleEndToEndTests {
    /// What the colour popover does: the action, through the responder
    /// chain from the canvas.
    private func choose(_ action: Action, in app: AppHarness) throws {
        let target = try #require(app.canvas.target(forAction: action, withSender: nil))
        #expect(app.session.firstWindow.application.sendAction(action, to: target, from: nil))
        try app.frame()
    }

    @Test func aRedThickLineIsDrawnRedAndTwentyPointsWide() throws {
        let app = try AppHarness()
        try choose(PaletteColor.red.action, in: app)
        try choose(StrokeWidth(points: 20)!.action, in: app)
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        try app.wait(0.5)
        let column = (60...140).map { app.pixel(200, Double($0)) }
        #expect(column.filter { $0 == Colour.paletteRed }.count >= 18, "solid red across the middle")
        let inked = column.filter { $0 != Colour.white }.count
        #expect((20...22).contains(inked), "20 pt wide, antialiased at its edges: \(inked) pixels")
        #expect(try app.savedLines() == [Line(begin: Point(x: 50, y: 100), end: Point(x: 300, y: 100),
                                              style: StrokeStyle(color: .red, width: StrokeWidth(points: 20)!))])
        let text = String(decoding: try #require(AppHarness.read(app.documentPath)), as: UTF8.self)
        #expect(text.contains(#""version":3"#) && text.contains(##""color":"#c01c28","width":20"##), "\(text)")
    }

    @Test func recolouringTheSelectedLineIsOneUndoableChange() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)])
        try app.tap(200, 105)
        #expect(app.pixel(200, 100) == Colour.black, "selected: still black")
        #expect(app.pixel(200, 108) == Colour.accent, "ringed in the accent colour")

        try choose(PaletteColor.red.action, in: app)
        #expect(app.pixel(200, 100) == Colour.paletteRed)
        #expect(try app.savedLines() == [line(100, 100, 300, 100).restyled(StrokeStyle(color: .red))])

        try app.focusKeyboard()
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        #expect(app.pixel(200, 100) == Colour.black, "undone")
        #expect(try app.savedLines() == [line(100, 100, 300, 100)])
    }
}
