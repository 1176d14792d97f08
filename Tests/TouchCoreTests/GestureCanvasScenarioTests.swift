import Testing
import TestSupport
import Timing
@testable import TouchCore

/// The recognizers TouchTracker's canvas uses (SPEC §6), together on one
/// view: double tap and single tap delaying touches began, the single tap
/// waiting for the double tap to fail, a long press, and a pan that does not
/// cancel touches and recognizes alongside the others.
@Suite struct GestureCanvasScenarioTests {
    final class Simultaneous: GestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                               shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
    }

    struct Canvas {
        let stage = GestureStage()
        let doubleTap = TapGestureRecognizer()
        let singleTap = TapGestureRecognizer()
        let longPress = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        let delegate = Simultaneous()
        let log = Log()

        init() {
            doubleTap.numberOfTapsRequired = 2
            doubleTap.delaysTouchesBegan = true
            singleTap.delaysTouchesBegan = true
            singleTap.require(toFail: doubleTap)
            pan.cancelsTouchesInView = false
            pan.delegate = delegate
            let names: [(GestureRecognizer, String)] = [(doubleTap, "double"), (singleTap, "single"),
                                                        (longPress, "press"), (pan, "pan")]
            for (recognizer, name) in names {
                stage.view.addGestureRecognizer(recognizer)
                recognizer.addTarget(log, action: Action(name)) { log, recognizer in
                    if recognizer.state != .failed { log.entries.append("\(name) \(recognizer.state)") }
                }
            }
        }
    }

    @Test func drawingALineReachesTheViewWhole() {
        let canvas = Canvas()
        let window = canvas.stage.window
        window.send(down(1, 10, 10, at: 0))
        window.send(move(1, 30, 10, at: 0.05))
        #expect(canvas.stage.view.calls.isEmpty)
        window.send(move(1, 60, 10, at: 0.1))
        // The taps gave up: the view gets what they withheld, in order.
        #expect(canvas.stage.view.phases == [.began, .moved, .moved])
        window.send(move(1, 90, 10, at: 0.15))
        window.send(up(1, at: 0.2))
        #expect(canvas.stage.view.phases == [.began, .moved, .moved, .moved, .ended])
        #expect(canvas.log.entries == ["pan began", "pan changed", "pan changed", "pan ended"])
    }

    @Test func singleTapSelectsAfterTheDoubleTapWindow() {
        let canvas = Canvas()
        canvas.stage.tap(at: 10, 10)
        canvas.stage.timers.advance(by: 0.35)
        #expect(canvas.log.entries == ["single ended"])
        #expect(canvas.stage.view.calls.isEmpty)
    }

    @Test func doubleTapClears() {
        let canvas = Canvas()
        canvas.stage.tap(1, at: 10, 10)
        canvas.stage.timers.advance(by: 0.1)
        canvas.stage.tap(2, at: 12, 10, time: 0.1)
        canvas.stage.timers.advance(by: 2)
        #expect(canvas.log.entries == ["double ended"])
        #expect(canvas.stage.view.calls.isEmpty)
    }

    @Test func longPressThenDragMovesWhileTheViewSeesNothing() {
        let canvas = Canvas()
        let window = canvas.stage.window
        window.send(down(1, 10, 10, at: 0))
        canvas.stage.timers.advance(by: 0.5)
        #expect(canvas.log.entries == ["press began"])
        window.send(move(1, 40, 10, at: 0.6))
        window.send(up(1, at: 0.7))
        #expect(canvas.log.entries == ["press began", "press changed", "pan began", "press ended", "pan ended"])
        #expect(canvas.stage.view.calls.isEmpty)
        #expect(canvas.stage.window.gestureEnvironment.isIdle)
    }
}
