import Testing
import TestSupport
import Timing
@testable import TouchCore

/// Gestures made away from the screen (a touchpad's pinch and swipe, a
/// Ctrl/Shift+wheel burst) reaching the recognizers of the view under the
/// pointer, on a fake clock.
@Suite struct IndirectGestureTests {
    private let touchpad = InputDeviceID(seat: "seat0", kind: .pointer)

    private func step(_ phase: IndirectGesture.Phase, kind: IndirectGesture.Kind = .pinch,
                      at location: Point = Point(x: 100, y: 100), translation: Vector = .zero,
                      scale: Double = 1, rotation: Double = 0, time: Double,
                      source: IndirectGesture.Source = .touchpad) -> IndirectGesture {
        IndirectGesture(device: touchpad, source: source, kind: kind, phase: phase, location: location + translation,
                        translation: translation, scale: scale, rotation: rotation, fingers: kind == .pinch ? 2 : 3,
                        timestamp: time)
    }

    /// A stage whose view has a pinch and a rotation that recognize together
    /// (through the delegate, which recognizers hold weakly: keep it).
    private func pinchAndRotation() -> (GestureStage, PinchGestureRecognizer, RotationGestureRecognizer,
                                         ActionRecorder, ActionRecorder, ConfigurableDelegate) {
        let stage = GestureStage()
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let delegate = ConfigurableDelegate()
        delegate.simultaneous = { _ in true }
        pinch.delegate = delegate
        stage.view.addGestureRecognizer(pinch)
        stage.view.addGestureRecognizer(rotation)
        return (stage, pinch, rotation, ActionRecorder(pinch), ActionRecorder(rotation), delegate)
    }

    @Test func aTouchpadPinchScalesAndRotatesThroughBothRecognizers() {
        let (stage, pinch, rotation, pinchActions, rotationActions, delegate) = pinchAndRotation()
        defer { withExtendedLifetime(delegate) {} }
        let scales = ValueRecorder(pinch) { ($0 as! PinchGestureRecognizer).scale }
        let angles = ValueRecorder(rotation) { ($0 as! RotationGestureRecognizer).rotation }
        stage.window.handle(step(.began, time: 1))
        #expect(pinchActions.states.isEmpty && rotationActions.states.isEmpty)
        stage.window.handle(step(.changed, scale: 1.02, rotation: 0.01, time: 1.01))
        #expect(pinchActions.states.isEmpty, "within the hysteresis nothing begins")
        stage.window.handle(step(.changed, translation: Vector(dx: 4, dy: 2), scale: 1.5, rotation: .pi / 6, time: 1.05))
        #expect(pinchActions.states == [.began])
        #expect(rotationActions.states == [.began])
        #expect(abs(pinch.scale - 1.5) < 1e-9)
        #expect(abs(rotation.rotation - .pi / 6) < 1e-9)
        #expect(pinch.location(in: nil) == Point(x: 104, y: 102))
        #expect(pinch.numberOfTouches == 0)
        stage.window.handle(step(.changed, scale: 2, rotation: .pi / 3, time: 1.1))
        #expect(pinch.velocity > 0)
        #expect(rotation.velocity > 0)
        stage.window.handle(step(.ended, scale: 2, rotation: .pi / 3, time: 1.12))
        #expect(pinchActions.states == [.began, .changed, .ended])
        #expect(rotationActions.states == [.began, .changed, .ended])
        // Read at the end, the values are the gesture's; the next starts afresh.
        #expect(abs(scales.last! - 2) < 1e-9)
        #expect(abs(angles.last! - .pi / 3) < 1e-9)
        #expect(pinch.state == .possible && rotation.state == .possible)
        #expect(stage.window.gestureEnvironment.isIdle)
        stage.window.handle(step(.began, time: 2))
        stage.window.handle(step(.changed, scale: 1.25, time: 2.05))
        #expect(abs(pinch.scale - 1.25) < 1e-9)
        #expect(stage.log.entries.isEmpty, "the view gets no touch messages")
    }

    @Test func settingTheScaleOrRotationMakesLaterChangesIncremental() {
        let (stage, pinch, rotation, _, _, delegate) = pinchAndRotation()
        defer { withExtendedLifetime(delegate) {} }
        stage.window.handle(step(.began, time: 1))
        stage.window.handle(step(.changed, scale: 1.5, rotation: 0.5, time: 1.05))
        pinch.scale = 1
        rotation.rotation = 0
        stage.window.handle(step(.changed, scale: 3, rotation: 0.75, time: 1.1))
        #expect(abs(pinch.scale - 2) < 1e-9)
        #expect(abs(rotation.rotation - 0.25) < 1e-9)
    }

