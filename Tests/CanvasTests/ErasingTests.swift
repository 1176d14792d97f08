@testable import Canvas
import Testing
import TestSupport
import TouchCore

/// The eraser on the canvas: touches of kind `.eraser` through a real
/// window and the canvas's real recognizers.
@Suite struct ErasingTests {
    @Test func anEraserStrokeErasesTheWholeLinesItTouchesAsOneUndoStep() {
        let lines = [line(100, 50, 100, 250), line(200, 50, 200, 250), line(300, 50, 300, 250)]
        let h = CanvasHarness(lines: lines, kind: .eraser)
        h.stroke(from: Point(x: 50, y: 150), to: Point(x: 250, y: 150))
        #expect(h.drawing.lines == [line(300, 50, 300, 250)], "the two it crossed, whole")
        #expect(h.drawing.linesInProgress.isEmpty, "it draws nothing")
        #expect(h.changes == 1)
        h.canvas.undo()
        #expect(Set(h.drawing.lines) == Set(lines), "one undo brings both back")
        h.canvas.redo()
        #expect(h.drawing.lines == [line(300, 50, 300, 250)])
    }

    @Test func itErasesWhatItsEdgeTouchesAndNothingFarther() {
        let reach = CanvasMetrics.eraserReach(for: line(50, 100, 350, 100))
        #expect(reach == 10, "its radius, 5, and half the line's width")
        let h = CanvasHarness(lines: [line(50, 100, 350, 100), line(50, 200, 350, 200)], kind: .eraser)
        h.stroke(from: Point(x: 60, y: 100 + reach), to: Point(x: 340, y: 100 + reach))
        #expect(h.drawing.lines == [line(50, 200, 350, 200)], "\(reach) pt from the first line's centre")
        h.stroke(from: Point(x: 60, y: 200 - reach - 0.5), to: Point(x: 340, y: 200 - reach - 0.5))
        #expect(h.drawing.lines == [line(50, 200, 350, 200)], "half a point more misses")
        #expect(h.changes == 1, "a stroke that erased nothing is no change")
    }

    @Test func aFastEraserErasesALineBetweenTwoSamples() {
        let h = CanvasHarness(lines: [line(200, 50, 200, 250)], kind: .eraser)
        h.send(h.down(1, 50, 150))
        h.send(h.move(1, 350, 150))
        h.send(h.up(1))
        #expect(h.drawing.lines.isEmpty, "its path crossed the line, though no sample was near it")
    }

    @Test func anEraserTapErasesAndNeverSelectsOrClears() {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100), line(100, 200, 300, 200)], kind: .eraser)
        h.tap(200, 104)
        #expect(h.drawing.lines == [line(100, 200, 300, 200)])
        #expect(h.drawing.selectedLineID == nil)
        #expect(!h.menu.isMenuVisible)
        h.doubleTap(50, 50)
        #expect(h.drawing.lines == [line(100, 200, 300, 200)], "a double tap of the eraser clears nothing")
    }

    @Test func aCancelledEraserStrokePutsItsLinesBack() {
        let lines = [line(100, 50, 100, 250), line(200, 50, 200, 250)]
        let h = CanvasHarness(lines: lines, kind: .eraser)
        h.send(h.down(1, 50, 150))
        h.send(h.move(1, 250, 150))
        #expect(h.drawing.lines.isEmpty, "erased as it goes")
        h.send(h.cancel(1))
        #expect(h.drawing.lines == lines)
        #expect(!h.drawing.canUndo, "and nothing to undo")
        #expect(h.changes == 0)
    }

    @Test func undoWhileErasingUndoesTheStrokeSoFar() {
        let h = CanvasHarness(lines: [line(100, 50, 100, 250), line(200, 50, 200, 250)], kind: .eraser)
        h.send(h.down(1, 50, 150))
        h.send(h.move(1, 150, 150))
        h.canvas.undo()
        #expect(h.drawing.count == 2, "the line erased so far is back")
        h.send(h.move(1, 250, 150))
        h.send(h.up(1))
        #expect(h.drawing.lines == [line(100, 50, 100, 250)], "the rest of the stroke erased the other")
        h.canvas.undo()
        #expect(h.drawing.count == 2)
    }

    @Test func erasingTheSelectedLineHidesItsMenu() {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100)], kind: .eraser)
        h.canvas.selectLineAndShowMenu(at: Point(x: 200, y: 100))
        #expect(h.menu.isMenuVisible)
        h.stroke(from: Point(x: 200, y: 50), to: Point(x: 200, y: 150))
        #expect(h.drawing.selectedLineID == nil)
        #expect(!h.menu.isMenuVisible)
    }
}

@Suite struct SegmentDistanceTests {
    @Test func crossingSegmentsAreZeroApartAndOthersAtTheirClosestEnds() {
        #expect(line(0, 0, 10, 10).squaredDistance(to: line(0, 10, 10, 0)) == 0)
        #expect(line(0, 0, 10, 0).squaredDistance(to: line(5, 3, 5, 20)) == 9, "an end 3 above the middle")
        #expect(line(0, 0, 10, 0).squaredDistance(to: line(13, 4, 20, 4)) == 25, "end to end, 3-4-5")
        #expect(line(0, 0, 10, 0).squaredDistance(to: line(2, 0, 8, 0)) == 0, "collinear overlap")
        #expect(line(0, 0, 0, 0).squaredDistance(to: line(-5, 2, 5, 2)) == 4, "a dot")
    }
}
