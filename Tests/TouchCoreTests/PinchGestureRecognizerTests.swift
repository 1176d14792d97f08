import Testing
import TestSupport
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
        #expect(actions.states.isEmpty, "failing sends no action")
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
