@testable import SampleDrawings
import Testing
@testable import Canvas
import TouchCore

private func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// Hold to straighten on a real canvas with its real recognizers, on the
/// fake clock: a freehand stroke held still at its end becomes its shape,
/// follows the finger while held, is kept at lift, and undoes to the
/// stroke as drawn.
@Suite struct HoldToStraightenTests {
    /// A canvas with the freehand tool.
    private func freehandCanvas() -> CanvasHarness {
        let harness = CanvasHarness()
        harness.canvas.tool = .freehand
        return harness
    }

    /// Puts finger 1 down at the stroke's first point and moves it through
    /// the rest, 10 ms apart; the finger stays down.
    private func draw(_ stroke: [Point], on harness: CanvasHarness) {
        harness.send(harness.down(1, stroke[0].x, stroke[0].y))
        for point in stroke.dropFirst() { harness.send(harness.move(1, point.x, point.y)) }
    }

    /// Whether `line` goes through the points of `stroke`, as drawn.
    private func sameStroke(_ line: Line, _ stroke: [Point]) -> Bool {
        let points = line.freehandPoints?.map(\.location) ?? []
        let same = points.count == stroke.count && zip(points, stroke).allSatisfy { $0.distance(to: $1) < 1e-9 }
        if !same {
            let first = points.indices.first { $0 < stroke.count && points[$0].distance(to: stroke[$0]) >= 1e-9 }
            let difference = first.map { "\(points[$0]) for \(stroke[$0])" } ?? "none"
            Issue.record("\(points.count) points for \(stroke.count) drawn; first difference at \(String(describing: first)): \(difference)")
        }
        return same
    }

    private func wobblyLine(from start: Point = point(40, 150), to end: Point = point(360, 120)) -> [Point] {
        var strokes = HandDrawnStrokes(seed: 21)
        strokes.wobble = 0.012
        return strokes.along([start, end], count: 80)
    }

    private func lineInProgress(_ harness: CanvasHarness) -> Line? {
        harness.drawing.linesInProgress.values.first
    }

    @Test func aWobblyStrokeHeldHalfASecondBecomesAStraightLineAndLiftingKeepsIt() throws {
        let harness = freehandCanvas()
        draw(wobblyLine(), on: harness)
        harness.advance(by: 0.4)
        #expect(lineInProgress(harness)?.isFreehand == true, "not yet: held 0.4 s")
        harness.advance(by: 0.1)
        let shown = try #require(lineInProgress(harness))
        #expect(!shown.isFreehand, "straightened while still held")
        #expect(harness.canvas.holdRecognizer.state == .began)
        harness.send(harness.up(1))
        let line = try #require(harness.drawing.lines.first)
        #expect(harness.drawing.count == 1 && !line.isFreehand)
        #expect(line.begin.distance(to: point(40, 150)) < 8 && line.end.distance(to: point(360, 120)) < 8, "\(line)")
        #expect(harness.changes == 1)
    }

    @Test func aStrokeLiftedBeforeTheHoldStaysAsDrawn() throws {
        let harness = freehandCanvas()
        let stroke = wobblyLine()
        draw(stroke, on: harness)
        harness.advance(by: 0.3)
        harness.send(harness.up(1))
        harness.advance(by: 1)
        let line = try #require(harness.drawing.lines.first)
        #expect(line.isFreehand && line.freehandPointCount == stroke.count)
    }

    @Test func movingMoreThanEightPointsStartsTheWaitAgain() {
        let harness = freehandCanvas()
        let stroke = wobblyLine()
        draw(stroke, on: harness)
        harness.advance(by: 0.3)
        // Within 8 points: still the same hold.
        harness.send(harness.move(1, stroke[stroke.count - 1].x + 5, stroke[stroke.count - 1].y))
        harness.advance(by: 0.3)
        #expect(lineInProgress(harness)?.isFreehand == false, "a drift of 5 points kept the hold")

        let restarted = freehandCanvas()
        draw(stroke, on: restarted)
        restarted.advance(by: 0.3)
        restarted.send(restarted.move(1, stroke[stroke.count - 1].x + 20, stroke[stroke.count - 1].y))
        restarted.advance(by: 0.4)
        #expect(lineInProgress(restarted)?.isFreehand == true, "a move of 20 points started the wait again")
        restarted.advance(by: 0.1)
        #expect(lineInProgress(restarted)?.isFreehand == false)
    }

