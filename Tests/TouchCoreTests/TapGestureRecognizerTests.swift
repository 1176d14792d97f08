import Testing
import TestSupport
import Timing
@testable import TouchCore

@Suite struct TapGestureRecognizerTests {
    private func stageWithTap(taps: Int = 1, touches: Int = 1) -> (GestureStage, TapGestureRecognizer, ActionRecorder) {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = taps
        tap.numberOfTouchesRequired = touches
        stage.view.addGestureRecognizer(tap)
        return (stage, tap, ActionRecorder(tap))
    }

    @Test func singleTapIsRecognizedOnLift() {
        let (stage, _, actions) = stageWithTap()
        stage.window.send(down(1, 10, 10))
        #expect(actions.count == 0)
        stage.window.send(move(1, 30, 10))
        stage.window.send(up(1))
        #expect(actions.states == [.ended])
    }

    @Test func driftingTooFarIsNoTap() {
        let (stage, tap, actions) = stageWithTap()
        stage.window.send(down(1, 10, 10))
        stage.window.send(move(1, 56, 10))
        #expect(tap.state == .failed)
        #expect(actions.states.isEmpty, "failing sends no action")
        stage.window.send(up(1))
        #expect(actions.states.isEmpty, "failing sends no action")
    }

    @Test func holdingTooLongIsNoTap() {
        let (stage, _, actions) = stageWithTap()
        stage.window.send(down(1, 10, 10))
        stage.timers.advance(by: 1.4)
        #expect(actions.count == 0)
        stage.timers.advance(by: 0.2)
        #expect(actions.states.isEmpty, "failing sends no action")
    }

    @Test func doubleTapNeedsTheSecondTapSoonAndNearby() {
        var (stage, _, actions) = stageWithTap(taps: 2)
        stage.tap(1, at: 10, 10)
        stage.timers.advance(by: 0.3)
        stage.tap(2, at: 40, 30, time: 0.3)
        #expect(actions.states == [.ended])

        (stage, _, actions) = stageWithTap(taps: 2)
        stage.tap(1, at: 10, 10)
        stage.timers.advance(by: 0.36)
        #expect(actions.states.isEmpty, "failing sends no action")

        (stage, _, actions) = stageWithTap(taps: 2)
        stage.tap(1, at: 10, 10)
        stage.tap(2, at: 100, 10)
        #expect(actions.states.isEmpty, "failing sends no action")
    }

    @Test func theSecondTapsSeparationIsItsOwnLimitApartFromTheDrift() {
        func recognizer(drift: Double) -> (GestureStage, ActionRecorder) {
            let (stage, tap, actions) = stageWithTap(taps: 2)
            tap.allowableMovement = drift
            return (stage, actions)
        }
        // A small drift allowance: a 9 pt slide is no tap...
        var (stage, actions) = recognizer(drift: 8)
        stage.window.send(down(1, 10, 10))
        stage.window.send(move(1, 19, 10))
        #expect(actions.states.isEmpty, "failing sends no action")

        // ...but the second tap may still land 30 pt off the first.
        (stage, actions) = recognizer(drift: 8)
        stage.tap(1, at: 10, 10)
        stage.tap(2, at: 40, 10)
        #expect(actions.states == [.ended])

        // Beyond allowableTapSeparation it fails.
        (stage, actions) = recognizer(drift: 8)
        stage.tap(1, at: 10, 10)
        stage.tap(2, at: 56, 10)
        #expect(actions.states.isEmpty, "failing sends no action")
    }

    @Test func tripleTapCountsThree() {
        let (stage, _, actions) = stageWithTap(taps: 3)
        stage.tap(1, at: 10, 10)
        stage.tap(2, at: 10, 10)
        #expect(actions.count == 0)
        stage.tap(3, at: 10, 10)
        #expect(actions.states == [.ended])
    }

    @Test func twoFingerTapNeedsExactlyTwoFingers() {
        var (stage, _, actions) = stageWithTap(touches: 2)
        stage.window.send(down(1, 10, 10))
        stage.window.send(down(2, 40, 10))
        stage.window.send(up(1))
        #expect(actions.count == 0)
        stage.window.send(up(2))
        #expect(actions.states == [.ended])

        (stage, _, actions) = stageWithTap(touches: 2)
        stage.tap(at: 10, 10)
        #expect(actions.states.isEmpty, "failing sends no action")

        (stage, _, actions) = stageWithTap(touches: 2)
        stage.window.send(down(1, 10, 10), down(2, 20, 10), down(3, 30, 10))
        #expect(actions.states.isEmpty, "failing sends no action")
    }
}
