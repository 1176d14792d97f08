import Testing
import TestSupport
import Timing
@testable import TouchCore

@Suite struct RotationGestureRecognizerTests {
    @Test func rotationIsTheAngleTurnedByTheFingers() {
        let stage = GestureStage()
        let rotation = RotationGestureRecognizer()
        let actions = ActionRecorder(rotation)
        stage.view.addGestureRecognizer(rotation)
        stage.window.send(down(1, 100, 100, at: 0), down(2, 200, 100, at: 0))
        // A quarter turn clockwise on screen (+x towards +y) around the first finger.
        stage.window.send(move(2, 100, 200, at: 0.1))
        #expect(actions.states == [.began])
        #expect(abs(rotation.rotation - .pi / 2) < 1e-9)
        #expect(rotation.velocity > 0)
        // On past the half turn: no jump of 2π.
        stage.window.send(move(2, 0, 100 + 1e-6, at: 0.2))
        stage.window.send(move(2, 100, 0, at: 0.3))
        #expect(abs(rotation.rotation - 3 * .pi / 2) < 1e-6)
        stage.window.send(up(2, at: 0.4))
        #expect(actions.states == [.began, .changed, .changed, .ended])
    }

    @Test func smallTurnsStayBelowTheHysteresis() {
        let stage = GestureStage()
        let rotation = RotationGestureRecognizer()
        let actions = ActionRecorder(rotation)
        stage.view.addGestureRecognizer(rotation)
        stage.window.send(down(1, 0, 0), down(2, 100, 0))
        stage.window.send(move(2, 100, 5, at: 0.1))  // about 2.9°
        #expect(actions.count == 0)
        stage.window.send(move(2, 100, 10, at: 0.2))  // about 5.7°
        #expect(actions.states == [.began])
    }
}
