import Testing
import TestSupport
import Timing
@testable import TouchCore

@Suite struct LongPressGestureRecognizerTests {
    private func stageWithPress() -> (GestureStage, LongPressGestureRecognizer, ActionRecorder) {
        let stage = GestureStage()
        let press = LongPressGestureRecognizer()
        stage.view.addGestureRecognizer(press)
        return (stage, press, ActionRecorder(press))
    }

    @Test func beginsAfterTheMinimumDurationThenChangesAndEnds() {
        let (stage, press, actions) = stageWithPress()
        #expect(press.minimumPressDuration == 0.5 && press.allowableMovement == 10)
        stage.window.send(down(1, 10, 10))
        stage.timers.advance(by: 0.49)
        #expect(actions.count == 0)
        stage.timers.advance(by: 0.01)
        #expect(actions.states == [.began])
        stage.window.send(move(1, 100, 10, at: 0.7))
        #expect(actions.states == [.began, .changed])
        #expect(press.location(in: nil) == Point(x: 100, y: 10))
        stage.window.send(up(1, at: 0.8))
        #expect(actions.states == [.began, .changed, .ended])
        #expect(press.state == .possible)
    }

    @Test func movingBeyondTheAllowanceOrLiftingEarlyFails() {
        var (stage, _, actions) = stageWithPress()
        stage.window.send(down(1, 10, 10))
        stage.window.send(move(1, 20, 10, at: 0.1))
        #expect(actions.count == 0)
        stage.window.send(move(1, 21, 10, at: 0.2))
        #expect(actions.states.isEmpty, "failing sends no action")
        stage.timers.advance(by: 1)
        #expect(actions.states.isEmpty, "failing sends no action")

        (stage, _, actions) = stageWithPress()
        stage.tap(at: 10, 10)
        #expect(actions.states.isEmpty, "failing sends no action")
        stage.timers.advance(by: 1)
        #expect(actions.states.isEmpty, "failing sends no action")
    }

    @Test func needsItsNumberOfTouches() {
        let (stage, press, actions) = stageWithPress()
        press.numberOfTouchesRequired = 2
        stage.window.send(down(1, 10, 10))
        stage.timers.advance(by: 0.6)
        #expect(actions.count == 0)
        stage.window.send(down(2, 40, 10, at: 0.6))
        stage.timers.advance(by: 0.5)
        #expect(actions.states == [.began])
    }

    @Test func tapThenPress() {
        let (stage, press, actions) = stageWithPress()
        press.numberOfTapsRequired = 1
        stage.tap(1, at: 10, 10)
        stage.timers.advance(by: 0.1)
        stage.window.send(down(2, 10, 10, at: 0.1))
        stage.timers.advance(by: 0.5)
        #expect(actions.states == [.began])
        stage.window.send(up(2, at: 0.7))
        #expect(actions.states == [.began, .ended])

        // A press without the tap first is too long for a tap.
        stage.window.send(down(3, 10, 10, at: 1))
        stage.timers.advance(by: 0.5)
        #expect(actions.states == [.began, .ended])
    }
}
