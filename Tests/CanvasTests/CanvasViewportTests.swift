@testable import Canvas
import Testing
import TouchCore

/// The view transform on its own: conversions, zooming about a point, the
/// limits, fitting, and a fling that slows down and stops (issue 23).
@Suite struct CanvasViewportTests {
    @Test func conversionsGoBothWaysAndLineWidthsScale() {
        let view = CanvasViewport(zoom: 2.5, origin: Point(x: 100, y: -40))
        let drawingPoint = Point(x: 130, y: 0)
        #expect(view.viewPoint(fromDrawing: drawingPoint) == Point(x: 75, y: 100))
        #expect(view.drawingPoint(fromView: Point(x: 75, y: 100)) == drawingPoint)
        let rect = Rect(x: 100, y: -40, width: 10, height: 4)
        #expect(view.viewRect(fromDrawing: rect) == Rect(x: 0, y: 0, width: 25, height: 10))
        #expect(view.drawingRect(fromView: Rect(x: 0, y: 0, width: 25, height: 10)) == rect)
        #expect(view.drawingDistance(fromView: 20) == 8)
        #expect(Point(x: 130, y: 0).applying(view.transform) == Point(x: 75, y: 100))
        #expect(view.percentage == 250)
    }

    @Test func zoomingAboutAPointKeepsThatPointUnderTheFingers() {
        let view = CanvasViewport(zoom: 0.8, origin: Point(x: 37, y: 12))
        let fingers = Point(x: 210, y: 95)
        let held = view.drawingPoint(fromView: fingers)
        for factor in [0.3, 1.7, 4.0] {
            let zoomed = view.zoomed(by: factor, about: fingers)
            #expect(abs(zoomed.zoom - 0.8 * factor) < 1e-12)
            let under = zoomed.viewPoint(fromDrawing: held)
            #expect(abs(under.x - fingers.x) < 1e-9 && abs(under.y - fingers.y) < 1e-9)
        }
    }

    @Test func theZoomLimitsHold() {
        let view = CanvasViewport.actualSize
        #expect(view.zoomed(by: 1000, about: .zero).zoom == CanvasViewport.maximumZoom)
        #expect(view.zoomed(by: 0.001, about: .zero).zoom == CanvasViewport.minimumZoom)
        #expect(CanvasViewport(zoom: .nan, origin: .zero).zoom == 1)
        // Past the limit the point under the fingers still stays put.
        let anchor = Point(x: 50, y: 50)
        let held = view.drawingPoint(fromView: anchor)
        let limited = view.zoomed(by: 50, about: anchor)
        #expect(limited.viewPoint(fromDrawing: held) == anchor)
    }

    @Test func panningMovesTheContentWithTheFingers() {
        let view = CanvasViewport(zoom: 2, origin: Point(x: 10, y: 10))
        let line = Point(x: 60, y: 35)
        let before = view.viewPoint(fromDrawing: line)
        let after = view.panned(by: Vector(dx: 30, dy: -14)).viewPoint(fromDrawing: line)
        #expect(after - before == Vector(dx: 30, dy: -14))
    }

    @Test func fitFramesTheBoundsWithAMargin() {
        let size = Size(width: 800, height: 600)
        let bounds = Rect(x: 5000, y: -2000, width: 3000, height: 1000)
        let fit = CanvasViewport.fitting(bounds, in: size)
        let shown = fit.viewRect(fromDrawing: bounds)
        let margin = CanvasViewport.fitMargin
        // The wider side touches the margins, the other is centred.
        #expect(abs(shown.minX - margin) < 1e-9 && abs(shown.maxX - (size.width - margin)) < 1e-9)
        #expect(abs(shown.midY - size.height / 2) < 1e-9)
        #expect(shown.minY >= margin)
        // A tiny drawing stops at the largest zoom, centred.
        let dot = CanvasViewport.fitting(Rect(x: 10, y: 10, width: 1, height: 1), in: size)
        #expect(dot.zoom == CanvasViewport.maximumZoom)
        let centre = dot.viewPoint(fromDrawing: Point(x: 10.5, y: 10.5))
        #expect(abs(centre.x - 400) < 1e-9 && abs(centre.y - 300) < 1e-9)
    }

    /// Issue 36: Fit Drawing showed a small sketch at 285 %.
    @Test func fitStopsAtTheLargestZoomAskedForCentred() {
        let size = Size(width: 800, height: 600)
        let sketch = Rect(x: 100, y: 100, width: 120, height: 80)
        let fit = CanvasViewport.fitting(sketch, in: size, largestZoom: 1)
        #expect(fit.zoom == 1)
        let shown = fit.viewRect(fromDrawing: sketch)
        #expect(abs(shown.midX - 400) < 1e-9 && abs(shown.midY - 300) < 1e-9)
        // A drawing larger than the window still shrinks to fit.
        let large = CanvasViewport.fitting(Rect(x: 0, y: 0, width: 4000, height: 1000), in: size, largestZoom: 1)
        #expect(large.zoom < 1)
    }

    @Test func aFlingSlowsDownAndStops() throws {
        let fling = try #require(ViewportFling(velocity: Vector(dx: 1500, dy: 0), at: 10))
        var previousSpeed = Double.infinity
        var previousDistance = 0.0
        var time = 10.0
        // A fake clock stepping 60 frames a second.
        while !fling.isFinished(at: time) {
            time += 1.0 / 60
            let speed = fling.velocity(at: time).length
            let distance = fling.displacement(at: time).dx
            #expect(speed < previousSpeed && distance >= previousDistance)
            previousSpeed = speed
            previousDistance = distance
            #expect(time < 20, "it stops within seconds")
        }
        #expect(fling.velocity(at: time) == .zero)
        #expect(fling.displacement(at: time + 5) == fling.displacement(at: time), "and stays stopped")
        // It glides about speed / (1000 · ln(1/0.998)) ≈ 750 pt, as UIKit's normal rate does.
        #expect(abs(previousDistance - 1500 / (1000 * -Double.log(0.998))) < 20)
        #expect(ViewportFling(velocity: Vector(dx: 50, dy: 0), at: 0) == nil, "a slow release does not fling")
    }
}
