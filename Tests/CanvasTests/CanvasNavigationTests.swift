@testable import Canvas
import Testing
import TestSupport
import TouchCore

/// The canvas seen through its viewport (issue 23): strokes land where the
/// person meant on the drawing, the distances a person feels stay in
/// screen points at any zoom, fingers pan and pinch in navigate mode, a
/// fling glides and stops, and the keys zoom and fit.
@Suite struct CanvasNavigationTests {
    let pen = InputDeviceID(seat: "seat0", kind: .pen)

    @Test func drawingAtHalfSizeSavesTheCoordinatesMeant() {
        let h = CanvasHarness()
        h.canvas.viewport = CanvasViewport(zoom: 0.5, origin: Point(x: 100, y: 100))
        h.stroke(from: Point(x: 10, y: 10), to: Point(x: 110, y: 10))
        #expect(h.drawing.lines == [line(120, 120, 320, 120)])
    }

    /// A tap selects within 20 screen points of a line, not 20 drawing
    /// points, and the menu shows where the finger was.
    @Test(arguments: [0.25, 3.0, 4.0])
    func tapSelectsWithinTwentyScreenPoints(zoom: Double) {
        let h = CanvasHarness(lines: [line(0, 0, 1000, 0)])
        // The line runs across the middle of the window.
        h.canvas.viewport = CanvasViewport(zoom: zoom, origin: Point(x: -10, y: -150 / zoom))
        let halfWidth = 5 * zoom
        h.tap(200, 150 + halfWidth + 25)
        #expect(h.drawing.selectedLineID == nil, "25 points off its ink is too far at \(zoom)")
        h.tap(200, 150 + 15)
        #expect(h.drawing.selectedLineID != nil, "15 points away selects at \(zoom)")
        #expect(h.menu.isMenuVisible)
        let menu = h.menu.layout?.frame ?? .null
        #expect(abs(menu.midX - 201) < 1, "the menu above the finger, in window points")
    }

    /// The 8 pt drag threshold is the window's: a 6 pt wobble at 400 %
    /// (1.5 drawing points) is still a tap, 12 pt at 25 % (48) is a stroke.
    @Test func theDragThresholdStaysInScreenPoints() {
        let h = CanvasHarness(lines: [line(0, 0, 1000, 0)])
        h.canvas.viewport = CanvasViewport(zoom: 4, origin: Point(x: 0, y: -100 / 4))
        h.send(h.down(1, 200, 110))
        h.send(h.move(1, 206, 110))
        h.send(h.up(1))
        h.advance(by: 0.5)
        #expect(h.drawing.selectedLineID != nil && h.drawing.count == 1, "a tap, not a stroke")

        let far = CanvasHarness()
        far.canvas.viewport = CanvasViewport(zoom: 0.25, origin: .zero)
        far.send(far.down(1, 100, 100))
        far.send(far.move(1, 112, 100))
        far.send(far.up(1))
        far.advance(by: 0.5)
        #expect(far.drawing.lines == [line(400, 400, 448, 400)])
    }

    /// The eraser's disc is as wide on screen at any zoom: at 400 % a line
    /// 10 wide shows 40 wide, so the eraser reaches 5 + 20 screen points.
    @Test(arguments: [(4.0, 25.0), (0.25, 6.25)])
    func theEraserReachesTheSameOnScreen(zoom: Double, reach: Double) {
        for (offset, erases) in [(reach - 1, true), (reach + 1, false)] {
            let h = CanvasHarness(lines: [line(0, 0, 1000, 0)], kind: .eraser)
            h.canvas.viewport = CanvasViewport(zoom: zoom, origin: Point(x: 0, y: -150 / zoom))
            h.stroke(from: Point(x: 100, y: 150 + offset), to: Point(x: 300, y: 150 + offset))
            #expect(h.drawing.lines.isEmpty == erases, "\(offset) points from the line at \(zoom)")
        }
    }

    /// The double tap's 45 pt separation is the window's: two taps 30
    /// screen points apart at 400 % clear, as at 100 %.
    @Test func theDoubleTapSeparationStaysInScreenPoints() {
        let h = CanvasHarness(lines: [line(0, 0, 10, 10)])
        h.canvas.viewport = CanvasViewport(zoom: 4, origin: .zero)
        h.send(h.down(9, 100, 100))
        h.send(h.up(9))
        h.send(h.down(9, 130, 100))
        h.send(h.up(9))
        h.advance(by: 0.5)
        #expect(h.drawing.lines.isEmpty)
    }

    @Test func inNavigateModeOneFingerPansAndDrawsNothing() {
        let h = CanvasHarness(lines: [line(50, 50, 100, 50)])
        h.canvas.navigation.fingersNavigate = true
        h.send(h.down(1, 100, 100))
        for step in 1...6 { h.send(h.move(1, 100 + 20 * Double(step), 100 + 10 * Double(step))) }
        h.advance(by: 0.2)
        h.send(h.up(1))
        #expect(h.drawing.count == 1 && h.drawing.linesInProgress.isEmpty)
        // The line moved with the finger's travel, (120, 60).
        #expect(h.canvas.viewport.viewPoint(fromDrawing: Point(x: 50, y: 50)) == Point(x: 170, y: 110))
        #expect(!h.canvas.navigation.isMoving, "a finger that stopped does not fling")
    }

