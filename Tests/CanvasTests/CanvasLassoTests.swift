import Testing
@testable import Canvas
import TestSupport
import TouchCore

/// The Select tool on the canvas (issue 38), by finger, mouse and pen: a
/// loop selects, one touch drags the selection, two fingers pinch and turn
/// it together; a tap on it offers Delete and Duplicate, a tap beside it
/// ends it; the width control applies to it. Each change is one undo step.
@Suite struct CanvasLassoTests {
    let left = line(100, 100, 140, 100)
    let right = line(160, 200, 200, 200)
    let far = line(350, 250, 390, 250)

    /// A harness with the Select tool and three lines, and a loop drawn
    /// round the first two by a touch of `kind`.
    func lassoed(by kind: Touch.Kind = .finger) -> CanvasHarness {
        let h = CanvasHarness(lines: [left, right, far], kind: kind)
        h.canvas.tool = .select
        let loop = [(80.0, 80.0), (220, 80), (220, 220), (80, 220)]
        h.send(h.down(1, 80, 80))
        for (x, y) in loop.dropFirst() { h.send(h.move(1, x, y)) }
        // Mid-loop, the dashed outline shows where the loop goes.
        #expect(h.canvas.selectionGestures.lassoes.count == 1)
        h.send(h.up(1))
        h.advance(by: 0.5)
        return h
    }

    @Test(arguments: [Touch.Kind.finger, .pointer, .pen])
    func aLoopSelectsTheLinesInsideIt(kind: Touch.Kind) {
        let h = lassoed(by: kind)
        #expect(h.drawing.selectedLines.map(\.line) == [left, right])
        #expect(h.drawing.lines == [left, right, far], "a loop draws nothing")
        #expect(h.canvas.selectionGestures.lassoes.isEmpty)
        #expect(!h.drawing.canUndo, "selecting changes no line")
    }

