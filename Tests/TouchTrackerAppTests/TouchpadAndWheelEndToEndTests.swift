import Canvas
import Testing
import TestCompositor
@testable import TouchCore
@testable import TouchTrackerApp

/// A touchpad's pinches and swipes (pointer-gestures), and Ctrl/Shift+wheel,
/// from the scripted compositor through the real client to the recognizers
/// of a view under the pointer.
@Suite struct TouchpadAndWheelEndToEndTests {
    /// A view over the canvas with the recognizers the playground's pictures
    /// have: pinch, rotation and pan recognize together; a swipe to the left.
    final class GestureTarget: View, GestureRecognizerDelegate {
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let pan = PanGestureRecognizer()
        let swipe = SwipeGestureRecognizer()
        private(set) var pinchStates: [GestureRecognizer.State] = []
        private(set) var rotationStates: [GestureRecognizer.State] = []
        private(set) var panStates: [GestureRecognizer.State] = []
        private(set) var swipes = 0
        /// The view's scale, rotation and offset, as a picture would apply them.
        private(set) var scale = 1.0
        private(set) var angle = 0.0
        private(set) var offset = Vector.zero

        override init(frame: Rect) {
            super.init(frame: frame)
            swipe.direction = .left
            for recognizer in [pinch, rotation, pan, swipe] as [GestureRecognizer] {
                recognizer.delegate = self
                addGestureRecognizer(recognizer)
            }
            pinch.addTarget(self, action: Action("pinch")) { view, _ in
                view.pinchStates.append(view.pinch.state)
                view.scale *= view.pinch.scale
                view.pinch.scale = 1
            }
            rotation.addTarget(self, action: Action("rotate")) { view, _ in
                view.rotationStates.append(view.rotation.state)
                view.angle += view.rotation.rotation
                view.rotation.rotation = 0
            }
            pan.addTarget(self, action: Action("pan")) { view, _ in
                view.panStates.append(view.pan.state)
                if view.pan.state == .began {
                    view.offset = view.offset + view.pan.translationBeforeBegan(in: nil)
                }
                view.offset = view.offset + view.pan.translation(in: nil)
                view.pan.setTranslation(.zero, in: nil)
            }
            swipe.addTarget(self, action: Action("swipe")) { view, _ in view.swipes += 1 }
        }

        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                               shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            true
        }
    }

    private func harness(logInput: Bool = false) throws -> (AppHarness, GestureTarget) {
        let app = try AppHarness(logInput: logInput, pointerGestures: true)
        let target = GestureTarget(frame: Rect(x: 100, y: 100, width: 200, height: 150))
        app.session.firstWindow.window.addSubview(target)
        try app.pointerEnter(150, 150)
        return (app, target)
    }

    @Test func aTouchpadPinchScalesAndRotatesTheViewUnderThePointer() throws {
        let (app, target) = try harness(logInput: true)
        try app.send {
            app.seat.gestureBegin(.pinch, on: app.surface.resource, fingers: 2, time: app.time)
            app.seat.pinchUpdate(scale: 1.5, rotation: 20, time: app.time)
        }
        #expect(target.pinchStates == [.began])
        #expect(target.rotationStates == [.began])
        try app.send { app.seat.pinchUpdate(dx: 3, dy: 1, scale: 2, rotation: 10, time: app.time) }
        try app.send { app.seat.gestureEnd(.pinch, time: app.time) }
        #expect(target.pinchStates == [.began, .changed, .ended])
        #expect(target.rotationStates == [.began, .changed, .ended])
        #expect(abs(target.scale - 2) < 1e-6)
        #expect(abs(target.angle - 30 * .pi / 180) < 1e-4)  // wl_fixed's 1/256 degree
        #expect(target.panStates.isEmpty, "a pinch is no swipe")
        #expect(app.canvas.drawing.lines.isEmpty, "nothing is drawn")
        let gestureLines = app.logLines.filter { $0.contains(#""device":"gesture""#) }
        #expect(gestureLines.count == 4)
        #expect(gestureLines.first?.hasPrefix(
            #"{"seat":"seat0","device":"gesture","gesture":"pinch","event":"begin","fingers":2,"x":150,"y":190,"time":"#)
            == true)
    }

    @Test func theTraceShowsTheRecognizersGettingTheGesture() throws {
        let app = try AppHarness(trace: true, pointerGestures: true)
        let target = GestureTarget(frame: Rect(x: 100, y: 100, width: 200, height: 150))
        target.pinch.name = "pinch"
        app.session.firstWindow.window.addSubview(target)
        try app.pointerEnter(150, 150)
        app.clearLog()
        try app.send {
            app.seat.gestureBegin(.pinch, on: app.surface.resource, fingers: 2, time: app.time)
            app.seat.pinchUpdate(scale: 1.5, rotation: 0, time: app.time)
        }
        #expect(app.logLines.contains(
            #"{"trace":"gesture","phase":"began","kind":"pinch","source":"touchpad","receiver":"pinch"}"#))
        #expect(app.logLines.contains(
            #"{"trace":"gesture","phase":"changed","kind":"pinch","source":"touchpad","receiver":"pinch"}"#))
        #expect(app.logLines.contains(#"{"trace":"state","recognizer":"pinch","from":"possible","to":"began"}"#))
    }

    @Test func aTouchpadSwipeReachesTheSwipeAndThePan() throws {
        let (app, target) = try harness()
        try app.send { app.seat.gestureBegin(.swipe, on: app.surface.resource, fingers: 3, time: app.time) }
        try app.send { app.seat.swipeUpdate(dx: -30, dy: 0, time: app.time) }
        try app.send { app.seat.swipeUpdate(dx: -40, dy: 2, time: app.time) }
        try app.send { app.seat.gestureEnd(.swipe, time: app.time) }
        #expect(target.swipes == 1)
        #expect(target.panStates == [.began, .changed, .ended])
        #expect(target.offset == Vector(dx: -70, dy: 2))
        #expect(target.pinchStates.isEmpty)
    }

    @Test func aCancelledPinchEndsCancelledAndTheNextOneWorks() throws {
        let (app, target) = try harness()
        try app.send {
            app.seat.gestureBegin(.pinch, on: app.surface.resource, fingers: 2, time: app.time)
            app.seat.pinchUpdate(scale: 1.5, rotation: 0, time: app.time)
        }
        try app.send { app.seat.gestureEnd(.pinch, cancelled: true, time: app.time) }
        #expect(target.pinchStates == [.began, .cancelled])
        #expect(target.rotationStates.isEmpty)
        #expect(app.session.firstWindow.window.gestureEnvironment.isIdle)
        try app.send {
            app.seat.gestureBegin(.pinch, on: app.surface.resource, fingers: 2, time: app.time)
            app.seat.pinchUpdate(scale: 0.5, rotation: 0, time: app.time)
            app.seat.gestureEnd(.pinch, time: app.time)
        }
        #expect(target.pinchStates == [.began, .cancelled, .began, .ended])
    }

    @Test func aGestureOnASurfaceThatIsNotOursReachesNothing() throws {
        let (app, target) = try harness(logInput: true)
        // The pointer's cursor surface is ours as a client, but not the window.
        let cursor = try #require(app.compositor.surfaces.first { $0 !== app.surface && $0.isAlive })
        app.clearLog()
        try app.send {
            app.seat.gestureBegin(.pinch, on: cursor.resource, fingers: 2, time: app.time)
            app.seat.pinchUpdate(scale: 2, rotation: 30, time: app.time)
            app.seat.gestureEnd(.pinch, time: app.time)
        }
        #expect(target.pinchStates.isEmpty && target.rotationStates.isEmpty)
        #expect(!app.logLines.contains { $0.contains(#""device":"gesture""#) })
        #expect(app.session.firstWindow.window.gestureEnvironment.isIdle)
    }

    @Test func ctrlWheelScalesAndShiftWheelRotatesUntilTheWheelIsStill() throws {
        let (app, target) = try harness()
        try app.focusKeyboard()
        func click(_ steps: Int32, modifiers: UInt32) throws {
            try app.send {
                app.seat.modifiers(depressed: modifiers)
                app.seat.pointerAxisSource(.wheel)
                app.seat.pointerAxis(.vertical, value: Double(steps) * 15, time: app.time)
                app.seat.pointerAxisSteps(.vertical, steps: steps)
                app.seat.pointerFrame()
            }
        }
        try click(-1, modifiers: ModifierMask.control)
        try click(-1, modifiers: ModifierMask.control)
        #expect(target.pinchStates == [.began, .changed])
        #expect(abs(target.scale - 1.21) < 1e-9)
        try app.wait(0.3)
        #expect(target.pinchStates == [.began, .changed, .ended])
        try click(2, modifiers: ModifierMask.shift)
        try app.wait(0.3)
        #expect(target.rotationStates == [.began, .ended])
        #expect(abs(target.angle - .pi / 6) < 1e-9)
        // Without a modifier the wheel still does nothing.
        try click(3, modifiers: 0)
        try app.wait(0.3)
        #expect(target.pinchStates.count == 3 && target.rotationStates.count == 2)
        #expect(abs(target.scale - 1.21) < 1e-9)
        #expect(app.session.firstWindow.window.gestureEnvironment.isIdle)
    }

    /// A touchpad pinch and Ctrl+wheel zoom the canvas's view (issue 23); a
    /// three-finger swipe does nothing; none of them changes a line.
    @Test func touchpadGesturesAndModifiedWheelsMoveTheViewNotTheLines() throws {
        let app = try AppHarness(pointerGestures: true)
        try app.stroke(from: Point(x: 50, y: 50), to: Point(x: 250, y: 60))
        let lines = app.canvas.drawing.lines
        #expect(lines.count == 1)
        try app.focusKeyboard()
        try app.pointerEnter(150, 55)
        try app.send {
            app.seat.gestureBegin(.swipe, on: app.surface.resource, fingers: 3, time: app.time)
            app.seat.swipeUpdate(dx: 80, dy: 40, time: app.time)
            app.seat.gestureEnd(.swipe, time: app.time)
            app.seat.gestureBegin(.pinch, on: app.surface.resource, fingers: 2, time: app.time)
            app.seat.pinchUpdate(scale: 3, rotation: 45, time: app.time)
            app.seat.gestureEnd(.pinch, time: app.time)
            app.seat.modifiers(depressed: ModifierMask.control)
            app.seat.pointerAxis(.vertical, value: 15, time: app.time)
            app.seat.pointerFrame()
        }
        try app.wait(0.3)
        #expect(abs(app.canvas.viewport.zoom - 3 / WheelGestures.scalePerClick) < 1e-6)
        #expect(app.canvas.drawing.lines == lines)
        #expect(app.canvas.drawing.selectedLineID == nil)
        #expect(!app.menu.isMenuVisible)
        #expect(app.session.firstWindow.window.gestureEnvironment.isIdle)
    }
}
