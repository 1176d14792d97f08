import Testing
import TestSupport
import Timing
@testable import TouchCore

/// Two- and three-finger taps as the canvas uses them for undo and redo:
/// the fingers down within 150 ms of the first, all lifted within 0.5 s of
/// it, none moving more than 8 pt; more fingers, and it is no such tap.
@Suite struct MultiFingerTapTests {
    private func stage(touches: Int) -> (GestureStage, TapGestureRecognizer, ActionRecorder) {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = touches
        tap.maximumTouchDownSpread = 0.15
        tap.maximumPressDuration = 0.5
        tap.allowableMovement = 8
        stage.view.addGestureRecognizer(tap)
        return (stage, tap, ActionRecorder(tap))
    }

    @Test func theFingersGoDownWithin150Milliseconds() {
        var (stage, _, actions) = self.stage(touches: 2)
        stage.window.send(down(1, 100, 100, at: 0))
        stage.timers.advance(by: 0.14)
        stage.window.send(down(2, 220, 100, at: 0.14))
        stage.window.send(up(1, at: 0.2), up(2, at: 0.2))
        #expect(actions.states == [.ended], "140 ms apart, and 120 pt apart: one tap")

        (stage, _, actions) = self.stage(touches: 2)
        stage.window.send(down(1, 100, 100, at: 0))
        stage.timers.advance(by: 0.16)
        stage.window.send(down(2, 220, 100, at: 0.16))
        stage.window.send(up(1, at: 0.2), up(2, at: 0.2))
        #expect(actions.states.isEmpty, "160 ms apart: a finger joining late is no tap")
    }

    @Test func theFingersLiftWithinHalfASecondOfTheFirstDown() {
        var (stage, _, actions) = self.stage(touches: 3)
        stage.window.send(down(1, 100, 100), down(2, 150, 100), down(3, 200, 100))
        stage.timers.advance(by: 0.49)
        stage.window.send(up(1), up(2), up(3))
        #expect(actions.states == [.ended])

        (stage, _, actions) = self.stage(touches: 3)
        stage.window.send(down(1, 100, 100), down(2, 150, 100), down(3, 200, 100))
        stage.timers.advance(by: 0.3)
        stage.window.send(up(1))
        stage.timers.advance(by: 0.21)
        stage.window.send(up(2), up(3))
        #expect(actions.states.isEmpty, "the last lifted 0.51 s after the first down")
    }

    @Test func noFingerMovesMoreThanEightPoints() {
        var (stage, _, actions) = self.stage(touches: 2)
        stage.window.send(down(1, 100, 100), down(2, 200, 100))
        stage.window.send(move(2, 208, 100))
        stage.window.send(up(1), up(2))
        #expect(actions.states == [.ended], "8 pt is still a tap")

        (stage, _, actions) = self.stage(touches: 2)
        stage.window.send(down(1, 100, 100), down(2, 200, 100))
        stage.window.send(move(1, 100, 108.5))
        stage.window.send(up(1), up(2))
        #expect(actions.states.isEmpty, "8.5 pt is a drag")
    }

    @Test func aFourthFingerMakesItNoThreeFingerTap() {
        let (stage, tap, actions) = self.stage(touches: 3)
        stage.window.send(down(1, 100, 100), down(2, 150, 100), down(3, 200, 100))
        stage.timers.advance(by: 0.05)
        stage.window.send(down(4, 250, 100))
        #expect(tap.state == .failed)
        stage.window.send(up(1), up(2), up(3), up(4))
        #expect(actions.states.isEmpty)
    }

    @Test func twoFingersOneAfterTheOtherLiftedAreNoTwoFingerTap() {
        let (stage, _, actions) = self.stage(touches: 2)
        stage.tap(1, at: 100, 100)
        stage.timers.advance(by: 0.05)
        stage.tap(2, at: 110, 100)
        #expect(actions.states.isEmpty, "each finger lifted before the next went down")
    }

    @Test func aTwoFingerTapThenADragIsOneTap() {
        let (stage, tap, actions) = self.stage(touches: 2)
        stage.window.send(down(1, 100, 100), down(2, 200, 100))
        stage.timers.advance(by: 0.1)
        stage.window.send(up(1), up(2))
        #expect(actions.states == [.ended])
        #expect(tap.state == .possible, "reset for the next gesture")

        stage.timers.advance(by: 0.2)
        stage.window.send(down(1, 100, 100), down(2, 200, 100))
        for step in 1...5 {
            stage.window.send(move(1, 100 + 20 * Double(step), 100), move(2, 200 + 20 * Double(step), 100))
        }
        stage.window.send(up(1), up(2))
        #expect(actions.states == [.ended], "the drag is no second tap")
        #expect(stage.view.calls.contains { $0.phase == .ended }, "the drag's fingers reach the view")
    }
}