    /// A pen with its barrel button held lassoes whatever the tool
    /// (Xournal++'s convention), even starting on the selection; without
    /// it the same pen draws.
    @Test(arguments: [DrawingTool.lines, .freehand, .select])
    func aPenWithItsBarrelButtonHeldLassoesWhateverTheTool(tool: DrawingTool) {
        let h = CanvasHarness(lines: [left, right, far], kind: .pen)
        h.canvas.tool = tool
        h.drawing.select([h.drawing.store.ids[2]])
        let loop = [(80.0, 80.0), (220, 80), (220, 220), (80, 220)]
        var down = h.down(1, loop[0].0, loop[0].1)
        down.barrelButtonHeld = true
        h.send(down)
        for (x, y) in loop.dropFirst() { h.send(h.move(1, x, y)) }
        #expect(h.canvas.selectionGestures.lassoes.count == 1, "the dashed loop shows")
        h.send(h.up(1))
        h.advance(by: 0.5)
        #expect(h.drawing.selectedLines.map(\.line) == [left, right])
        #expect(h.drawing.lines == [left, right, far], "nothing drawn")
        #expect(h.canvas.tool == tool, "the tool stays")

        h.drawing.deselectAll()
        h.send(h.down(2, 300, 50))
        h.send(h.move(2, 330, 60))
        h.send(h.up(2))
        h.advance(by: 0.5)
        #expect(tool == .select ? h.drawing.lines.count == 3 : h.drawing.lines.count == 4,
                "without the button the pen does what the tool does")
    }

    @Test(arguments: [Touch.Kind.finger, .pointer, .pen])
    func oneTouchDragsTheSelectionAsOneUndoStep(kind: Touch.Kind) {
        let h = lassoed(by: kind)
        h.send(h.down(2, 120, 100))
        for step in 1...5 { h.send(h.move(2, 120 + Double(step) * 10, 100 + Double(step) * 4)) }
        h.send(h.up(2))
        let offset = Vector(dx: 50, dy: 20)
        #expect(h.drawing.lines == [left.translated(by: offset), right.translated(by: offset), far])
        #expect(h.changes == 1)
        h.canvas.undo()
        #expect(h.drawing.lines == [left, right, far])
        #expect(!h.drawing.canUndo, "the whole drag was one step")
        h.canvas.redo()
        #expect(h.drawing.lines == [left.translated(by: offset), right.translated(by: offset), far])
    }

    @Test func twoFingersTurnAndScaleTheSelectionTogetherAboutTheirCentroid() throws {
        let h = lassoed()
        // Fingers 60 pt either side of (150, 150), turning a quarter turn
        // clockwise and spreading to 90 pt, in twelve steps.
        h.send(h.down(3, 90, 150), h.down(4, 210, 150))
        for step in 1...12 {
            let angle = Double.pi / 2 * Double(step) / 12, radius = 60 + 30 * Double(step) / 12
            let dx = radius * Double.cos(angle), dy = radius * Double.sin(angle)
            h.send(h.move(3, 150 - dx, 150 - dy), h.move(4, 150 + dx, 150 + dy))
        }
        #expect(h.canvas.selectionGestures.pinchRecognizer.state == .changed)
        #expect(h.canvas.selectionGestures.rotationRecognizer.state == .changed, "both at once")
        h.send(h.up(3), h.up(4))
        let expected = SelectionGestures.twoFingerTransform(from: Point(x: 150, y: 150), to: Point(x: 150, y: 150),
                                                            scale: 1.5, rotation: .pi / 2)
        let lines = h.drawing.lines
        for (moved, original) in zip(lines.prefix(2), [left, right]) {
            let target = original.transformed(by: expected)
            #expect(moved.begin.distance(to: target.begin) < 1e-6 && moved.end.distance(to: target.end) < 1e-6,
                    "\(moved) should be \(target)")
        }
        #expect(lines[2] == far)
        #expect(lines[0].width == left.width, "a straight line keeps its width")
        #expect(h.changes == 1)
        h.canvas.undo()
        #expect(h.drawing.lines == [left, right, far])
        #expect(!h.drawing.canUndo, "the pinch and the turn were one step")
    }

    /// Drags a touch of the harness's kind from `start` to `end` in six moves.
    func drag(_ h: CanvasHarness, from start: Point, to end: Point) {
        h.send(h.down(2, start.x, start.y))
        for step in 1...6 {
            let t = Double(step) / 6
            h.send(h.move(2, start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t))
        }
        h.send(h.up(2))
    }

    @Test(arguments: [Touch.Kind.pointer, .pen])
    func aCornerHandleScalesTheSelectionAboutTheOppositeCorner(kind: Touch.Kind) {
        let h = lassoed(by: kind)
        // The box stands 21 pt off the lines' bounds (100…200 square).
        let handles = h.canvas.selectionGestures.handles(around: Rect(x: 100, y: 100, width: 100, height: 100))
        #expect(handles.corners[2] == Point(x: 221, y: 221))
        drag(h, from: Point(x: 221, y: 221), to: Point(x: 292, y: 256.5))
        let scale = SelectionHandles.transform(for: .corner(anchor: Point(x: 79, y: 79)), from: Point(x: 221, y: 221),
                                               to: Point(x: 292, y: 256.5), keepingProportions: false)
        #expect(scale == AffineTransform(a: 1.5, b: 0, c: 0, d: 1.25, tx: -39.5, ty: -19.75))
        #expect(h.drawing.lines == [left.transformed(by: scale), right.transformed(by: scale), far])
        h.canvas.undo()
        #expect(h.drawing.lines == [left, right, far] && !h.drawing.canUndo)
    }

    @Test func undoRedrawsTheBoxWhereItStood() {
        let h = lassoed(by: .pointer)
        drag(h, from: Point(x: 221, y: 221), to: Point(x: 292, y: 256.5))
        // The grown box's bottom right handle is centred at (281.5, 251.25).
        _ = h.window.takeDamage()
        h.canvas.undo()
        let damage = h.window.takeDamage()
        #expect(damage.contains { $0.contains(Point(x: 284, y: 254)) }, "the old handle is wiped: \(damage)")
    }

    @Test func keepingProportionsScalesBothAxesByTheLarger() {
        let scale = SelectionHandles.transform(for: .corner(anchor: .zero), from: Point(x: 100, y: 100),
                                               to: Point(x: 150, y: 120), keepingProportions: true)
        #expect(scale == AffineTransform(scaleX: 1.5, y: 1.5))
    }

    @Test(arguments: [Touch.Kind.pointer, .pen])
    func theTurningHandleTurnsTheSelectionAboutItsCentre(kind: Touch.Kind) {
        let h = lassoed(by: kind)
        // Above the box's top edge (79), over its middle.
        drag(h, from: Point(x: 150, y: 55), to: Point(x: 245, y: 150))
        let turn = SelectionHandles.transform(for: .turn(centre: Point(x: 150, y: 150)), from: Point(x: 150, y: 55),
                                              to: Point(x: 245, y: 150), keepingProportions: false)
        let turned = left.transformed(by: turn)
        #expect(turned.begin.distance(to: Point(x: 200, y: 100)) < 1e-9, "a quarter turn clockwise: \(turned)")
        #expect(h.drawing.lines == [turned, right.transformed(by: turn), far])
        h.canvas.undo()
        #expect(h.drawing.lines == [left, right, far])
    }

    @Test func fingersTakeNoHandleAndLassoThere() {
        let h = lassoed()
        drag(h, from: Point(x: 150, y: 55), to: Point(x: 245, y: 150))
        #expect(h.drawing.lines == [left, right, far], "a finger above the box draws a loop, turning nothing")
    }

    @Test func aTapOnTheSelectionOffersDeleteAndDuplicate() throws {
        let h = lassoed()
        h.tap(120, 100)
        #expect(h.menu.layout?.items.map(\.title) == ["Delete", "Duplicate"])
        let duplicate = try #require(h.menu.layout?.items.last)
        h.send(h.down(5, duplicate.frame.midX, duplicate.frame.midY))
        h.send(h.up(5))
        let copies = [left, right].map { $0.translated(by: Vector(dx: 20, dy: 20)) }
        #expect(h.drawing.lines == [left, right, far] + copies)
        #expect(h.drawing.selectedLines.map(\.line) == copies, "the copies are selected, to move them")

        h.tap(140, 120)
        let delete = try #require(h.menu.layout?.items.first)
        h.send(h.down(5, delete.frame.midX, delete.frame.midY))
        h.send(h.up(5))
        #expect(h.drawing.lines == [left, right, far])
        #expect(h.changes == 2)
    }

    @Test func aTapBesideTheSelectionEndsIt() {
        let h = lassoed()
        h.tap(380, 40)
        #expect(h.drawing.selection.isEmpty)
        #expect(!h.menu.isMenuVisible)
    }

    @Test func theWidthAndColourControlsApplyToTheSelection() {
        let h = lassoed()
        h.canvas.choose(StrokeWidth(points: 2)!)
        h.canvas.choose(PaletteColor.green)
        let style = StrokeStyle(color: .green, width: StrokeWidth(points: 2)!)
        #expect(h.drawing.lines.prefix(2).allSatisfy { $0.style == style })
        #expect(h.drawing.lines[2] == far)
        #expect(h.changes == 2)
    }

    @Test func theSKeyPicksTheSelectToolAndEscapeEndsTheSelection() {
        let h = lassoed()
        h.canvas.tool = .lines
        // Keys go to the first responder, which a tap makes the canvas.
        #expect(h.canvas.becomeFirstResponder())
        #expect(h.key(.character("s")))
        #expect(h.canvas.tool == .select)
        #expect(h.key(.escape))
        #expect(h.drawing.selection.isEmpty)
    }
}
