import Testing
@testable import Canvas
import TouchCore

/// The canvas never makes a line the drawing file cannot hold: a finger
/// dragged far outside the window (a compositor may send any position
/// during a drag) draws to the edge of the plane, and a line moved against
/// the edge stops there.
@Suite struct DrawingLimitsTests {
    final class FakeTouch {}
    let limit = Drawing.coordinateLimit

    @Test func aStraightLineDraggedFarAwayEndsAtTheEdge() {
        let drawing = Drawing()
        let touch = ObjectIdentifier(FakeTouch())
        drawing.beginLine(for: touch, at: Point(x: 100, y: 100))
        drawing.extendLine(for: touch, to: Point(x: 2_000_000, y: -8_000_000))
        let id = drawing.finishLine(for: touch)!
        #expect(drawing.store[id] == Line(begin: Point(x: 100, y: 100), end: Point(x: limit, y: -limit)))
    }

    @Test func aLineStartedFarAwayStartsAtTheEdge() {
        let drawing = Drawing()
        let touch = ObjectIdentifier(FakeTouch())
        drawing.beginLine(for: touch, at: Point(x: -3e6, y: 5))
        let id = drawing.finishLine(for: touch)!
        #expect(drawing.store[id] == Line(begin: Point(x: -limit, y: 5), end: Point(x: -limit, y: 5)))
    }

    @Test func aFreehandStrokeDraggedFarAwayStaysOnThePlane() {
        let drawing = Drawing()
        let touch = ObjectIdentifier(FakeTouch())
        drawing.beginFreehand(for: touch, at: FreehandPoint(x: 5e6, y: 0, pressure: 0.5))
        drawing.extendFreehand(for: touch, to: FreehandPoint(x: 10, y: 7e6, pressure: 0.25))
        let id = drawing.finishLine(for: touch)!
        let points = Array(drawing.store[id]!.freehandPoints!)
        #expect(points == [FreehandPoint(x: limit, y: 0, pressure: 0.5), FreehandPoint(x: 10, y: limit, pressure: 0.25)])
    }

    @Test func aLineMovedAgainstTheEdgeStopsThere() {
        let drawing = Drawing(lines: [Line(begin: Point(x: 0, y: 0), end: Point(x: 100, y: 50)),
                                      Line(freehand: [FreehandPoint(x: 0, y: 0), FreehandPoint(x: 10, y: 10)])])
        let straight = drawing.store.ids[0], freehand = drawing.store.ids[1]
        drawing.move(straight, by: Vector(dx: 5e6, dy: -5e6))
        #expect(drawing.store[straight] == Line(begin: Point(x: limit - 100, y: -limit), end: Point(x: limit, y: -limit + 50)))
        drawing.move(freehand, by: Vector(dx: -9e9, dy: 20))
        #expect(drawing.store[freehand]!.bounds == Rect(x: -limit, y: 20, width: 10, height: 10))
        // Within the plane, a move is exact.
        drawing.move(straight, by: Vector(dx: -1000.5, dy: 30))
        #expect(drawing.store[straight]!.begin == Point(x: limit - 1100.5, y: -limit + 30))
    }
}
