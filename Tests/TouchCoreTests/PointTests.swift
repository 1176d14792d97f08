import Testing
import TouchCore

@Suite struct PointTests {
    @Test func subtractingPointsGivesTheVectorBetweenThem() {
        let vector = Point(x: 4, y: 6) - Point(x: 1, y: 2)
        #expect(vector == Vector(dx: 3, dy: 4))
        #expect(vector.length == 5)
    }

    @Test func addingAVectorMovesThePoint() {
        #expect(Point(x: 1, y: 2) + Vector(dx: 3, dy: -1) == Point(x: 4, y: 1))
        #expect(Point(x: 1, y: 2) - Vector(dx: 3, dy: -1) == Point(x: -2, y: 3))
    }

    @Test func distanceIsSymmetric() {
        let a = Point(x: 0, y: 0), b = Point(x: 6, y: 8)
        #expect(a.distance(to: b) == 10)
        #expect(b.distance(to: a) == 10)
    }

    @Test func vectorsScaleAndIgnoreTranslation() {
        #expect(Vector(dx: 1, dy: 2) * 3 == Vector(dx: 3, dy: 6))
        #expect(Vector(dx: 1, dy: 2).applying(AffineTransform(translationX: 5, y: 5)) == Vector(dx: 1, dy: 2))
        #expect(Vector(dx: 1, dy: 2).applying(AffineTransform(scaleX: 2, y: 3)) == Vector(dx: 2, dy: 6))
    }
}
