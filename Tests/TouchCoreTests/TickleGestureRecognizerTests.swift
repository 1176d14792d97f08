import Testing
import TestSupport
import Timing
import TouchCore

@Suite struct TickleGestureRecognizerTests {
    @Test func threeReversalsAfterLongStrokesTickle() {
        let stage = GestureStage()
        let tickle = TickleGestureRecognizer()
        let actions = ActionRecorder(tickle)
        stage.view.addGestureRecognizer(tickle)
        stage.window.send(down(1, 100, 100))
        for (step, x) in [130.0, 100, 130].enumerated() {
            stage.window.send(move(1, x, 100, at: Double(step) * 0.05))
        }
        #expect(actions.count == 0)  // two reversals so far
        stage.window.send(move(1, 105, 100, at: 0.3))
        #expect(actions.states == [.recognized])
        // It cancelled the view's touch, like any recognizer by default.
        #expect(stage.view.phases == [.began, .moved, .moved, .moved, .cancelled])
    }

    @Test func shortStrokesDoNotCount() {
        var counter = TickleGestureRecognizer.DirectionChangeCounter(startX: 0, minimumStroke: 25)
        for x in [20.0, 0, 20, 0, 20, 0] { counter.move(to: x) }
        #expect(counter.directionChanges == 0)
        for x in [30.0, 4, 30, 5] { counter.move(to: x) }
        #expect(counter.directionChanges == 3)
    }

    @Test func liftingOrASecondFingerFails() {
        let stage = GestureStage()
        let tickle = TickleGestureRecognizer()
        let actions = ActionRecorder(tickle)
        stage.view.addGestureRecognizer(tickle)
        stage.window.send(down(1, 100, 100))
        stage.window.send(move(1, 140, 100))
        stage.window.send(up(1))
        #expect(actions.states.isEmpty, "failing sends no action")
        #expect(tickle.state == .possible)
        stage.window.send(down(1, 100, 100))
        stage.window.send(down(2, 200, 100))
        #expect(actions.states.isEmpty, "failing sends no action")
    }
}
