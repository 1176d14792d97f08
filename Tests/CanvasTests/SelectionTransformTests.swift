import Testing
@testable import Canvas
import TouchCore

/// Reshaping the lasso's selection in the model (issue 38): each transform
/// moves the points (the drawing keeps no transform), straight lines keep
/// their width, freehand lines scale theirs, and each change — a whole
/// gesture included — is one undo step that redo brings back.
@Suite struct SelectionTransformTests {
    let straight = Line(begin: Point(x: 0, y: 0), end: Point(x: 100, y: 0),
                        style: StrokeStyle(color: .red, width: StrokeWidth(points: 4)!))
    let freehand = Line(freehand: [FreehandPoint(x: 0, y: 50, pressure: 0.5), FreehandPoint(x: 100, y: 50)])
    let untouched = Line(begin: Point(x: 500, y: 500), end: Point(x: 600, y: 500))

    func drawingWithTwoSelected() -> Drawing {
        let drawing = Drawing(lines: [straight, freehand, untouched])
        drawing.select(Set(drawing.store.ids.prefix(2)))
        return drawing
    }

    @Test func aMoveMovesEverySelectedLineAndNothingElse() throws {
        let drawing = drawingWithTwoSelected()
        try #require(drawing.transformSelection(by: AffineTransform(translationX: 10, y: 20)) != nil)
        #expect(drawing.lines == [straight.translated(by: Vector(dx: 10, dy: 20)),
                                  freehand.translated(by: Vector(dx: 10, dy: 20)), untouched])
    }

    @Test func aScaleKeepsTheStraightWidthAndScalesTheFreehandOne() {
        let drawing = drawingWithTwoSelected()
        drawing.transformSelection(by: AffineTransform(scaleX: 2, y: 2))
        let lines = drawing.lines
        #expect(lines[0].begin == Point(x: 0, y: 0) && lines[0].end == Point(x: 200, y: 0))
        #expect(lines[0].style == straight.style, "a straight line keeps its width")
        #expect(lines[1].begin == Point(x: 0, y: 100) && lines[1].end == Point(x: 200, y: 100))
        #expect(lines[1].width == 20, "a 10 pt freehand line scaled twice is 20 pt")
        #expect(lines[1].freehandPoints!.map(\.pressure) == [0.5, 1], "pressures stay")
    }

    @Test func aTurnTurnsThePointsAboutTheGivenCentre() {
        let drawing = drawingWithTwoSelected()
        // A quarter turn about (50, 0): clockwise on screen.
        let turn = SelectionGestures.twoFingerTransform(from: Point(x: 50, y: 0), to: Point(x: 50, y: 0), scale: 1,
                                                        rotation: .pi / 2)
        drawing.transformSelection(by: turn)
        let line = drawing.lines[0]
        #expect(abs(line.begin.x - 50) < 1e-9 && abs(line.begin.y + 50) < 1e-9)
        #expect(abs(line.end.x - 50) < 1e-9 && abs(line.end.y - 50) < 1e-9)
        #expect(drawing.lines[1].width == freehand.width, "a turn alone keeps the width")
    }

    @Test func eachTransformIsOneUndoStepAndRedoReappliesIt() {
        let drawing = drawingWithTwoSelected()
        let transforms = [AffineTransform(translationX: 5, y: 5), AffineTransform(scaleX: 0.5, y: 0.5),
                          AffineTransform(rotationAngle: 0.3)]
        var states = [drawing.lines]
        for transform in transforms {
            drawing.transformSelection(by: transform)
            states.append(drawing.lines)
        }
        for expected in states.reversed().dropFirst() {
            drawing.undo()
            #expect(drawing.lines == expected)
        }
        #expect(!drawing.canUndo)
        for expected in states.dropFirst() {
            drawing.redo()
            #expect(drawing.lines == expected)
        }
    }

    /// While the gesture goes on, the lines show where it places them and
    /// stay in the drawing where they were (a renderer moves their cached
    /// pixels); they take their places when it ends.
    @Test func aGestureShowsTheLinesPlacedAndMovesThemInTheDrawingWhenItEnds() {
        let drawing = drawingWithTwoSelected()
        let revision = drawing.revision
        drawing.beginReshapingSelection()
        let move = AffineTransform(translationX: 40, y: 10)
        drawing.reshapeSelection(by: move)
        #expect(drawing.lines == [straight, freehand, untouched] && drawing.revision == revision)
        #expect(drawing.placedSelectedLines.map(\.line) == [straight.transformed(by: move),
                                                             freehand.transformed(by: move)])
        #expect(drawing.selectionBounds == straight.bounds.union(freehand.bounds).applying(move))
        #expect(drawing.endReshapingSelection())
        #expect(drawing.lines == [straight.transformed(by: move), freehand.transformed(by: move), untouched])
        #expect(drawing.placedSelectedLines.map(\.line) == [straight.transformed(by: move),
                                                             freehand.transformed(by: move)])
    }

    @Test func aGestureOfManyMotionsIsOneStepFromWhereItBegan() {
        let drawing = drawingWithTwoSelected()
        drawing.beginReshapingSelection()
        for step in 1...50 {
            drawing.reshapeSelection(by: AffineTransform(rotationAngle: Double(step) / 100)
                .concatenating(AffineTransform(scaleX: 1 + Double(step) / 50, y: 1 + Double(step) / 50)))
        }
        #expect(drawing.endReshapingSelection())
        let final = AffineTransform(rotationAngle: 0.5).concatenating(AffineTransform(scaleX: 2, y: 2))
        #expect(drawing.lines == [straight.transformed(by: final), freehand.transformed(by: final), untouched],
                "placed by the last transform of the lines as they began, not by the sum of steps")
        drawing.undo()
        #expect(drawing.lines == [straight, freehand, untouched])
        #expect(!drawing.canUndo)
    }

    @Test func aCancelledGesturePutsTheLinesBackAndLeavesNoStep() {
        let drawing = drawingWithTwoSelected()
        drawing.beginReshapingSelection()
        drawing.reshapeSelection(by: AffineTransform(translationX: 40, y: 0))
        #expect(drawing.placedSelectedLines.first?.line == straight.translated(by: Vector(dx: 40, dy: 0)))
        drawing.cancelReshapingSelection()
        #expect(drawing.lines == [straight, freehand, untouched])
        #expect(!drawing.canUndo && !drawing.isReshapingSelection)
    }

    @Test func aTransformOffThePlaneIsRefusedWhole() {
        let drawing = drawingWithTwoSelected()
        #expect(drawing.transformSelection(by: AffineTransform(scaleX: 1e5, y: 1e5)) == nil)
        #expect(drawing.lines == [straight, freehand, untouched])
    }

    @Test func deletingTheSelectionIsOneStep() {
        let drawing = drawingWithTwoSelected()
        #expect(drawing.removeSelection() == [straight, freehand])
        #expect(drawing.lines == [untouched] && drawing.selection.isEmpty)
        drawing.undo()
        #expect(drawing.lines == [straight, freehand, untouched])
        drawing.redo()
        #expect(drawing.lines == [untouched])
    }

    @Test func duplicatingAddsMovedCopiesSelectedInsteadAsOneStep() {
        let drawing = drawingWithTwoSelected()
        let offset = Vector(dx: 20, dy: 20)
        drawing.duplicateSelection(offset: offset)
        let copies = [straight.translated(by: offset), freehand.translated(by: offset)]
        #expect(drawing.lines == [straight, freehand, untouched] + copies)
        #expect(drawing.selectedLines.map(\.line) == copies)
        drawing.undo()
        #expect(drawing.lines == [straight, freehand, untouched] && drawing.selection.isEmpty)
        drawing.redo()
        #expect(drawing.lines.count == 5)
    }

    @Test func restylingTheSelectionIsOneStep() {
        let drawing = drawingWithTwoSelected()
        drawing.restyleSelection(color: .blue, width: StrokeWidth(points: 2)!)
        #expect(drawing.lines.prefix(2).allSatisfy { $0.style == StrokeStyle(color: .blue, width: StrokeWidth(points: 2)!) })
        #expect(drawing.lines[2] == untouched)
        drawing.undo()
        #expect(drawing.lines == [straight, freehand, untouched])
    }

    @Test func undoingTheLinesAwayTakesThemOutOfTheSelection() {
        let drawing = Drawing()
        let id = drawing.add(straight)
        drawing.select([id])
        drawing.undo()
        #expect(drawing.selection.isEmpty)
    }

    @Test func theNearestWidthIsChosenForAScaledFreehandLine() {
        #expect(StrokeWidth.nearest(to: 12).points == 10)
        #expect(StrokeWidth.nearest(to: 13).points == 15)
        #expect(StrokeWidth.nearest(to: 100).points == 30)
        #expect(StrokeWidth.nearest(to: 0.1).points == 1)
    }
}
