import Testing
import Timing
@testable import TouchCore

@Suite struct PinchGestureRecognizerTests {
    @Test func scaleIsTheRatioOfFingerDistances() {
        let stage = GestureStage()
        let pinch = PinchGestureRecognizer()
        let actions = ActionRecorder(pinch)
        stage.view.addGestureRecognizer(pinch)
        stage.window.send(down(1, 100, 100, at: 0), down(2, 200, 100, at: 0))
        stage.window.send(move(2, 205, 104, at: 0.05))
        #expect(actions.count == 0)
        stage.window.send(move(1, 50, 100, at: 0.1), move(2, 250, 100, at: 0.1))
        #expect(actions.states == [.began])
        #expect(abs(pinch.scale - 2) < 1e-9)
        stage.window.send(move(1, 125, 100, at: 0.2), move(2, 175, 100, at: 0.2))
        #expect(abs(pinch.scale - 0.5) < 1e-9)
        #expect(pinch.velocity < 0)
        pinch.scale = 1
        stage.window.send(move(1, 100, 100, at: 0.3), move(2, 200, 100, at: 0.3))
        #expect(abs(pinch.scale - 2) < 1e-9)
        stage.window.send(up(1, at: 0.4))
        #expect(actions.states == [.began, .changed, .changed, .ended])
    }

    @Test func oneFingerIsNoPinch() {
        let stage = GestureStage()
        let pinch = PinchGestureRecognizer()
        let actions = ActionRecorder(pinch)
        stage.view.addGestureRecognizer(pinch)
        stage.window.send(down(1, 100, 100))
        stage.window.send(move(1, 300, 100, at: 0.1))
        stage.window.send(up(1, at: 0.2))
        #expect(actions.states == [.failed])
    }

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

    @Test func twoFingerGeometry() {
        let geometry = TwoFingerGeometry(first: Point(x: 1, y: 1), second: Point(x: 4, y: 5))
        #expect(geometry.distance == 5)
        #expect(abs(geometry.angle - 0.927_295_218_001_612_2) < 1e-12)  // atan(4/3)
        var accumulator = AngleAccumulator()
        for angle in [3.0, -3.0, -2.5] { accumulator.add(angle) }
        #expect(abs(accumulator.total - (2 * .pi - 6 + 0.5)) < 1e-12)
    }
}
