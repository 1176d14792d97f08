import Testing
import TestSupport
import Timing
@testable import TouchCore

/// Ctrl+wheel scales and Shift+wheel rotates, as bursts that begin at the
/// pointer and end after a quiet time on the window's (fake) timers.
@Suite struct WheelGesturesTests {
    private let mouse = InputDeviceID(seat: "seat0", kind: .pointer)

    private func stage() -> (GestureStage, WheelGestures, PinchGestureRecognizer, RotationGestureRecognizer,
                             ActionRecorder, ActionRecorder) {
        let stage = GestureStage()
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        stage.view.addGestureRecognizer(pinch)
        stage.view.addGestureRecognizer(rotation)
        return (stage, WheelGestures(window: stage.window), pinch, rotation, ActionRecorder(pinch),
                ActionRecorder(rotation))
    }

    @Test func ctrlWheelScalesByTenPercentAClickAndEndsWhenTheWheelIsStill() {
        let (stage, wheel, pinch, rotation, pinchActions, rotationActions) = stage()
        let velocities = ValueRecorder(pinch) { ($0 as! PinchGestureRecognizer).velocity }
        let scales = ValueRecorder(pinch) { ($0 as! PinchGestureRecognizer).scale }
        let at = Point(x: 50, y: 60)
        #expect(wheel.wheel(-1, device: mouse, at: at, modifiers: .control, timestamp: 1))
        #expect(pinchActions.states == [.began])
        #expect(abs(pinch.scale - 1.1) < 1e-9)
        #expect(pinch.location(in: nil) == at)
        stage.timers.advance(by: 0.1)
        wheel.wheel(-1, device: mouse, at: at, modifiers: .control, timestamp: 1.1)
        #expect(abs(pinch.scale - 1.21) < 1e-9)
        stage.timers.advance(by: 0.2)
        #expect(pinchActions.states == [.began, .changed], "0.2 s is within one burst")
        wheel.wheel(1, device: mouse, at: at, modifiers: .control, timestamp: 1.3)
        #expect(abs(pinch.scale - 1.1) < 1e-9)
        stage.timers.advance(by: WheelGestures.quietTime)
        #expect(pinchActions.states == [.began, .changed, .changed, .ended])
        #expect(abs(scales.last! - 1.1) < 1e-9)
        #expect(velocities.last == 0, "the wheel was still at the end")
        #expect(rotationActions.states.isEmpty)
        #expect(rotation.state == .possible)
        #expect(stage.window.gestureEnvironment.isIdle)
        #expect(stage.timers.count == 0, "no timer outlives the burst")
    }

    @Test func shiftWheelRotatesFifteenDegreesAClick() {
        let (stage, wheel, _, rotation, pinchActions, rotationActions) = stage()
        wheel.wheel(2, device: mouse, at: Point(x: 50, y: 60), modifiers: .shift, timestamp: 1)
        #expect(rotationActions.states == [.began])
        #expect(abs(rotation.rotation - .pi / 6) < 1e-9)
        stage.timers.advance(by: WheelGestures.quietTime)
        #expect(rotationActions.states == [.began, .ended])
        #expect(pinchActions.states.isEmpty)
    }

    @Test func theWheelAloneIsNoGesture() {
        let (stage, wheel, _, _, pinchActions, rotationActions) = stage()
        #expect(!wheel.wheel(1, device: mouse, at: Point(x: 5, y: 5), modifiers: [], timestamp: 1))
        #expect(!wheel.wheel(1, device: mouse, at: Point(x: 5, y: 5), modifiers: .alt, timestamp: 1))
        #expect(pinchActions.states.isEmpty && rotationActions.states.isEmpty)
        #expect(stage.timers.count == 0)
    }

    @Test func changingTheModifierEndsTheBurstAndBeginsAnother() {
        let (stage, wheel, pinch, rotation, pinchActions, rotationActions) = stage()
        let scales = ValueRecorder(pinch) { ($0 as! PinchGestureRecognizer).scale }
        wheel.wheel(-1, device: mouse, at: Point(x: 5, y: 5), modifiers: .control, timestamp: 1)
        wheel.wheel(1, device: mouse, at: Point(x: 5, y: 5), modifiers: .shift, timestamp: 1.05)
        #expect(pinchActions.states == [.began, .ended])
        #expect(abs(scales.last! - 1.1) < 1e-9)
        #expect(rotationActions.states == [.began])
        #expect(abs(rotation.rotation - .pi / 12) < 1e-9)
        stage.timers.advance(by: WheelGestures.quietTime)
        #expect(rotationActions.states == [.began, .ended])
    }

    @Test func ctrlWinsWhenBothAreHeld() {
        let (stage, wheel, pinch, _, pinchActions, rotationActions) = stage()
        defer { withExtendedLifetime(stage) {} }  // the window
        wheel.wheel(-1, device: mouse, at: Point(x: 5, y: 5), modifiers: [.control, .shift], timestamp: 1)
        #expect(pinchActions.states == [.began])
        #expect(abs(pinch.scale - 1.1) < 1e-9)
        #expect(rotationActions.states.isEmpty)
    }
}