    @Test func withoutSimultaneityTheFirstToCrossItsThresholdWins() {
        let (stage, pinch, rotation, pinchActions, rotationActions, delegate) = pinchAndRotation()
        delegate.simultaneous = { _ in false }
        stage.window.handle(step(.began, time: 1))
        stage.window.handle(step(.changed, scale: 1.01, rotation: 0.2, time: 1.05))
        stage.window.handle(step(.changed, scale: 1.5, rotation: 0.3, time: 1.1))
        #expect(rotationActions.states == [.began, .changed])
        #expect(pinchActions.states.isEmpty)
        #expect(pinch.state == .failed)
        stage.window.handle(step(.ended, scale: 1.5, rotation: 0.3, time: 1.2))
        #expect(rotation.state == .possible && pinch.state == .possible)
    }

    @Test func itGoesToTheRecognizersOfTheViewUnderThePointer() {
        let stage = GestureStage()
        let left = View(frame: rect(0, 0, 200, 300))
        let right = View(frame: rect(200, 0, 200, 300))
        stage.view.addSubview(left)
        stage.view.addSubview(right)
        let leftPinch = PinchGestureRecognizer()
        let rightPinch = PinchGestureRecognizer()
        let outerPinch = PinchGestureRecognizer()
        left.addGestureRecognizer(leftPinch)
        right.addGestureRecognizer(rightPinch)
        stage.view.addGestureRecognizer(outerPinch)
        let leftActions = ActionRecorder(leftPinch), rightActions = ActionRecorder(rightPinch)
        stage.window.handle(step(.began, at: Point(x: 300, y: 50), time: 1))
        // Moving off the view it began on keeps it there, as for a touch.
        stage.window.handle(step(.changed, at: Point(x: 300, y: 50), translation: Vector(dx: -200, dy: 0),
                                 scale: 1.5, time: 1.05))
        #expect(rightActions.states == [.began])
        #expect(leftActions.states.isEmpty)
        // The deepest view's pinch wins over its ancestor's.
        #expect(outerPinch.state == .failed)
    }

    @Test func aCancelledGestureCancelsWhatBeganAndFailsTheRest() {
        let (stage, pinch, rotation, pinchActions, rotationActions, delegate) = pinchAndRotation()
        defer { withExtendedLifetime(delegate) {} }
        stage.window.handle(step(.began, time: 1))
        stage.window.handle(step(.changed, scale: 1.5, time: 1.05))
        stage.window.handle(step(.cancelled, scale: 1.5, time: 1.1))
        #expect(pinchActions.states == [.began, .cancelled])
        #expect(rotationActions.states.isEmpty, "failing sends nothing")
        #expect(pinch.state == .possible && rotation.state == .possible)
        #expect(stage.window.gestureEnvironment.isIdle)
    }

    @Test func aBeginWhileOneRunsCancelsTheRunningOne() {
        let (stage, _, _, pinchActions, _, delegate) = pinchAndRotation()
        defer { withExtendedLifetime(delegate) {} }
        stage.window.handle(step(.began, time: 1))
        stage.window.handle(step(.changed, scale: 1.5, time: 1.05))
        stage.window.handle(step(.began, time: 2))
        #expect(pinchActions.states == [.began, .cancelled])
        stage.window.handle(step(.changed, scale: 0.5, time: 2.05))
        #expect(pinchActions.states == [.began, .cancelled, .began])
    }

    @Test func stepsOfNoRunningGestureAreIgnored() {
        let (stage, _, _, pinchActions, _, delegate) = pinchAndRotation()
        defer { withExtendedLifetime(delegate) {} }
        stage.window.handle(step(.changed, scale: 1.5, time: 1.05))
        stage.window.handle(step(.ended, scale: 1.5, time: 1.1))
        stage.window.handle(step(.began, time: 2))
        stage.window.handle(step(.changed, kind: .swipe, translation: Vector(dx: 100, dy: 0), time: 2.05))
        #expect(pinchActions.states.isEmpty)
    }

