import Testing
import TouchCore

@Suite struct ViewConversionTests {
    @Test func convertingBetweenSiblingsAndToTheWindow() {
        let window = makeWindow()
        let a = View(frame: rect(10, 20, 100, 100))
        let b = View(frame: rect(200, 50, 100, 100))
        let inner = View(frame: rect(5, 5, 50, 50))
        window.addSubview(a)
        window.addSubview(b)
        b.addSubview(inner)
        #expect(a.convert(Point(x: 1, y: 2), to: nil) == Point(x: 11, y: 22))
        #expect(a.convert(Point(x: 0, y: 0), to: inner) == Point(x: -195, y: -35))
        #expect(inner.convert(Point(x: -195, y: -35), to: a) == Point(x: 0, y: 0))
        #expect(inner.convert(Point(x: 205, y: 55), from: nil) == Point(x: 0, y: 0))
        #expect(a.convert(rect(0, 0, 10, 10), to: b) == rect(-190, -30, 10, 10))
        #expect(b.convert(rect(0, 0, 10, 10), from: a) == rect(-190, -30, 10, 10))
    }

    @Test func boundsOriginShiftsTheContent() {
        let window = makeWindow()
        let parent = View(frame: rect(0, 0, 100, 100))
        let child = View(frame: rect(10, 10, 10, 10))
        window.addSubview(parent)
        parent.addSubview(child)
        parent.bounds.origin = Point(x: 0, y: 50)
        #expect(child.convert(Point.zero, to: nil) == Point(x: 10, y: -40))
        #expect(child.convert(Point(x: 10, y: -40), from: nil) == .zero)
    }

    @Test func transformsApplyAboutTheCenter() {
        let parent = View(frame: rect(0, 0, 200, 200))
        let child = View(frame: rect(50, 50, 100, 100))
        parent.addSubview(child)
        child.transform = AffineTransform(rotationAngle: .pi / 2)
        // The child's top-left corner turns clockwise about its center (100, 100).
        #expect(close(child.convert(Point.zero, to: parent), Point(x: 150, y: 50)))
        #expect(close(child.convert(Point(x: 150, y: 50), from: parent), .zero))
        child.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(close(child.convert(Point.zero, to: parent), Point.zero))
        #expect(close(child.convert(Point(x: 100, y: 100), to: parent), Point(x: 200, y: 200)))
    }
}
