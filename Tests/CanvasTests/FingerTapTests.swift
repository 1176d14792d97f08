import Canvas
import Testing
import TestSupport
import TouchCore

/// The canvas's taps by finger count: two fingers undo, three redo, and
/// no tap ever leaves a dot (issue 22).
@Suite struct FingerTapTests {
    @Test func twoFingersUndoThreeRedoAndNeitherLeavesADot() {
        let h = CanvasHarness()
        h.stroke(from: Point(x: 50, y: 50), to: Point(x: 300, y: 50))
        h.stroke(from: Point(x: 50, y: 150), to: Point(x: 300, y: 150))
        h.advance(by: 0.5)
        #expect(h.drawing.count == 2)

        h.send(h.down(1, 100, 250), h.down(2, 200, 250))
        #expect(h.drawing.linesInProgress.count == 2, "their dots show at once")
        h.send(h.up(1), h.up(2))
        #expect(h.drawing.lines == [line(50, 50, 300, 50)], "the last line undone, no dot drawn")
        #expect(h.drawing.linesInProgress.isEmpty)
        #expect(h.drawing.selectedLineID == nil && !h.menu.isMenuVisible, "no one-finger tap")
        h.advance(by: 0.5)

        h.send(h.down(1, 100, 250), h.down(2, 150, 250))
        h.send(h.down(3, 200, 250))
        h.send(h.up(1), h.up(2), h.up(3))
        #expect(h.drawing.lines == [line(50, 50, 300, 50), line(50, 150, 300, 150)], "redone, no dot")
        #expect(h.drawing.linesInProgress.isEmpty)
    }

    @Test func twoFingersDraggingStillDrawTwoLines() {
        let h = CanvasHarness()
        h.send(h.down(1, 50, 100), h.down(2, 50, 200))
        for step in 1...5 {
            h.send(h.move(1, 50 + 50 * Double(step), 100), h.move(2, 50 + 50 * Double(step), 200))
        }
        h.send(h.up(1), h.up(2))
        #expect(Set(h.drawing.lines) == [line(50, 100, 300, 100), line(50, 200, 300, 200)])
    }

    @Test func aFingerJoiningLateDrawsInsteadOfUndoing() {
        let h = CanvasHarness(lines: [line(50, 50, 300, 50)])
        h.send(h.down(1, 100, 250))
        h.advance(by: 0.2)
        h.send(h.down(2, 200, 250))
        h.send(h.up(1), h.up(2))
        #expect(h.drawing.count == 3, "two dots, nothing undone")
    }

    /// A real touch screen's recording: two quick taps 0.29 s apart and
    /// 49 pt apart, too far for a double tap. The second is a tap too.
    @Test func twoQuickTapsTooFarApartForADoubleTapAreTwoTaps() {
        let h = CanvasHarness(lines: [line(140, 110, 300, 110)])
        h.send(h.down(9, 100, 100))  // t = 0
        h.send(h.up(9))              // t = 0.01
        h.advance(by: 0.28)          // t = 0.29
        h.send(h.down(8, 149, 100))
        h.send(h.up(8))
        #expect(h.drawing.lines == [line(140, 110, 300, 110)], "no dot for either tap")
        #expect(h.drawing.linesInProgress.isEmpty)
        h.advance(by: 0.5)
        #expect(h.drawing.selectedLineID != nil && h.menu.isMenuVisible, "the second tap selected the line near it")
        #expect(h.changes == 0)
    }

    @Test func aDoubleTapStillClears() {
        let h = CanvasHarness(lines: [line(50, 50, 300, 50)])
        h.send(h.down(9, 100, 100))
        h.send(h.up(9))
        h.advance(by: 0.2)
        h.send(h.down(8, 120, 100))
        h.send(h.up(8))
        #expect(h.drawing.count == 0)
        #expect(h.changes == 1)
    }
}
