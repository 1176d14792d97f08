import Testing
@testable import Canvas
import TouchCore

/// The lasso's inclusion rule (issue 38): inside by the even–odd rule; a
/// straight line with any part inside (an end, or crossing the loop); a
/// freehand line with most of its points inside.
@Suite struct LassoTests {
    /// A 100 pt square from (0, 0).
    let square = Lasso(points: [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)])

    @Test func pointsInsideAndOutsideASquare() {
        #expect(square.contains(Point(x: 50, y: 50)))
        #expect(square.contains(Point(x: 1, y: 99)))
        #expect(!square.contains(Point(x: 150, y: 50)))
        #expect(!square.contains(Point(x: -1, y: 50)))
        #expect(!square.contains(Point(x: 50, y: 101)))
    }

    @Test func theNotchOfAConcaveLoopIsOutside() {
        // A U: the gap between its arms is not inside.
        let u = Lasso(points: [Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 30, y: 70), Point(x: 70, y: 70),
                               Point(x: 70, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)])
        #expect(!u.contains(Point(x: 50, y: 30)))
        #expect(u.contains(Point(x: 15, y: 30)))
        #expect(u.contains(Point(x: 50, y: 85)))
    }

    @Test func aLoopCrossingItselfFollowsTheEvenOddRule() {
        // A bow tie: both wings inside, nothing above or below the knot.
        let bowTie = Lasso(points: [Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 100, y: 0), Point(x: 0, y: 100)])
        #expect(bowTie.contains(Point(x: 10, y: 50)))
        #expect(bowTie.contains(Point(x: 90, y: 50)))
        #expect(!bowTie.contains(Point(x: 50, y: 10)))
    }

    @Test func fewerThanThreePointsEncloseNothing() {
        let stroke = Lasso(points: [Point(x: 0, y: 0), Point(x: 100, y: 100)])
        #expect(!stroke.contains(Point(x: 50, y: 50)))
        #expect(!stroke.selects(Line(begin: Point(x: 50, y: 50), end: Point(x: 60, y: 60))))
    }

    @Test func aStraightLineWithAnEndInsideIsSelected() {
        #expect(square.selects(Line(begin: Point(x: 50, y: 50), end: Point(x: 300, y: 50))))
        #expect(square.selects(Line(begin: Point(x: 300, y: 50), end: Point(x: 50, y: 50))))
    }

    @Test func aStraightLineCrossingTheLoopWithBothEndsOutsideIsSelected() {
        #expect(square.selects(Line(begin: Point(x: -50, y: 50), end: Point(x: 150, y: 50))))
        #expect(square.crossesEdge(from: Point(x: -50, y: 50), to: Point(x: 150, y: 50)))
    }

    @Test func aStraightLineOutsideOrOnlyPassingTheNotchIsNotSelected() {
        #expect(!square.selects(Line(begin: Point(x: 150, y: 0), end: Point(x: 150, y: 100))))
        #expect(!square.selects(Line(begin: Point(x: 110, y: -10), end: Point(x: 200, y: 50))))
        let u = Lasso(points: [Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 30, y: 70), Point(x: 70, y: 70),
                               Point(x: 70, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)])
        #expect(!u.selects(Line(begin: Point(x: 40, y: 10), end: Point(x: 60, y: 50))), "inside the notch")
    }

    @Test func aFreehandLineIsSelectedWhenMostOfItsPointsAreInside() {
        func stroke(inside: Int, outside: Int) -> Line {
            let points = (0..<inside).map { FreehandPoint(x: 10 + Double($0), y: 50) }
                + (0..<outside).map { FreehandPoint(x: 200 + Double($0), y: 50) }
            return Line(freehand: points)
        }
        #expect(square.selects(stroke(inside: 6, outside: 4)))
        #expect(!square.selects(stroke(inside: 5, outside: 5)), "half is not most")
        #expect(!square.selects(stroke(inside: 2, outside: 8)), "an underline passing through is left alone")
    }

    @Test func theDrawingSelectsWhatTheLoopHoldsAndNothingElse() {
        let inside = Line(begin: Point(x: 20, y: 20), end: Point(x: 40, y: 40))
        let crossing = Line(begin: Point(x: -20, y: 60), end: Point(x: 120, y: 60))
        let outside = Line(begin: Point(x: 200, y: 200), end: Point(x: 250, y: 250))
        let drawing = Drawing(lines: [inside, outside, crossing])
        let selected = drawing.select(lassoedBy: square)
        #expect(selected.map { drawing[$0]! }.sorted { $0.begin.x < $1.begin.x } == [crossing, inside])
        #expect(drawing.selectedLines.map(\.line) == [inside, crossing], "in drawing order")
    }

    @Test func dashesFollowThePathAndCarryTheirPatternRoundCorners() {
        let pieces = Dashes.pieces(along: [Point(x: 0, y: 0), Point(x: 8, y: 0), Point(x: 8, y: 8)], on: 6, off: 4)
        #expect(pieces.count == 2)
        #expect(pieces[0] == (Point(x: 0, y: 0), Point(x: 6, y: 0)))
        // 2 of gap on the first side, 2 more on the second, then a dash to its end.
        #expect(pieces[1] == (Point(x: 8, y: 2), Point(x: 8, y: 8)))
    }
}
