import Testing
import TestSupport
@testable import TouchCore

/// `View.isMultipleTouchEnabled` and `View.isExclusiveTouch` (UIKit's):
/// which touches reach a view's own touch methods.
@Suite struct MultipleTouchTests {
    /// A window with two side-by-side views that take one touch at a time.
    private struct Stage {
        let window = makeWindow(width: 400, height: 200)
        let left = RecordingView("left", frame: rect(0, 0, 200, 200))
        let right = RecordingView("right", frame: rect(200, 0, 200, 200))

        init() {
            for view in [left, right] {
                view.isMultipleTouchEnabled = false
                window.addSubview(view)
            }
        }
    }

    @Test func aViewTakesOneTouchAtATimeByDefault() {
        #expect(View(frame: rect(0, 0, 10, 10)).isMultipleTouchEnabled == false)
        #expect(View(frame: rect(0, 0, 10, 10)).isExclusiveTouch == false)
    }

    @Test func aSecondFingerOnAOneTouchViewReachesItsRecognizersButNotTheView() {
        let stage = Stage()
        let pinch = PinchGestureRecognizer()
        pinch.cancelsTouchesInView = false
        let pinches = ActionRecorder(pinch)
        stage.left.addGestureRecognizer(pinch)
        stage.window.send(down(1, 50, 100, at: 0))
        stage.window.send(down(2, 150, 100, at: 0.01))
        #expect(pinch.numberOfTouches == 2, "the recognizer sees both fingers")
        stage.window.send(move(2, 170, 100, at: 0.02))
        #expect(pinches.states == [.began], "and pinches with them")
        stage.window.send(up(2, at: 0.03))
        stage.window.send(move(1, 40, 100, at: 0.04))
        stage.window.send(up(1, at: 0.05))
        #expect(stage.left.phases == [.began, .moved, .ended])
        #expect(stage.left.calls.allSatisfy { $0.touches.count == 1 && $0.touches.first?.location(in: nil).x != 170 })
        // A new sequence: the next first finger is the view's again.
        stage.window.send(down(3, 60, 100, at: 1))
        stage.window.send(up(3, at: 1.01))
        #expect(stage.left.phases == [.began, .moved, .ended, .began, .ended])
    }

    @Test func aMultipleTouchViewGetsEveryFinger() {
        let stage = Stage()
        stage.left.isMultipleTouchEnabled = true
        stage.window.send(down(1, 50, 100))
        stage.window.send(down(2, 150, 100))
        stage.window.send(up(1))
        stage.window.send(up(2))
        #expect(stage.left.phases == [.began, .began, .ended, .ended])
    }

    @Test func oneTouchViewsInTheSameWindowEachGetTheirOwnFinger() {
        let stage = Stage()
        stage.window.send(down(1, 50, 100))
        stage.window.send(down(2, 250, 100))
        stage.window.send(up(1))
        stage.window.send(up(2))
        #expect(stage.left.phases == [.began, .ended])
        #expect(stage.right.phases == [.began, .ended])
    }

    @Test func anExclusiveTouchViewBlocksOtherViewsWhileItHasATouch() {
        let stage = Stage()
        stage.left.isExclusiveTouch = true
        stage.window.send(down(1, 50, 100, at: 0))
        stage.window.send(down(2, 250, 100, at: 0.01))
        stage.window.send(up(2, at: 0.02))
        #expect(stage.right.calls.isEmpty, "the exclusive view has a touch")
        stage.window.send(up(1, at: 0.03))
        stage.window.send(down(3, 250, 100, at: 0.5))
        stage.window.send(up(3, at: 0.51))
        #expect(stage.right.phases == [.began, .ended], "free again once it lifted")
        #expect(stage.left.phases == [.began, .ended])
    }

    @Test func anExclusiveTouchViewGetsNoTouchWhileAnotherViewHasOne() {
        let stage = Stage()
        stage.left.isExclusiveTouch = true
        stage.window.send(down(1, 250, 100, at: 0))
        stage.window.send(down(2, 50, 100, at: 0.01))
        stage.window.send(up(2, at: 0.02))
        stage.window.send(up(1, at: 0.03))
        #expect(stage.left.calls.isEmpty)
        #expect(stage.right.phases == [.began, .ended])
    }
}
