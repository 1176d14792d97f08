@testable import Canvas
import Testing
import TestSupport
@testable import TouchCore

@Suite struct CanvasViewTests {
    @Test func twoFingersDrawTwoLinesAtOnce() {
        let h = CanvasHarness()
        h.send(h.down(1, 10, 10), h.down(2, 10, 100))
        for step in 1...5 {
            let x = 10 + 38 * Double(step)
            h.send(h.move(1, x, 10), h.move(2, x, 100))
        }
        #expect(Set(h.drawing.linesInProgress.values) == [line(10, 10, 200, 10), line(10, 100, 200, 100)])
        h.send(h.up(1), h.up(2))
        #expect(Set(h.drawing.lines) == [line(10, 10, 200, 10), line(10, 100, 200, 100)])
        #expect(h.drawing.linesInProgress.isEmpty)
        #expect(h.changes == 1)
    }

    @Test func cancelDiscardsOnlyTheCancelledFingersLines() {
        let h = CanvasHarness()
        h.send(h.down(1, 10, 10), h.down(2, 10, 100))
        for step in 1...5 {
            let x = 10 + 38 * Double(step)
            h.send(h.move(1, x, 10), h.move(2, x, 100))
        }
        h.send(h.cancel(2))
        #expect(Array(h.drawing.linesInProgress.values) == [line(10, 10, 200, 10)])
        h.send(h.up(1))
        #expect(h.drawing.lines == [line(10, 10, 200, 10)])
        #expect(h.drawing.linesInProgress.isEmpty)
    }

    @Test func aWholeDeviceCancelLeavesNothingHalfDrawn() {
        let h = CanvasHarness()
        h.send(h.down(1, 10, 10), h.down(2, 10, 100))
        for step in 1...5 { h.send(h.move(1, 10 + 38 * Double(step), 10), h.move(2, 10 + 38 * Double(step), 100)) }
        h.window.handle(.cancel(at: h.clock.now))
        #expect(h.drawing.linesInProgress.isEmpty)
        #expect(h.drawing.lines.isEmpty)
    }