    @Test func inNavigateModeTwoFingersPinchAboutTheirCentroid() {
        let h = CanvasHarness()
        h.canvas.navigation.fingersNavigate = true
        h.send(h.down(1, 150, 150), h.down(2, 250, 150))
        let held = h.canvas.viewport.drawingPoint(fromView: Point(x: 200, y: 150))
        for step in 1...10 {
            let spread = 50 + 5 * Double(step)
            h.send(h.move(1, 200 - spread, 150), h.move(2, 200 + spread, 150))
        }
        #expect(abs(h.canvas.viewport.zoom - 2) < 1e-9, "the fingers' spread doubled")
        let under = h.canvas.viewport.viewPoint(fromDrawing: held)
        #expect(abs(under.x - 200) < 1e-9 && abs(under.y - 150) < 1e-9)
        #expect(h.canvas.navigation.isMoving)
        h.send(h.up(1), h.up(2))
        #expect(h.drawing.count == 0 && !h.canvas.navigation.isMoving)
    }

    @Test func inNavigateModeAPenStillDrawsAndTapsStillSelectAndUndo() {
        let h = CanvasHarness()
        h.canvas.navigation.fingersNavigate = true
        h.canvas.viewport = CanvasViewport(zoom: 2, origin: .zero)
        h.send(down(5, 20, 100, at: h.clock.now, on: pen))
        h.send(move(5, 120, 100, at: h.clock.now, on: pen))
        h.send(up(5, at: h.clock.now, on: pen))
        h.advance(by: 0.5)
        #expect(h.drawing.lines == [line(10, 50, 60, 50)])
        h.tap(70, 110)
        #expect(h.drawing.selectedLineID != nil)
        h.tap(300, 250)   // closes the line's menu, and does nothing else
        h.send(h.down(1, 100, 250), h.down(2, 200, 250))
        h.send(h.up(1), h.up(2))
        #expect(h.drawing.count == 0, "two fingers undo")
    }

    @Test func aFlingGlidesOnAndStops() {
        let h = CanvasHarness()
        h.canvas.navigation.fingersNavigate = true
        h.send(h.down(1, 50, 100))
        for step in 1...8 { h.send(h.move(1, 50 + 20 * Double(step), 100)) }
        h.send(h.up(1))
        let released = h.canvas.viewport.origin
        #expect(h.canvas.navigation.isMoving && h.window.needsAnimationFrame)
        var frames = 0
        while h.window.needsAnimationFrame {
            h.advance(by: 1.0 / 60)
            h.window.runDisplayLinks(at: h.clock.now)
            frames += 1
            #expect(frames < 600, "it stops")
            if frames >= 600 { break }
        }
        // 2000 pt/s glides about 1000 pt leftwards on the drawing.
        let glided = released.x - h.canvas.viewport.origin.x
        #expect(glided > 500 && glided < 1100)
        #expect(!h.canvas.navigation.isMoving)
    }

    /// Issue 36: a pen stroke begun while the paper still glides after a
    /// flick stops the glide before its first point, so a horizontal drag
    /// stays horizontal on the drawing, however many frames come meanwhile.
    @Test(arguments: [Touch.Kind.pen, .pointer, .finger])
    func aNewContactStopsTheGlideBeforeItsFirstPoint(kind: Touch.Kind) {
        let h = CanvasHarness()
        h.canvas.navigation.fingersNavigate = true
        h.send(h.down(1, 50, 100))
        for step in 1...8 { h.send(h.move(1, 50 + 20 * Double(step), 100)) }
        h.send(h.up(1))
        h.advance(by: 1.0 / 60)
        h.window.runDisplayLinks(at: h.clock.now)
        #expect(h.canvas.navigation.isMoving, "the paper glides")
        h.canvas.navigation.fingersNavigate = kind != .finger
        let device = InputDeviceID(seat: "seat0", kind: kind)
        h.advance(by: 1.0 / 60)
        h.send(down(5, 100, 200, at: h.clock.now, on: device))
        let origin = h.canvas.viewport.origin
        #expect(!h.canvas.navigation.isMoving && !h.window.needsAnimationFrame, "the contact stopped it")
        for step in 1...6 {
            h.window.runDisplayLinks(at: h.clock.now)
            h.send(move(5, 100 + 30 * Double(step), 200, at: h.clock.now, on: device))
        }
        h.send(up(5, at: h.clock.now, on: device))
        #expect(h.canvas.viewport.origin == origin)
        #expect(h.drawing.lines == [line(origin.x + 100, origin.y + 200, origin.x + 280, origin.y + 200)])
    }

    @Test func keysZoomAboutTheCentreAndFit() {
        let h = CanvasHarness(lines: [line(2000, 2000, 2400, 2100)])
        #expect(h.canvas.becomeFirstResponder())
        h.key(.character("+"), .control)
        #expect(h.canvas.viewport.zoom == CanvasView.zoomStep)
        #expect(h.canvas.zoomIndicator.text == "125 %" && !h.canvas.zoomIndicator.isHidden)
        h.advance(by: ZoomIndicatorView.shownFor)
        #expect(h.canvas.zoomIndicator.isHidden, "it goes a second after the last change")
        #expect(h.canvas.viewport.viewPoint(fromDrawing: Point(x: 200, y: 150)) == Point(x: 200, y: 150))
        h.key(.character("-"), .control)
        #expect(abs(h.canvas.viewport.zoom - 1) < 1e-12)
        h.key(.character("0"), .control)
        let shown = h.canvas.viewport.viewRect(fromDrawing: Rect(x: 2000, y: 2000, width: 400, height: 100))
        #expect(shown.minX > 0 && shown.maxX < 400 && shown.minY > 0 && shown.maxY < 300, "the line in view")
        h.key(.character("1"), .control)
        #expect(h.canvas.viewport.zoom == 1)
    }
}