    @Test func aTouchpadSwipeDrivesPanAndSwipe() {
        let stage = GestureStage()
        let pan = PanGestureRecognizer()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = .left
        let delegate = ConfigurableDelegate()
        delegate.simultaneous = { _ in true }
        pan.delegate = delegate
        stage.view.addGestureRecognizer(pan)
        stage.view.addGestureRecognizer(swipe)
        let panActions = ActionRecorder(pan), swipeActions = ActionRecorder(swipe)
        stage.window.handle(step(.began, kind: .swipe, time: 1))
        stage.window.handle(step(.changed, kind: .swipe, translation: Vector(dx: -5, dy: 0), time: 1.02))
        #expect(panActions.states.isEmpty)
        stage.window.handle(step(.changed, kind: .swipe, translation: Vector(dx: -30, dy: 2), time: 1.05))
        #expect(panActions.states == [.began])
        #expect(pan.translation(in: nil) == .zero)
        #expect(pan.translationBeforeBegan(in: nil) == Vector(dx: -30, dy: 2))
        stage.window.handle(step(.changed, kind: .swipe, translation: Vector(dx: -60, dy: 2), time: 1.1))
        #expect(swipeActions.states == [.ended])
        #expect(pan.velocity(in: nil).dx < 0)
        stage.window.handle(step(.ended, kind: .swipe, translation: Vector(dx: -60, dy: 2), time: 1.12))
        #expect(panActions.states == [.began, .changed, .ended])
        #expect(stage.window.gestureEnvironment.isIdle)
    }

    @Test func aSlowSwipeFailsOnTheSwipesTimer() {
        let stage = GestureStage()
        let swipe = SwipeGestureRecognizer()
        stage.view.addGestureRecognizer(swipe)
        let actions = ActionRecorder(swipe)
        stage.window.handle(step(.began, kind: .swipe, time: 1))
        stage.timers.advance(by: 0.6)
        stage.window.handle(step(.changed, kind: .swipe, translation: Vector(dx: 80, dy: 0), time: 1.6))
        stage.window.handle(step(.ended, kind: .swipe, translation: Vector(dx: 80, dy: 0), time: 1.7))
        #expect(actions.states.isEmpty)
        #expect(swipe.state == .possible)
    }

    @Test func recognizersForTouchesOnlyAndDelegatesThatRefuseSeeNothing() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        let pinch = PinchGestureRecognizer()
        let delegate = ConfigurableDelegate()
        delegate.shouldReceiveIndirect = { _ in false }
        pinch.delegate = delegate
        stage.view.addGestureRecognizer(tap)
        stage.view.addGestureRecognizer(pinch)
        let tapActions = ActionRecorder(tap), pinchActions = ActionRecorder(pinch)
        stage.window.handle(step(.began, time: 1))
        stage.window.handle(step(.changed, scale: 2, time: 1.05))
        stage.window.handle(step(.ended, scale: 2, time: 1.1))
        #expect(tapActions.states.isEmpty && pinchActions.states.isEmpty)
        #expect(stage.window.gestureEnvironment.isIdle)
    }

    @Test func aRecognizerBusyWithTouchesTakesNoIndirectGestureAndViceVersa() {
        let stage = GestureStage()
        let pan = PanGestureRecognizer()
        stage.view.addGestureRecognizer(pan)
        let actions = ActionRecorder(pan)
        stage.window.send(down(1, 50, 50, at: 1))
        stage.window.handle(step(.began, kind: .swipe, time: 1.01))
        stage.window.handle(step(.changed, kind: .swipe, translation: Vector(dx: 50, dy: 0), time: 1.05))
        #expect(actions.states.isEmpty)
        stage.window.send(up(1, at: 1.1))
        stage.window.handle(step(.ended, kind: .swipe, translation: Vector(dx: 50, dy: 0), time: 1.1))
        stage.window.handle(step(.began, kind: .swipe, time: 2))
        stage.window.send(down(2, 50, 50, at: 2.01))
        stage.window.send(move(2, 150, 50, at: 2.05))
        #expect(actions.states.isEmpty, "the finger is not part of the touchpad's swipe")
        stage.window.handle(step(.changed, kind: .swipe, translation: Vector(dx: 50, dy: 0), time: 2.06))
        #expect(actions.states == [.began])
        #expect(pan.translation(in: nil) == .zero)
        #expect(pan.translationBeforeBegan(in: nil) == Vector(dx: 50, dy: 0))
    }

    @Test func theTraceNamesEachIndirectDelivery() {
        let stage = GestureStage()
        let pinch = PinchGestureRecognizer()
        pinch.name = "pinch"
        stage.view.addGestureRecognizer(pinch)
        var records: [TraceRecord] = []
        stage.window.tracer = { records.append($0) }
        stage.window.handle(step(.began, time: 1))
        stage.window.handle(step(.changed, scale: 2, time: 1.05))
        #expect(records == [
            .indirectGesture(.began, kind: .pinch, source: .touchpad, receiver: "pinch"),
            .indirectGesture(.changed, kind: .pinch, source: .touchpad, receiver: "pinch"),
            .state(recognizer: "pinch", from: .possible, to: .began),
        ])
    }
}
