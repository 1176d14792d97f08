import Testing
@testable import TouchCore

@Suite struct AffineTransformTests {
    let point = Point(x: 3, y: 4)

    @Test func translationScaleAndRotation() {
        #expect(point.applying(AffineTransform(translationX: 10, y: -1)) == Point(x: 13, y: 3))
        #expect(point.applying(AffineTransform(scaleX: 2, y: 0.5)) == Point(x: 6, y: 2))
        // +x turns towards +y: clockwise on a screen whose y grows downwards.
        #expect(close(Point(x: 1, y: 0).applying(AffineTransform(rotationAngle: .pi / 2)), Point(x: 0, y: 1)))
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let scaleThenMove = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
        #expect(point.applying(scaleThenMove) == Point(x: 16, y: 8))
        let moveThenScale = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
        #expect(point.applying(moveThenScale) == Point(x: 26, y: 8))
    }

    @Test func translatedByAppliesTheTranslationFirst() {
        let transform = AffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(point.applying(transform) == Point(x: 26, y: 8))
    }

    @Test func invertedUndoesTheTransform() {
        let transform = AffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 3).translatedBy(x: 5, y: -7)
        #expect(close(point.applying(transform).applying(transform.inverted()), point))
        let roundTrip = transform.concatenating(transform.inverted())
        #expect(abs(roundTrip.a - 1) < 1e-9 && abs(roundTrip.b) < 1e-9 && abs(roundTrip.tx) < 1e-9)
    }

    @Test func aSingularTransformInvertsToItself() {
        let singular = AffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func identity() {
        #expect(AffineTransform.identity.isIdentity)
        #expect(!AffineTransform(translationX: 1, y: 0).isIdentity)
        #expect(point.applying(.identity) == point)
    }
}
