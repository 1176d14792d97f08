@testable import Canvas
import Testing
import TestCompositor
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// A tablet tool of the app harness's first seat, moved the way a tablet
/// compositor reports a pen: one `frame` per sample.
struct Pen {
    let app: AppHarness
    let tool: TestTabletTool
    var tablet: TestTablet { app.tablets[0] }

    /// Brings a tool into use (a pen by default: pressure and tilt).
    init(_ app: AppHarness, type: UInt32 = 0x140, serial: UInt64? = 0x1234) throws {
        self.app = app
        tool = app.seat.addTabletTool(type: type, serial: serial, capabilities: [1, 2])
        try app.settle()
    }

    /// Hovering into proximity of the window at (x, y).
    func enter(_ x: Double, _ y: Double) throws {
        try app.send {
            tool.proximityIn(tablet: tablet, surface: app.surface.resource)
            tool.motion(x: x, y: y)
            tool.frame(time: app.time)
        }
    }

    func down(_ x: Double, _ y: Double, pressure: UInt32 = 40000) throws {
        try app.send {
            tool.motion(x: x, y: y)
            tool.down()
            tool.pressure(pressure)
            tool.tilt(x: 20, y: -10)
            tool.frame(time: app.time)
        }
    }

    func move(_ x: Double, _ y: Double, pressure: UInt32 = 40000) throws {
        try app.send {
            tool.motion(x: x, y: y)
            tool.pressure(pressure)
            tool.frame(time: app.time)
        }
    }

    /// Lifts the pen the way the protocol says: pressure 0, up, a frame.
    func up() throws {
        try app.send {
            tool.pressure(0)
            tool.up()
            tool.frame(time: app.time)
        }
    }

    func leave() throws {
        try app.send {
            tool.proximityOut()
            tool.frame(time: app.time)
        }
    }

    /// Enters at `start`, draws to `end` in `steps` moves, lifts and leaves.
    func stroke(from start: Point, to end: Point, steps: Int = 5) throws {
        try enter(start.x, start.y)
        try down(start.x, start.y)
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            try move(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t)
        }
        try up()
        try leave()
    }

    /// A quick tap of the pen, then long enough for a double tap to have failed.
    func tap(_ x: Double, _ y: Double) throws {
        try enter(x, y)
        try down(x, y)
        try up()
        try leave()
        try app.wait(0.5)
    }
}

/// The saved lines, none when nothing was ever saved.
private func saved(_ app: AppHarness) throws -> [Line] {
    app.fileExists ? try app.savedLines() : []
}

