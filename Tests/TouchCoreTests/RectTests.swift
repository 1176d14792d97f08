import Testing
import TouchCore

@Suite struct RectTests {
    @Test func edgesAndCenter() {
        let r = rect(10, 20, 30, 40)
        #expect(r.minX == 10 && r.midX == 25 && r.maxX == 40)
        #expect(r.minY == 20 && r.midY == 40 && r.maxY == 60)
        #expect(r.center == Point(x: 25, y: 40))
    }

    @Test func negativeSizesAreStandardized() {
        let r = rect(40, 60, -30, -40)
        #expect(r.standardized == rect(10, 20, 30, 40))
        #expect(r.contains(Point(x: 15, y: 25)))
    }

    @Test func containsIncludesMinEdgesAndExcludesMaxEdges() {
        let r = rect(0, 0, 10, 10)
        #expect(r.contains(Point(x: 0, y: 0)))
        #expect(r.contains(Point(x: 9.99, y: 9.99)))
        #expect(!r.contains(Point(x: 10, y: 5)))
        #expect(!r.contains(Point(x: 5, y: 10)))
        #expect(!Rect.zero.contains(Point.zero))
    }

    @Test func containsRect() {
        #expect(rect(0, 0, 10, 10).contains(rect(2, 2, 8, 8)))
        #expect(!rect(0, 0, 10, 10).contains(rect(2, 2, 9, 8)))
    }

    @Test func intersectionAndNull() {
        #expect(rect(0, 0, 10, 10).intersection(rect(5, 5, 10, 10)) == rect(5, 5, 5, 5))
        #expect(rect(0, 0, 10, 10).intersection(rect(10, 0, 5, 5)).isNull)
        #expect(!rect(0, 0, 10, 10).intersects(rect(10, 0, 5, 5)))
        #expect(rect(0, 0, 10, 10).intersects(rect(9, 9, 5, 5)))
    }

    @Test func unionIgnoresNull() {
        #expect(rect(0, 0, 10, 10).union(rect(20, 5, 5, 10)) == rect(0, 0, 25, 15))
        #expect(Rect.null.union(rect(1, 2, 3, 4)) == rect(1, 2, 3, 4))
        #expect(rect(1, 2, 3, 4).union(.null) == rect(1, 2, 3, 4))
    }

    @Test func insetAndOffset() {
        #expect(rect(0, 0, 10, 10).insetBy(dx: 2, dy: 3) == rect(2, 3, 6, 4))
        #expect(rect(0, 0, 10, 10).insetBy(dx: -1, dy: -1) == rect(-1, -1, 12, 12))
        #expect(rect(0, 0, 10, 10).offsetBy(dx: 5, dy: -5) == rect(5, -5, 10, 10))
    }

    @Test func applyingATransformGivesTheBoundingBox() {
        let rotated = rect(0, 0, 10, 20).applying(AffineTransform(rotationAngle: .pi / 2))
        #expect(abs(rotated.minX - -20) < 1e-9 && abs(rotated.maxX) < 1e-9)
        #expect(abs(rotated.minY) < 1e-9 && abs(rotated.maxY - 10) < 1e-9)
    }

    /// The box of any sequence of points: the extremes of each axis, from
    /// whichever points hold them; no points at all is the null rectangle.
    @Test func enclosingTheExtremesOfAnySequenceOfPoints() {
        let points = [Point(x: 3, y: -2), Point(x: -5, y: 4), Point(x: 7, y: 1), Point(x: 0, y: 9)]
        #expect(Rect(enclosing: points) == rect(-5, -2, 12, 11))
        #expect(Rect(enclosing: points.lazy.map { Point(x: $0.x * 2, y: $0.y) }) == rect(-10, -2, 24, 11))
        #expect(Rect(enclosing: points.prefix(1)) == rect(3, -2, 0, 0))
        #expect(Rect(enclosing: EmptyCollection<Point>()).isNull)
    }
}