    @Test func theLinesEndFollowsTheFingerWhileHeldAndStaysWhereItLifts() throws {
        let harness = freehandCanvas()
        let stroke = wobblyLine()
        draw(stroke, on: harness)
        harness.advance(by: 0.5)
        let straightened = try #require(lineInProgress(harness))
        harness.send(harness.move(1, stroke[stroke.count - 1].x - 30, stroke[stroke.count - 1].y + 100))
        let dragged = try #require(lineInProgress(harness))
        #expect(dragged.begin == straightened.begin)
        #expect(dragged.end.distance(to: straightened.end + Vector(dx: -30, dy: 100)) < 1e-9)
        harness.send(harness.up(1))
        #expect(harness.drawing.lines == [dragged])
    }

    @Test func undoBringsBackTheStrokeAsDrawnThenNothingAndRedoReturns() throws {
        let harness = freehandCanvas()
        let stroke = wobblyLine()
        draw(stroke, on: harness)
        harness.advance(by: 0.5)
        let handDrawn = try #require(lineInProgress(harness).flatMap { _ in
            harness.drawing.handDrawnLine(for: harness.drawing.linesInProgress.keys.first!)
        })
        harness.send(harness.up(1))
        let straight = try #require(harness.drawing.lines.first)

        #expect(harness.canvas.undo())
        #expect(harness.drawing.lines == [handDrawn], "one undo: the stroke as drawn")
        #expect(handDrawn.isFreehand && sameStroke(handDrawn, stroke))
        #expect(harness.canvas.undo())
        #expect(harness.drawing.lines.isEmpty, "two: nothing")
        #expect(!harness.canvas.undo())
        #expect(harness.canvas.redo())
        #expect(harness.drawing.lines == [handDrawn])
        #expect(harness.canvas.redo())
        #expect(harness.drawing.lines == [straight])
    }

    @Test func theDrawingLogsTheShapeNotTheStroke() throws {
        let harness = freehandCanvas()
        let revision = harness.drawing.revision
        draw(wobblyLine(), on: harness)
        harness.advance(by: 0.5)
        harness.send(harness.up(1))
        // What the journal appends and a save writes.
        let changes = Array(try #require(harness.drawing.changes(since: revision)))
        let line = try #require(harness.drawing.lines.first)
        #expect(changes == [.added(try #require(harness.drawing.store.ids.first), line)] && !line.isFreehand)
    }

    @Test func aHeldRectangleFollowsByItsFarCornerAndKeepsItsOppositeOne() throws {
        let harness = freehandCanvas()
        var strokes = HandDrawnStrokes(seed: 4)
        let corners = [point(100, 80), point(300, 80), point(300, 220), point(100, 220)]
        let stroke = strokes.along(corners + [corners[0]], count: 160)
        draw(stroke, on: harness)
        harness.advance(by: 0.5)
        let shape = try #require(lineInProgress(harness))
        #expect(shape.isFreehand && shape.freehandPointCount == 5, "a rectangle: four corners and back")
        // Held at its first corner, (100, 80): that corner follows, (300, 220) stays.
        let last = stroke[stroke.count - 1]
        harness.send(harness.move(1, last.x - 40, last.y - 30))
        let dragged = try #require(lineInProgress(harness)?.freehandPoints).map(\.location)
        #expect(dragged[0].distance(to: point(60, 50)) < 8 && dragged[2].distance(to: point(300, 220)) < 8, "\(dragged)")
        harness.send(harness.up(1))
        #expect(harness.drawing.lines.first?.freehandPoints?.map(\.location) == dragged)
    }

    @Test func aHeldScribbleStaysAsDrawnAndTheHoldFails() throws {
        let harness = freehandCanvas()
        var strokes = HandDrawnStrokes(seed: 2)
        let scribble = strokes.scribble(from: point(200, 150), count: 120, step: 4)
        draw(scribble, on: harness)
        harness.advance(by: 0.6)
        #expect(harness.canvas.holdRecognizer.state == .failed)
        harness.send(harness.up(1))
        let line = try #require(harness.drawing.lines.first)
        #expect(line.isFreehand && sameStroke(line, scribble))
        #expect(harness.canvas.undo() && harness.drawing.lines.isEmpty, "one undo step")
    }

    @Test func theLinesToolHasNothingToStraighten() {
        let harness = CanvasHarness()
        draw(wobblyLine(), on: harness)
        harness.advance(by: 0.6)
        #expect(harness.canvas.holdRecognizer.state == .failed)
        harness.send(harness.up(1))
        #expect(harness.drawing.count == 1)
    }

    @Test func aCancelledHoldLeavesNothing() {
        let harness = freehandCanvas()
        draw(wobblyLine(), on: harness)
        harness.advance(by: 0.5)
        harness.send(harness.cancel(1))
        #expect(harness.drawing.count == 0 && harness.drawing.linesInProgress.isEmpty)
        #expect(!harness.canvas.undo())
    }
}
