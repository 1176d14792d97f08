import Testing
@testable import Canvas
import TouchCore

private func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// What a recognized shape becomes in the drawing, and how it follows the
/// finger that holds it.
@Suite struct StrokeShapeTests {
    @Test func aLineStaysAStraightLineAndTheOthersBecomeFreehandLinesThroughTheirCorners() {
        let style = StrokeStyle.standard
        #expect(StrokeShape.line(begin: point(0, 0), end: point(10, 5)).line(style: style, pressure: 1)
            == Line(begin: point(0, 0), end: point(10, 5)))
        let corners = [point(0, 0), point(10, 0), point(10, 5), point(0, 5)]
        let rectangle = StrokeShape.rectangle(corners: corners).line(style: style, pressure: 0.5)
        #expect(rectangle.freehandPoints?.map(\.location) == corners + [corners[0]])
        #expect(rectangle.freehandPoints?.allSatisfy { $0.pressure == 0.5 } == true)
        let ellipse = StrokeShape.ellipse(center: point(100, 100), radiusX: 50, radiusY: 20, angle: 0)
            .line(style: style, pressure: 1)
        let points = ellipse.freehandPoints!.map(\.location)
        #expect(points.count == StrokeShape.ellipseSegments + 1 && points.first == points.last)
        #expect(abs(ellipse.bounds.width - 100) < 1e-9 && abs(ellipse.bounds.height - 40) < 1e-9)
    }

    @Test func anEllipsesBoxCornerNearestTheHoldFollowsAndTheOppositeStays() {
        let ellipse = StrokeShape.ellipse(center: point(100, 100), radiusX: 50, radiusY: 20, angle: 0)
        // Held near the box's bottom-right corner (150, 120); the top-left (50, 80) stays.
        let dragged = ellipse.dragged(from: point(140, 118), by: Vector(dx: 30, dy: 40))
        #expect(dragged == .ellipse(center: point(115, 120), radiusX: 65, radiusY: 40, angle: 0))
    }

    @Test func aClosedPolylineStaysClosedAndAnOpenOnesLastCornerFollows() {
        let triangle = StrokeShape.polyline(vertices: [point(0, 0), point(10, 0), point(5, 8), point(0, 0)])
        #expect(triangle.dragged(from: point(0, 0), by: Vector(dx: 2, dy: 1))
            == .polyline(vertices: [point(2, 1), point(10, 0), point(5, 8), point(2, 1)]))
        let open = StrokeShape.polyline(vertices: [point(0, 0), point(10, 0), point(5, 8)])
        #expect(open.dragged(from: point(5, 8), by: Vector(dx: 2, dy: 1))
            == .polyline(vertices: [point(0, 0), point(10, 0), point(7, 9)]))
    }

    @Test func aRotatedRectangleKeepsItsRotationWhileItsCornerFollows() {
        // A square of side 10 turned 45°, corners in order.
        let h = 10 / 2.0.squareRoot()
        let corners = [point(0, 0), point(h, h), point(0, 2 * h), point(-h, h)]
        let dragged = StrokeShape.rectangle(corners: corners).dragged(from: point(0, 2 * h), by: Vector(dx: h, dy: h))
        guard case .rectangle(let moved) = dragged else {
            Issue.record("\(dragged)")
            return
        }
        // The far corner moved along the first side's direction: the rectangle grew to 20 × 10.
        let expected = [point(0, 0), point(2 * h, 2 * h), point(h, 3 * h), point(-h, h)]
        #expect(zip(moved, expected).allSatisfy { $0.distance(to: $1) < 1e-9 }, "\(moved)")
    }
}