/// Pens through the whole stack: tablet-v2 events from the test compositor,
/// the real session, the pixels it presents and the drawing it saves.
@Suite struct PenEndToEndTests {
    @Test func aPenDrawsALineRedWhileDownBlackAfterItLifts() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try pen.enter(50, 50)
        try pen.down(50, 50)
        for x in [100.0, 150, 200, 250, 300] { try pen.move(x, 50) }
        #expect(app.pixel(60, 50) == Colour.red)
        #expect(app.pixel(290, 50) == Colour.red)
        #expect(try app.savedLines().isEmpty, "a line in progress is not saved")
        try pen.up()
        #expect(app.pixel(150, 50) == Colour.black)
        #expect(app.pixel(320, 50) == Colour.white, "the line ends where the pen lifted")
        try pen.leave()
        #expect(try app.savedLines() == [line(50, 50, 300, 50)])
    }

    @Test func theCanvasSeesAPenTouchWithItsPressureAndTilt() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        let probe = TouchProbe()
        app.canvas.addGestureRecognizer(probe)
        try pen.enter(100, 100)
        try pen.down(100, 100, pressure: 65535)
        try pen.move(120, 100, pressure: 16384)
        #expect(probe.seen.map(\.kind) == [.pen, .pen])
        #expect(probe.seen.map(\.pressure) == [1, 16384.0 / 65535])
        #expect(probe.seen.first?.tilt == Tilt(x: 20, y: -10))
    }

    @Test func hoveringDrawsNothing() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        let before = app.presented.pixels
        try pen.enter(50, 50)
        for x in [100.0, 150, 200] { try pen.move(x, 60, pressure: 0) }
        try pen.leave()
        try app.wait(0.5)
        #expect(app.presented.pixels == before, "nothing drawn, not even a dot")
        #expect(try saved(app).isEmpty)
    }

    @Test func aPenTapSelectsALineAndItsMenuDeletesIt() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], tablets: true)
        let pen = try Pen(app)
        try pen.tap(200, 110)
        #expect(app.showsSelectedLine(at: 110, 100), "selected")
        #expect(app.menu.isMenuVisible)
        let layout = try #require(app.menu.layout)
        #expect(layout.items.map(\.title) == ["Delete"])
        let item = layout.items[0].frame.inCanvas
        try pen.tap(item.midX, item.midY)
        #expect(!app.menu.isMenuVisible)
        #expect(app.pixel(110, 100) == Colour.white, "deleted")
        #expect(try app.savedLines().isEmpty)
    }

    /// Presses and releases barrel button `button` where the pen is.
    private func click(_ pen: Pen, button: UInt32) throws {
        try pen.app.send {
            pen.tool.button(button, pressed: true)
            pen.tool.frame(time: pen.app.time)
            pen.tool.button(button, pressed: false)
            pen.tool.frame(time: pen.app.time)
        }
    }

    @Test func theFirstBarrelButtonIsARightClickAndTheOthersDoNothing() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], tablets: true)
        let pen = try Pen(app)
        try pen.enter(200, 108)
        try click(pen, button: 0x14c)
        try click(pen, button: 0x149)
        #expect(app.canvas.drawing.selectedLineID == nil, "the second and third buttons do nothing")
        #expect(!app.menu.isMenuVisible)
        try click(pen, button: 0x14b)
        #expect(app.canvas.drawing.selectedLineID != nil, "hovering over a line: selected")
        #expect(app.showsSelectedLine(at: 110, 100))
        #expect(app.menu.layout?.items.map(\.title) == ["Delete"])
        try pen.leave()
        #expect(try app.savedLines() == [line(100, 100, 300, 100)], "nothing drawn")
    }

    @Test func theFirstBarrelButtonAwayFromTheLinesOpensTheCanvasMenu() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], tablets: true)
        let pen = try Pen(app)
        try pen.enter(200, 200)
        try click(pen, button: 0x14b)
        #expect(app.canvas.drawing.selectedLineID == nil)
        #expect(app.menu.isMenuVisible)
        #expect(app.menu.layout?.items.map(\.title).contains("Export PNG") == true)
    }

    /// Held as the tip touches and drags, the first barrel button draws a
    /// loop that selects, with the Lines tool; no menu opens as it is released.
    @Test func theFirstBarrelButtonHeldWhileDraggingLassoes() throws {
        let app = try AppHarness(lines: [line(100, 100, 140, 100), line(300, 200, 340, 200)], tablets: true)
        let pen = try Pen(app)
        let tool = app.canvas.tool
        try pen.enter(80, 80)
        try app.send {
            pen.tool.button(0x14b, pressed: true)
            pen.tool.frame(time: app.time)
        }
        try pen.down(80, 80)
        for (x, y) in [(160.0, 80.0), (160, 120), (80, 120), (80, 82)] { try pen.move(x, y) }
        try pen.up()
        try app.send {
            pen.tool.button(0x14b, pressed: false)
            pen.tool.frame(time: app.time)
        }
        #expect(app.canvas.drawing.selectedLines.map(\.line) == [line(100, 100, 140, 100)])
        #expect(app.canvas.tool == tool && tool != .select)
        #expect(!app.menu.isMenuVisible, "a held button is no click")
        #expect(try app.savedLines() == [line(100, 100, 140, 100), line(300, 200, 340, 200)], "nothing drawn")
        #expect(app.showsSelectedLine(at: 120, 100), "ringed")
    }

    @Test func theBarrelButtonWhileDrawingOpensNoMenu() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try pen.enter(50, 50)
        try pen.down(50, 50)
        try click(pen, button: 0x14b)
        try pen.move(200, 50)
        try pen.up()
        #expect(!app.menu.isMenuVisible)
        #expect(try app.savedLines() == [line(50, 50, 200, 50)], "the stroke goes on")
    }

    @Test func aPenLongPressPicksUpALineAndMovesIt() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], tablets: true)
        let pen = try Pen(app)
        try pen.enter(200, 105)
        try pen.down(200, 105)
        try app.wait(0.6)
        #expect(app.showsSelectedLine(at: 200, 100), "picked up")
        for (x, y) in [(210.0, 115.0), (220.0, 125.0), (230.0, 145.0)] { try pen.move(x, y) }
        try pen.up()
        try pen.leave()
        #expect(try app.savedLines() == [line(130, 140, 330, 140)], "moved by (30, 40), nothing drawn")
    }

    // MARK: Field quirks: a stroke in progress ends cleanly in each

    @Test func noFrameAfterProximityOutStillFinishesTheStroke() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try pen.enter(50, 50)
        try pen.down(50, 50)
        try pen.move(200, 50)
        // Hyprland: up and proximity_out, and no frame after either.
        try app.send {
            pen.tool.up()
            pen.tool.proximityOut()
        }
        #expect(app.pixel(150, 50) == Colour.black, "finished in the same dispatch")
        #expect(try app.savedLines() == [line(50, 50, 200, 50)])
        try pen.stroke(from: Point(x: 50, y: 150), to: Point(x: 200, y: 150))
        #expect(try app.savedLines() == [line(50, 50, 200, 50), line(50, 150, 200, 150)], "the next stroke works")
    }

    @Test func noPressureZeroBeforeUpStillLiftsThePen() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try pen.enter(50, 50)
        try pen.down(50, 50)
        try pen.move(200, 50)
        // Smithay and niri: the up comes without a pressure(0) first.
        try app.send {
            pen.tool.up()
            pen.tool.frame(time: app.time)
        }
        // Hovering on with the stale pressure must not keep drawing.
        for x in [250.0, 300, 350] {
            try app.send {
                pen.tool.motion(x: x, y: 120)
                pen.tool.frame(time: app.time)
            }
        }
        #expect(app.pixel(150, 50) == Colour.black)
        #expect(app.pixel(300, 120) == Colour.white, "hovering after the up draws nothing")
        #expect(try app.savedLines() == [line(50, 50, 200, 50)])
    }

    @Test func theEraserButtonReportedAsANewToolMidStrokeKeepsThePenStroke() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        let eraser = try Pen(app, type: 0x141)
        try pen.enter(50, 50)
        try pen.down(50, 50)
        try pen.move(200, 50)
        // The firmware turns the pressed eraser button into another tool:
        // the pen leaves without an up, the eraser comes in already down.
        try app.send {
            pen.tool.proximityOut()
            eraser.tool.proximityIn(tablet: eraser.tablet, surface: app.surface.resource)
            eraser.tool.motion(x: 200, y: 50)
            eraser.tool.down()
            eraser.tool.frame(time: app.time)
        }
        // The eraser, down where the pen was, erases the pen's line: so
        // the pen's stroke must have ended as a whole finished line first,
        // which its own undo step proves.
        #expect(app.canvas.drawing.linesInProgress.isEmpty, "no stroke left in progress")
        try eraser.move(200, 150)
        try eraser.up()
        try eraser.leave()
        #expect(try app.savedLines().isEmpty, "erased by the eraser")
        #expect(app.pixel(200, 120) == Colour.white, "the eraser drew nothing")
        try app.focusKeyboard()
        try app.press(44, modifiers: ModifierMask.control)  // Ctrl+Z
        #expect(try app.savedLines() == [line(50, 50, 200, 50)], "the pen's stroke, whole")
        #expect(app.pixel(150, 50) == Colour.black)
    }

    @Test func toolsWithoutHardwareIDsDrawTheirOwnLines() throws {
        let app = try AppHarness(tablets: true)
        let first = try Pen(app, serial: nil)
        let second = try Pen(app, serial: nil)
        try first.enter(50, 50)
        try first.down(50, 50)
        try second.enter(50, 150)
        try second.down(50, 150)
        try first.move(250, 50)
        try second.move(250, 150)
        try first.up()
        try second.up()
        #expect(Set(try app.savedLines()) == [line(50, 50, 250, 50), line(50, 150, 250, 150)])
    }

    @Test func proximityInOnAnotherSurfaceMidStrokeCancelsIt() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        // The pointer's image is a surface of the client that is not the window.
        try app.pointerEnter(10, 10)
        let other = app.compositor.surfaces.first { $0.isAlive && $0 !== app.surface }
        let elsewhere = try #require(other, "the client has another surface (the cursor's)")
        try pen.enter(50, 50)
        try pen.down(50, 50)
        try pen.move(200, 50)
        #expect(app.pixel(150, 50) == Colour.red)
        // The compositor hands the pen to a surface that is not the
        // window's, with no proximity_out here.
        try app.send {
            pen.tool.proximityIn(tablet: pen.tablet, surface: elsewhere.resource)
            pen.tool.motion(x: 5, y: 5)
            pen.tool.frame(time: app.time)
        }
        #expect(app.pixel(150, 50) == Colour.white, "the stroke is cancelled, not finished")
        try app.send {
            pen.tool.up()
            pen.tool.proximityOut()
            pen.tool.frame(time: app.time)
        }
        #expect(try saved(app).isEmpty)
        try pen.stroke(from: Point(x: 50, y: 150), to: Point(x: 200, y: 150))
        #expect(try app.savedLines() == [line(50, 150, 200, 150)], "the pen draws again when it comes back")
    }

    @Test func aToolRemovedWhileDownLeavesNoHalfStroke() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try pen.enter(50, 50)
        try pen.down(50, 50)
        try pen.move(200, 50)
        #expect(app.pixel(150, 50) == Colour.red)
        try app.send { pen.tool.remove() }
        #expect(app.pixel(150, 50) == Colour.white)
        #expect(try saved(app).isEmpty)
        let next = try Pen(app)
        try next.stroke(from: Point(x: 50, y: 150), to: Point(x: 200, y: 150))
        #expect(try app.savedLines() == [line(50, 150, 200, 150)])
    }
}

/// A recognizer on the canvas that only watches: it records the kind,
/// pressure and tilt of every touch that begins or moves, and never
/// recognizes, so the canvas behaves as without it.
private final class TouchProbe: GestureRecognizer {
    struct Sample {
        let kind: Touch.Kind
        let pressure: Double?
        let tilt: Tilt?
    }

    private(set) var seen: [Sample] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { record(touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event) { record(touches) }

    private func record(_ touches: Set<Touch>) {
        seen += touches.map { Sample(kind: $0.kind, pressure: $0.pressure, tilt: $0.tilt) }
    }
}
