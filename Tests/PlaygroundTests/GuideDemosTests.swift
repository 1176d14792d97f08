#if canImport(Glibc)
import Glibc
#endif
import Playground
import Testing
import TestSupport
import Timing
import TouchCore

/// The touch-events guide's MultiTap and PinchZoom, and moving between
/// pages (issue 16), on a fake clock.
@Suite struct GuideDemosTests {
    @Test func multiTapSingleTapTurnsRedAfterTheDoubleTapWait() {
        let stage = PlaygroundStage()
        stage.playground.showPage(1)
        let square = stage.playground.multiTap.square
        let centre = stage.centre(of: square)
        stage.down(1, centre)
        stage.advance(0.05)
        stage.up(1)
        #expect(square.shade == .plain, "the single tap waits for a second one")
        #expect(square.pendingSingleTap?.isActive == true)
        stage.advance(Touch.maximumIntervalBetweenTaps + 0.01)
        #expect(square.shade == .red)
        #expect(square.singleTaps == 1)
    }

    @Test func multiTapTheSecondTapCancelsTheDelayedSingleTap() {
        let stage = PlaygroundStage()
        stage.playground.showPage(1)
        let square = stage.playground.multiTap.square
        let centre = stage.centre(of: square)
        stage.down(1, centre)
        stage.advance(0.05)
        stage.up(1)
        let pending = square.pendingSingleTap
        #expect(pending?.isActive == true)
        stage.advance(0.15)
        stage.down(2, centre + Vector(dx: 3, dy: 2))
        #expect(pending?.isActive == false, "cancelled as the second tap goes down")
        stage.advance(0.05)
        stage.up(2)
        #expect(square.shade == .blue)
        // Long after, the single tap's action still never ran.
        stage.advance(2)
        #expect(square.shade == .blue)
        #expect(square.singleTaps == 0 && square.doubleTaps == 1)
        // The panel shows the timer started, cancelled, and the double tap.
        let rows = stage.playground.panel.timeline.rows
        #expect(rows.map(\.recognizer) == ["single.timer", "double.tap"])
        #expect(rows[0].transitions.map(\.to) == [.began, .cancelled, .possible])
        #expect(rows[1].transitions.map(\.to) == [.ended, .possible])
    }

    @Test func pinchZoomZoomsAboutTheFingersCentroid() {
        let stage = PlaygroundStage()
        stage.playground.showPage(2)
        let page = stage.playground.pinchZoom
        let content = page.content
        // Fingers about a point off the middle of the page.
        let anchor = page.convert(Point(x: page.bounds.width * 0.3, y: page.bounds.height * 0.6), to: nil)
        let under = content.convert(anchor, from: nil)
        stage.send([(.down, 1, anchor + Vector(dx: -20, dy: 0)), (.down, 2, anchor + Vector(dx: 20, dy: 0))])
        for step in 1...10 {
            stage.advance(0.016)
            let spread = 20 + 4 * Double(step)
            stage.send([(.move, 1, anchor + Vector(dx: -spread, dy: 0)), (.move, 2, anchor + Vector(dx: spread, dy: 0))])
        }
        #expect(abs(page.zoomScale - 3) < 0.01, "60 pt apart from 40: ×3... \(page.zoomScale)")
        #expect(content.convert(under, to: nil).distance(to: anchor) < 0.5, "the point under the fingers stayed")
        stage.send([(.up, 1, .zero), (.up, 2, .zero)])
    }

    @Test func pinchZoomDoubleAndTripleTapsZoomInBySteps() {
        let stage = PlaygroundStage()
        stage.playground.showPage(2)
        let page = stage.playground.pinchZoom
        let point = page.convert(Point(x: page.bounds.midX, y: page.bounds.midY), to: nil)
        func taps(_ count: Int) {
            for index in 0..<count {
                stage.down(Int32(10 + index), point)
                stage.advance(0.05)
                stage.up(Int32(10 + index))
                stage.advance(0.1)
            }
            stage.advance(0.5)
        }
        taps(2)
        #expect(abs(page.zoomScale - PinchZoomPage.step) < 1e-9, "a double tap: one step")
        taps(3)
        #expect(abs(page.zoomScale - pow(PinchZoomPage.step, 3)) < 1e-9, "a triple tap: two more")
        taps(3)
        taps(2)
        #expect(page.zoomScale == PinchZoomPage.zoomRange.upperBound, "never beyond the largest zoom")
        taps(2)
        #expect(page.zoomScale == 1, "from there a double tap comes back")
    }

    @Test func swipingOnPinchZoomTurnsThePage() {
        let stage = PlaygroundStage()
        stage.playground.showPage(2)
        let page = stage.playground.pinchZoom
        func swipe(_ dx: Double) {
            let start = page.convert(Point(x: page.bounds.midX, y: page.bounds.midY), to: nil)
            stage.down(1, start)
            for step in 1...5 {
                stage.advance(0.02)
                stage.move(1, start + Vector(dx: dx * Double(step) / 5, dy: 0))
            }
            stage.up(1)
        }
        swipe(-120)
        #expect(stage.playground.currentPageIndex == 0, "left: the next page, round to the first")
        stage.playground.showPage(2)
        swipe(120)
        #expect(stage.playground.currentPageIndex == 1, "right: the previous page")
    }

    @Test func theBarChangesPagesAndGoesBackToTheDrawing() {
        let stage = PlaygroundStage()
        func press(_ button: PlaygroundButton) {
            let centre = stage.centre(of: button)
            stage.down(1, centre)
            stage.up(1)
            stage.advance(1)
        }
        press(stage.playground.pageButtons[2])
        #expect(stage.playground.currentPageIndex == 2)
        #expect(stage.playground.pinchZoom.superview === stage.playground)
        #expect(stage.playground.pictures.superview == nil, "one page at a time")
        #expect(stage.playground.panel.timeline.rows.map(\.recognizer).first == "zoom.pinch")
        press(stage.playground.backButton)
        #expect(stage.exits == 1)
        #expect(stage.playground.becomeFirstResponder())
        stage.window.handle(KeyPress(.left))
        #expect(stage.playground.currentPageIndex == 1)
        stage.window.handle(KeyPress(.escape))
        #expect(stage.exits == 2)
    }

    @Test func leavingAPageStopsItsGlidesAndTimers() {
        let stage = PlaygroundStage()
        let banana = stage.banana
        banana.glide(velocity: Vector(dx: 800, dy: 0))
        #expect(stage.window.needsAnimationFrame)
        stage.playground.showPage(1)
        #expect(!stage.window.needsAnimationFrame, "no frames asked for a page not shown")
        let square = stage.playground.multiTap.square
        stage.down(1, stage.centre(of: square))
        stage.up(1)
        #expect(square.pendingSingleTap?.isActive == true)
        stage.playground.showPage(0)
        #expect(square.pendingSingleTap == nil)
        #expect(stage.timers.count == 0, "nothing left to wake up for")
    }
}