    @Test func tapSelectsTheNearestLineWithinTwentyPointsAndShowsDelete() throws {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100), line(100, 150, 300, 150)])
        h.tap(200, 121)
        #expect(h.drawing.selectedLineID == nil, "21 pt from the first line, 29 from the second")
        #expect(!h.menu.isMenuVisible)

        h.tap(200, 120)
        let selected = try #require(h.drawing.selectedLineID)
        #expect(h.drawing[selected] == line(100, 100, 300, 100))
        #expect(h.canvas.isFirstResponder)
        #expect(h.menu.layout?.items.map(\.title) == ["Delete"])
        #expect(h.drawing.lines.count == 2, "a tap draws no line")

        h.tap(200, 132)
        #expect(h.drawing.selectedLineID == nil && !h.menu.isMenuVisible, "a tap outside the menu only closes it")
        h.tap(200, 132)
        #expect(h.drawing[h.drawing.selectedLineID!] == line(100, 150, 300, 150), "the nearer of two")

        h.tap(20, 280)
        #expect(h.drawing.selectedLineID == nil)
        #expect(!h.menu.isMenuVisible)
    }

    @Test func theMenusDeleteRemovesTheSelectedLine() throws {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100), line(100, 200, 300, 200)])
        h.tap(150, 105)
        let item = try #require(h.menu.layout?.items.first)
        #expect(item.title == "Delete")
        h.send(h.down(5, item.frame.midX, item.frame.midY))
        h.send(h.up(5))
        #expect(h.drawing.lines == [line(100, 200, 300, 200)])
        #expect(h.drawing.selectedLineID == nil)
        #expect(!h.menu.isMenuVisible)
        #expect(!h.canvas.canPerformAction(.delete, withSender: nil), "nothing left to delete")
        #expect(h.changes == 1)
    }

    /// The line menu as the book builds it: one custom item, Delete, that
    /// sends `deleteLine:`; the standard `delete` still deletes the line
    /// when sent otherwise (the Delete key's way, a nil-target action).
    @Test func theLineMenuIsTheBooksCustomDeleteItemAndTheStandardDeleteStays() throws {
        let application = Application()
        let h = CanvasHarness(lines: [line(100, 100, 300, 100), line(100, 200, 300, 200)])
        application.addWindow(h.window)
        h.tap(150, 105)
        #expect(h.menu === application.menuController, "the application's one menu")
        #expect(h.menu.layout?.items.map(\.title) == ["Delete"], "no second, standard Delete")
        #expect(h.menu.layout?.items.first?.action == CanvasView.deleteLine)
        #expect(h.canvas.canPerformAction(.delete, withSender: nil))
        #expect(!h.canvas.canPerformAction(.delete, withSender: h.menu))

        #expect(application.sendAction(.delete, to: nil, from: nil))
        #expect(h.drawing.lines == [line(100, 200, 300, 200)])
        #expect(!h.menu.isMenuVisible)
    }

    @Test func doubleTapClearsEverythingAndLeavesNoSelection() {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100), line(100, 200, 300, 200)])
        h.tap(200, 100)
        #expect(h.drawing.selectedLineID != nil)
        #expect(h.menu.isMenuVisible)
        h.tap(50, 50)
        h.doubleTap(50, 50)
        #expect(h.drawing.lines.isEmpty)
        #expect(h.drawing.linesInProgress.isEmpty)
        #expect(h.drawing.selectedLineID == nil)
        #expect(!h.menu.isMenuVisible)
        #expect(!h.key(.delete), "Delete has nothing to act on")
        h.canvas.undo()
        #expect(h.drawing.lines.count == 2)
        #expect(h.drawing.selectedLineID == nil)
    }

    @Test func longPressThenPanMovesTheSelectedLineByTheFingersMovement() throws {
        let original = line(100, 100, 300, 100)
        let h = CanvasHarness(lines: [original])
        h.send(h.down(1, 200, 105))
        h.advance(by: 0.6)
        let id = try #require(h.drawing.selectedLineID)
        #expect(h.drawing.linesInProgress.isEmpty)

        let path = [(206.0, 113.0), (215.0, 120.0), (221.5, 131.25), (230.0, 145.0)]
        for (x, y) in path { h.send(h.move(1, x, y)) }
        #expect(h.drawing[id] == original.translated(by: Vector(dx: 30, dy: 40)))
        #expect(h.changes == 0, "saved once the move ends")
        h.send(h.up(1))
        #expect(h.drawing.selectedLineID == nil, "released when the finger lifts")
        #expect(h.drawing.lines == [original.translated(by: Vector(dx: 30, dy: 40))], "and nothing was drawn")
        #expect(h.changes == 1)

        h.canvas.undo()
        #expect(h.drawing.lines == [original], "the whole move is one undo step")
        #expect(!h.drawing.canUndo)
    }

    @Test func aFingerHeldStillOnEmptyPaperKeepsDrawingWhenItMovesOn() {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100)])
        h.send(h.down(1, 50, 250))
        h.advance(by: 0.8) // longer than a long press: it begins, on no line
        #expect(h.drawing.selectedLineID == nil)
        for x in stride(from: 60.0, through: 250, by: 10) { h.send(h.move(1, x, 250)) }
        #expect(h.drawing.linesInProgress.values.first == line(50, 250, 250, 250))
        h.send(h.up(1))
        #expect(h.drawing.lines == [line(100, 100, 300, 100), line(50, 250, 250, 250)])
        #expect(h.changes == 1)
    }

    @Test func theFingerMovingAPickedUpLineDrawsNothingEvenAfterTheTapsGiveUp() throws {
        let original = line(100, 100, 300, 100)
        let h = CanvasHarness(lines: [original])
        h.send(h.down(1, 200, 100))
        h.advance(by: 0.6)
        _ = try #require(h.drawing.selectedLineID)
        // Far beyond the taps' allowable movement and maximum press time.
        for x in stride(from: 210.0, through: 300, by: 10) { h.send(h.move(1, x, 100)) }
        h.advance(by: 2)
        h.send(h.move(1, 310, 100))
        #expect(h.drawing.linesInProgress.isEmpty)
        h.send(h.up(1))
        #expect(h.drawing.lines == [original.translated(by: Vector(dx: 110, dy: 0))])
    }

    @Test func drawingWhileALineIsSelectedByATapLeavesThatLineAlone() {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100)])
        h.tap(200, 100)
        #expect(h.drawing.selectedLineID != nil)
        #expect(h.menu.isMenuVisible)
        h.stroke(from: Point(x: 20, y: 200), to: Point(x: 220, y: 250))
        #expect(h.drawing.lines == [line(100, 100, 300, 100), line(20, 200, 220, 250)])
    }

    /// Issue 36: with the line's menu open, a tap outside it only closes
    /// it (no other line is selected, no dot, no first tap of a double
    /// tap), and a drag that starts outside closes it and draws all of
    /// the stroke, from where it went down.
    @Test func aTapOutsideTheMenuOnlyClosesItAndADragDraws() {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100), line(100, 200, 300, 200)])
        h.tap(200, 100)
        #expect(h.menu.isMenuVisible)
        h.send(h.down(3, 200, 200))
        h.send(h.up(3))
        h.send(h.down(4, 200, 200))
        h.send(h.up(4))
        #expect(!h.menu.isMenuVisible && h.drawing.selectedLineID == nil, "the first tap only closed it")
        #expect(h.drawing.count == 2, "and the second, alone, clears nothing")
        h.advance(by: 0.5)
        #expect(h.drawing.selectedLineID != nil && h.menu.isMenuVisible, "the second selected the line as ever")
        h.stroke(from: Point(x: 20, y: 250), to: Point(x: 220, y: 250))
        #expect(!h.menu.isMenuVisible)
        #expect(h.drawing.lines == [line(100, 100, 300, 100), line(100, 200, 300, 200), line(20, 250, 220, 250)])
    }

    @Test func panWithoutASelectedLineDraws() {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100)])
        h.stroke(from: Point(x: 20, y: 200), to: Point(x: 220, y: 250))
        #expect(h.drawing.lines == [line(100, 100, 300, 100), line(20, 200, 220, 250)])
    }

    @Test func keyboardDeletesUndoesRedoesAndDeselects() {
        let h = CanvasHarness()
        h.stroke(from: Point(x: 20, y: 50), to: Point(x: 320, y: 50))
        #expect(h.drawing.lines == [line(20, 50, 320, 50)])
        h.tap(100, 55)
        #expect(h.key(.backspace))
        #expect(h.drawing.lines.isEmpty)
        #expect(!h.menu.isMenuVisible)

        #expect(h.key(.character("z"), .control))
        #expect(h.drawing.lines == [line(20, 50, 320, 50)])
        #expect(h.key(.character("Z"), [.control, .shift]))
        #expect(h.drawing.lines.isEmpty)
        h.key(.character("z"), .control)
        h.key(.character("z"), .control)
        #expect(h.drawing.lines.isEmpty, "back before the stroke")
        #expect(!h.drawing.canUndo)
        h.key(.character("Z"), [.control, .shift])
        #expect(h.drawing.lines == [line(20, 50, 320, 50)])

        h.tap(100, 55)
        #expect(h.menu.isMenuVisible)
        #expect(h.drawing.selectedLineID != nil)
        h.key(.escape) // one Escape hides the menu and deselects
        #expect(h.drawing.selectedLineID == nil)
        #expect(!h.menu.isMenuVisible)
    }

    @Test func aMovingFingerDamagesOnlyAroundItsLine() {
        let h = CanvasHarness()
        // The line's own damage; the predicted tip's is PredictedTipTests'.
        h.canvas.predictsTip = false
        h.send(h.down(1, 100, 100))
        for step in 1...3 { h.send(h.move(1, 100 + 20 * Double(step), 100)) }
        _ = h.window.takeDamage()
        h.send(h.move(1, 170, 100))
        let damage = h.window.takeDamage()
        let reach = line(100, 100, 170, 100).paintedBounds
        #expect(!damage.isEmpty)
        #expect(damage.allSatisfy { reach.contains($0) }, "\(damage)")
    }

    @Test func deletingDamagesTheLineNotTheWholeView() throws {
        let h = CanvasHarness(lines: [line(100, 100, 200, 100), line(50, 250, 350, 250)])
        h.tap(150, 100)
        let menuFrame = try #require(h.menu.layout?.frame)
        _ = h.window.takeDamage()
        h.key(.delete)
        let damage = h.window.takeDamage()
        let reach = line(100, 100, 200, 100).paintedBounds.union(menuFrame)
        #expect(!damage.isEmpty)
        #expect(damage.allSatisfy { reach.contains($0) }, "\(damage)")

        h.doubleTap(300, 50)
        #expect(h.window.takeDamage().contains(h.window.bounds), "a clear redraws everything")
    }
}
