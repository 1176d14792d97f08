import Testing
import TestSupport
@_spi(GestureRecognizerSubclass) import TouchCore

/// A recognizer written outside TouchCore, as an app writes its own: `state`
/// is read-only to callers, and the subclass sets it through the
/// `GestureRecognizerSubclass` SPI, as a UIKit subclass imports
/// `UIGestureRecognizerSubclass.h`.
@Suite struct GestureRecognizerSubclassTests {
    /// The base class's own example: a tap of exactly two fingers.
    final class TwoFingerTap: GestureRecognizer {
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
            if numberOfTouches > 2 { setState(.failed) }
        }

        override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
            if state == .possible { setState(numberOfTouches == 2 ? .recognized : .failed) }
        }
    }

    @Test func aRecognizerOfOnesOwnSetsItsStateThroughTheSubclassInterface() {
        let stage = GestureStage()
        let twoFingerTap = TwoFingerTap()
        let actions = ActionRecorder(twoFingerTap)
        stage.view.addGestureRecognizer(twoFingerTap)
        stage.window.send(down(1, 10, 10))
        stage.window.send(down(2, 50, 10))
        stage.window.send(up(1))
        #expect(actions.states == [.ended])
        stage.window.send(up(2))
        // One finger alone fails: no action.
        stage.tap(at: 10, 10)
        #expect(actions.states == [.ended])
    }
}
