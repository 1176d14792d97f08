#if canImport(Glibc)
import Glibc
#endif
@testable import Playground
import Testing
import TestSupport
import Timing
import TouchCore

/// The touch-events guide's MultiTap and PinchZoom, and moving between
/// pages (issue 16), on a fake clock.
@Suite struct GuideDemosTests {
    @Test func multiTapSingleTapTurnsRedAfterTheGuidesTenthOfASecond() {
        let stage = PlaygroundStage()
        stage.playground.showPage(1)
        let square = stage.playground.multiTap.square
        let centre = stage.centre(of: square)
        stage.down(1, centre)
        stage.advance(0.05)
        stage.up(1)
        #expect(square.shade == .plain, "the single tap waits for a second one")
        #expect(square.pendingSingleTap?.isActive == true)
        stage.advance(0.09)
        #expect(square.shade == .plain)
        stage.advance(0.02)
        #expect(square.shade == .red, "performSelector:afterDelay:0.10")
        #expect(square.singleTaps == 1)
    }

    /// The guide's delay is shorter than a double tap's window: a second
    /// tap 0.2 s after the first is still a double tap (`tapCount` 2), but
    /// the single tap has acted by then.
    @Test func multiTapASlowDoubleTapShowsRedThenBlue() {
        let stage = PlaygroundStage()
        stage.playground.showPage(1)
        let square = stage.playground.multiTap.square
        let centre = stage.centre(of: square)
        stage.down(1, centre)
        stage.advance(0.05)
        stage.up(1)
        stage.advance(0.2)
        #expect(square.shade == .red)
        stage.down(2, centre)
        stage.advance(0.05)
        stage.up(2)
        #expect(square.shade == .blue)
        #expect(square.singleTaps == 1 && square.doubleTaps == 1)
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
        stage.advance(0.08)
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

    /// Two fingers `apart` points apart about the middle of PinchZoom, moved
    /// to each of `distances` apart in turn, one move each; returns the zoom
    /// after each move.
    private func pinch(_ stage: PlaygroundStage, from apart: Double, through distances: [Double]) -> [Double] {
        let page = stage.playground.pinchZoom
        let middle = page.convert(Point(x: page.bounds.midX, y: page.bounds.midY), to: nil)
        func fingers(_ distance: Double) -> (Point, Point) {
            (middle + Vector(dx: -distance / 2, dy: 0), middle + Vector(dx: distance / 2, dy: 0))
        }
        let (first, second) = fingers(apart)
        stage.send([(.down, 1, first), (.down, 2, second)])
        let zooms = distances.map { distance in
            stage.advance(0.016)
            let (first, second) = fingers(distance)
            stage.send([(.move, 1, first), (.move, 2, second)])
            return page.zoom
        }
        stage.advance(0.016)
        stage.send([(.up, 1, .zero), (.up, 2, .zero)])
        return zooms
    }

    @Test func pinchZoomAddsDeltaDOverDAndPinchingInShrinks() {
        let stage = PlaygroundStage()
        stage.playground.showPage(2)
        let page = stage.playground.pinchZoom
        let side = page.robot.bounds.width
        // 40 → 60 apart: +20/40; 60 → 30: −30/60; 30 → 33: +3/30.
        let zooms = pinch(stage, from: 40, through: [60, 30, 33])
        #expect(zooms.map { ($0 * 1e9).rounded() / 1e9 } == [1.5, 1.0, 1.1])
        #expect(abs(page.robot.frame.width - 1.1 * side) < 1e-9, "the robot is drawn at that zoom")
        #expect(page.robot.center == Point(x: page.bounds.midX, y: page.bounds.midY), "about its centre")
        // Added, not multiplied: two moves of +10 points from 40 give
        // 1 + 10/40 + 10/50, not 60/40.
        let stepped = PlaygroundStage()
        stepped.playground.showPage(2)
        let last = pinch(stepped, from: 40, through: [50, 60]).last ?? 0
        #expect(abs(last - (1 + 0.25 + 0.2)) < 1e-9)
    }

    @Test func pinchZoomPastZeroFlipsBackUpAsTheGuidesFabs() {
        let stage = PlaygroundStage()
        stage.playground.showPage(2)
        let page = stage.playground.pinchZoom
        let side = page.robot.bounds.width
        // 100 → 20 apart: 1 − 80/100 = 0.2; 20 → 10: 0.2 − 10/20 = −0.3,
        // taken as 0.3; 10 → 8: 0.3 − 2/10 = 0.1.
        let zooms = pinch(stage, from: 100, through: [20, 10, 8])
        #expect(zooms.map { ($0 * 1e9).rounded() / 1e9 } == [0.2, 0.3, 0.1])
        #expect(abs(page.robot.frame.width - 0.1 * side) < 1e-9, "drawn at that zoom, not mirrored")
        // And it grows from there: 10 → 20 apart adds 10/10.
        let grown = pinch(stage, from: 10, through: [20])
        #expect(abs((grown.last ?? 0) - 1.1) < 1e-9)
    }

    @Test func pinchZoomAThirdFingerStopsTheZoom() {
        let stage = PlaygroundStage()
        stage.playground.showPage(2)
        let page = stage.playground.pinchZoom
        let middle = page.convert(Point(x: page.bounds.midX, y: page.bounds.midY), to: nil)
        stage.send([(.down, 1, middle + Vector(dx: -20, dy: 0)), (.down, 2, middle + Vector(dx: 20, dy: 0)),
                    (.down, 3, middle + Vector(dx: 0, dy: 60))])
        stage.advance(0.016)
        stage.send([(.move, 1, middle + Vector(dx: -40, dy: 0)), (.move, 2, middle + Vector(dx: 40, dy: 0))])
        #expect(page.zoom == 1, "allTouches holds three: not a pinch")
        stage.send([(.up, 3, .zero)])
        stage.advance(0.016)
        stage.send([(.move, 1, middle + Vector(dx: -60, dy: 0)), (.move, 2, middle + Vector(dx: 60, dy: 0))])
        #expect(abs(page.zoom - 1.5) < 1e-9, "two again: 80 → 120 apart adds 40/80")
        stage.send([(.up, 1, .zero), (.up, 2, .zero)])
    }

    @Test func pinchZoomTapsAddByTheirTapCount() {
        let stage = PlaygroundStage()
        stage.playground.showPage(2)
        let page = stage.playground.pinchZoom
        let point = page.convert(Point(x: page.bounds.midX, y: page.bounds.midY), to: nil)
        /// `count` quick taps in a row; returns the zoom after each.
        func taps(_ count: Int) -> [Double] {
            let zooms = (0..<count).map { index in
                stage.down(Int32(10 + index), point)
                stage.advance(0.05)
                stage.up(Int32(10 + index))
                stage.advance(0.1)
                return (page.zoom * 1e9).rounded() / 1e9
            }
            stage.advance(1)
            return zooms
        }
        #expect(taps(1) == [1], "a single tap adds nothing")
        #expect(taps(2) == [1, 1.4], "a double tap: +0.4")
        #expect(taps(3) == [1.4, 1.8, 2.4], "a triple tap: +0.4, then +0.6")
        #expect(taps(5) == [2.4, 2.8, 3.4, 4.2, 4.2], "the fourth +0.8, the fifth nothing")
    }

    @Test func aSwipeOnPinchZoomDoesNotTurnThePage() {
        let stage = PlaygroundStage()
        stage.playground.showPage(2)
        let page = stage.playground.pinchZoom
        let start = page.convert(Point(x: page.bounds.midX, y: page.bounds.midY), to: nil)
        for dx in [-120.0, 120] {
            stage.down(1, start)
            for step in 1...5 {
                stage.advance(0.02)
                stage.move(1, start + Vector(dx: dx * Double(step) / 5, dy: 0))
            }
            stage.up(1)
            stage.advance(1)
        }
        #expect(stage.playground.currentPageIndex == 2, "the guide has no swipe: pages change by the bar")
        #expect(page.zoom == 1)
    }

    @Test func theBarChangesPagesAndEscapeGoesBackToTheDrawing() {
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
        #expect(stage.playground.panel.timeline.rows.isEmpty, "PinchZoom has no recognizer, as in the guide")
        #expect(stage.playground.becomeFirstResponder())
        stage.window.handle(KeyPress(.left))
        #expect(stage.playground.currentPageIndex == 1)
        stage.window.handle(KeyPress(.escape))
        #expect(stage.exits == 1)
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
