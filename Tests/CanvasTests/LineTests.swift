import Testing
@testable import Canvas
import TouchCore

@Suite struct LineTests {
    let horizontal = Line(begin: Point(x: 0, y: 0), end: Point(x: 100, y: 0))

    @Test func distanceToTheInteriorIsPerpendicular() {
        #expect(horizontal.distance(to: Point(x: 50, y: 20)) == 20)
        #expect(horizontal.distance(to: Point(x: 50, y: -21)) == 21)
    }

    @Test func distanceBeyondAnEndIsToThatEnd() {
        #expect(horizontal.distance(to: Point(x: 103, y: 4)) == 5)
        #expect(horizontal.distance(to: Point(x: -3, y: -4)) == 5)
    }

    @Test func degenerateLineIsAPoint() {
        let dot = Line(begin: Point(x: 10, y: 10), end: Point(x: 10, y: 10))
        #expect(dot.distance(to: Point(x: 13, y: 14)) == 5)
    }

    @Test func rectangleIntersection() {
        let diagonal = Line(begin: Point(x: 0, y: 0), end: Point(x: 100, y: 100))
        #expect(diagonal.intersects(Rect(x: 40, y: 40, width: 5, height: 5)))
        #expect(!diagonal.intersects(Rect(x: 60, y: 10, width: 20, height: 20)))
        #expect(horizontal.intersects(Rect(x: 100, y: -1, width: 5, height: 2)), "touching the end counts")
        #expect(!horizontal.intersects(Rect(x: 101, y: -1, width: 5, height: 2)))
    }
}
