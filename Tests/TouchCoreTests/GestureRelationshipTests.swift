import Testing
import TestSupport
import Timing
@testable import TouchCore

/// Rules between recognizers (SPEC §5): require(toFail:), exclusivity,
/// simultaneous recognition, prevention, the delegate hooks, disabling.
@Suite struct GestureRelationshipTests {
    /// The canvas's pair: a single tap that waits for a double tap to fail.
    private func tapPair(on stage: GestureStage) -> (single: TapGestureRecognizer, double: TapGestureRecognizer) {
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        double.delaysTouchesBegan = true
        let single = TapGestureRecognizer()
        single.delaysTouchesBegan = true
        single.require(toFail: double)
        stage.view.addGestureRecognizer(double)
        stage.view.addGestureRecognizer(single)
        return (single, double)
    }

    @Test func twoRecognizersCannotRequireEachOtherToFail() {
        let first = TapGestureRecognizer(), second = TapGestureRecognizer()
        first.require(toFail: second)
        second.require(toFail: first)
        #expect(first.requiresFailure(of: second))
        #expect(!second.requiresFailure(of: first), "neither could ever leave possible")
    }

    @Test func aRequiredRecognizerStaysAliveWhileRequired() {
        let single = TapGestureRecognizer()
        weak var required: TapGestureRecognizer?
        do {
            let double = TapGestureRecognizer()
            single.require(toFail: double)
            required = double
        }
        #expect(required != nil, "the requirement holds it, without a weak reference")
    }

    @Test func singleTapWaitsForTheDoubleTapToFail() {
        let stage = GestureStage()
        let (single, double) = tapPair(on: stage)
        let singleActions = ActionRecorder(single)
        let doubleActions = ActionRecorder(double)
        stage.tap(at: 10, 10)
        // Ready, but held back while a second tap may come.
        #expect(single.state == .possible)
        #expect(singleActions.count == 0)
        stage.timers.advance(by: 0.3)
        #expect(singleActions.count == 0)
        stage.timers.advance(by: 0.1)
        #expect(doubleActions.states.isEmpty, "failing sends no action")
        #expect(singleActions.states == [.ended])
        #expect(single.state == .possible && double.state == .possible)
        // Both delayed touches began; the single tap recognized: nothing reached the view.
        #expect(stage.view.calls.isEmpty)
    }

    @Test func doubleTapMakesTheWaitingSingleTapFail() {
        let stage = GestureStage()
        let (single, double) = tapPair(on: stage)
        let singleActions = ActionRecorder(single)
        let doubleActions = ActionRecorder(double)
        stage.tap(1, at: 10, 10)
        stage.timers.advance(by: 0.2)
        stage.tap(2, at: 15, 12, time: 0.2)
        #expect(doubleActions.states == [.ended])
        #expect(singleActions.states.isEmpty, "failing sends no action")
        stage.timers.advance(by: 2)
        #expect(singleActions.states.isEmpty, "failing sends no action")
        #expect(stage.view.calls.isEmpty)
    }

    @Test func singleTapLocationIsKnownWhenItRecognizesAfterItsTouchIsGone() {
        let stage = GestureStage()
        let (single, _) = tapPair(on: stage)
        var location: Point?
        single.addTarget(stage.view, action: Action("tap")) { view, recognizer in
            location = recognizer.location(in: view)
        }
        stage.view.frame = rect(100, 50, 200, 200)
        stage.tap(at: 130, 90)
        stage.timers.advance(by: 1)
        #expect(location == Point(x: 30, y: 40))
    }

    @Test func requirementOnARecognizerThatSeesNoTouchDoesNotHoldBack() {
        let stage = GestureStage()
        let elsewhere = View(frame: rect(300, 200, 50, 50))
        stage.window.addSubview(elsewhere)
        let other = TapGestureRecognizer()
        elsewhere.addGestureRecognizer(other)
        let tap = TapGestureRecognizer()
        tap.require(toFail: other)
        let actions = ActionRecorder(tap)
        stage.view.addGestureRecognizer(tap)
        stage.tap(at: 10, 10)
        #expect(actions.states == [.ended])
    }

    @Test func continuousGestureWaitingForAFailureBeginsWhenItComes() {
        let stage = GestureStage()
        let swipe = SwipeGestureRecognizer()
        let pan = PanGestureRecognizer()
        pan.require(toFail: swipe)
        let panActions = ActionRecorder(pan)
        stage.view.addGestureRecognizer(swipe)
        stage.view.addGestureRecognizer(pan)
        stage.window.send(down(1, 10, 10, at: 0))
        stage.window.send(move(1, 30, 10, at: 0.1))
        stage.window.send(move(1, 40, 10, at: 0.2))
        // The pan would have begun, but a swipe is still possible.
        #expect(pan.state == .possible)
        #expect(panActions.count == 0)
        stage.timers.advance(by: 0.5)
        #expect(panActions.states == [.began])
        // It asked to begin at x = 30: the move made while it waited is its
        // translation, the 20 points before are its hysteresis.
        #expect(pan.translationBeforeBegan(in: nil) == Vector(dx: 20, dy: 0))
        #expect(pan.translation(in: nil) == Vector(dx: 10, dy: 0))
        stage.window.send(move(1, 50, 10, at: 0.6))
        stage.window.send(up(1, at: 0.7))
        #expect(panActions.states == [.began, .changed, .ended])
    }

    @Test func continuousGestureWaitingForAFailureFailsWhenTheOtherRecognizes() {
        let stage = GestureStage()
        let swipe = SwipeGestureRecognizer()
        let pan = PanGestureRecognizer()
        pan.require(toFail: swipe)
        let panActions = ActionRecorder(pan)
        stage.view.addGestureRecognizer(swipe)
        stage.view.addGestureRecognizer(pan)
        stage.window.send(down(1, 10, 10, at: 0))
        stage.window.send(move(1, 30, 10, at: 0.05))
        stage.window.send(move(1, 70, 10, at: 0.1))
        #expect(panActions.states.isEmpty, "failing sends no action")
        stage.window.send(up(1, at: 0.2))
        #expect(panActions.states.isEmpty, "failing sends no action")
        #expect(pan.state == .possible)
    }

    @Test func exclusivityMakesOthersSharingTheTouchesFail() {
        let stage = GestureStage()
        let longPress = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        let pressActions = ActionRecorder(longPress)
        let panActions = ActionRecorder(pan)
        stage.view.addGestureRecognizer(longPress)
        stage.view.addGestureRecognizer(pan)
        stage.window.send(down(1, 10, 10, at: 0))
        stage.timers.advance(by: 0.5)
        #expect(pressActions.states == [.began])
        #expect(panActions.states.isEmpty, "failing sends no action")
        stage.window.send(move(1, 60, 10, at: 0.6))
        #expect(pan.state == .failed)
        #expect(pressActions.states == [.began, .changed])
    }

    @Test func panRunsAlongsideLongPressWhenTheDelegateAllowsIt() {
        let stage = GestureStage()
        let longPress = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        let delegate = ConfigurableDelegate()
        delegate.simultaneous = { _ in true }
        pan.delegate = delegate
        let pressActions = ActionRecorder(longPress)
        let panActions = ActionRecorder(pan)
        stage.view.addGestureRecognizer(longPress)
        stage.view.addGestureRecognizer(pan)
        stage.window.send(down(1, 10, 10, at: 0))
        stage.timers.advance(by: 0.5)
        #expect(pressActions.states == [.began])
        stage.window.send(move(1, 30, 10, at: 0.6))
        stage.window.send(move(1, 50, 10, at: 0.7))
        #expect(panActions.states == [.began, .changed])
        #expect(pressActions.states == [.began, .changed, .changed])
        #expect(pan.translation(in: stage.view) == Vector(dx: 20, dy: 0))
        #expect(pan.translationBeforeBegan(in: stage.view) == Vector(dx: 20, dy: 0))
        stage.window.send(up(1, at: 0.8))
        #expect(panActions.states == [.began, .changed, .ended])
        #expect(pressActions.states == [.began, .changed, .changed, .ended])
        // The long press cancels touches in the view; the pan does not.
        #expect(stage.view.phases == [.began, .cancelled])
    }

    @Test func eitherDelegateAllowingSimultaneityIsEnough() {
        for allowOnFirst in [true, false] {
            let stage = GestureStage()
            let first = TapGestureRecognizer()
            let second = TapGestureRecognizer()
            let delegate = ConfigurableDelegate()
            delegate.simultaneous = { _ in true }
            (allowOnFirst ? first : second).delegate = delegate
            let firstActions = ActionRecorder(first)
            let secondActions = ActionRecorder(second)
            stage.view.addGestureRecognizer(first)
            stage.view.addGestureRecognizer(second)
            stage.tap(at: 10, 10)
            #expect(firstActions.states == [.ended])
            #expect(secondActions.states == [.ended])
        }
    }

    @Test func recognizerThatCannotBePreventedKeepsGoing() {
        final class Unstoppable: TapGestureRecognizer {
            override func canBePrevented(by preventingRecognizer: GestureRecognizer) -> Bool { false }
        }
        final class Harmless: TapGestureRecognizer {
            override func canPrevent(_ preventedRecognizer: GestureRecognizer) -> Bool { false }
        }
        let stage = GestureStage()
        let first = TapGestureRecognizer()
        let unstoppable = Unstoppable()
        stage.view.addGestureRecognizer(first)
        stage.view.addGestureRecognizer(unstoppable)
        let firstActions = ActionRecorder(first)
        let unstoppableActions = ActionRecorder(unstoppable)
        stage.tap(at: 10, 10)
        #expect(firstActions.states == [.ended])
        #expect(unstoppableActions.states == [.ended])

        let harmless = Harmless()
        let other = TapGestureRecognizer()
        stage.view.gestureRecognizers.forEach(stage.view.removeGestureRecognizer)
        stage.view.addGestureRecognizer(harmless)
        stage.view.addGestureRecognizer(other)
        let otherActions = ActionRecorder(other)
        stage.tap(at: 10, 10)
        #expect(otherActions.states == [.ended])
    }

    @Test func shouldBeginNoMakesItFail() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = true
        let delegate = ConfigurableDelegate()
        delegate.shouldBegin = false
        tap.delegate = delegate
        let actions = ActionRecorder(tap)
        stage.view.addGestureRecognizer(tap)
        stage.tap(at: 10, 10)
        #expect(delegate.shouldBeginAsked == 1)
        #expect(actions.states.isEmpty, "failing sends no action")
        // A failed recognizer does not cancel the view's touch.
        #expect(stage.view.phases == [.began, .ended])
    }

    @Test func delegateCanRequireFailureOfAnother() {
        let stage = GestureStage()
        let (tap, double) = (TapGestureRecognizer(), TapGestureRecognizer())
        double.numberOfTapsRequired = 2
        let delegate = ConfigurableDelegate()
        delegate.requireFailureOf = { $0 === double }
        tap.delegate = delegate
        stage.view.addGestureRecognizer(tap)
        stage.view.addGestureRecognizer(double)
        let actions = ActionRecorder(tap)
        stage.tap(at: 10, 10)
        #expect(actions.count == 0)
        stage.timers.advance(by: 0.4)
        #expect(actions.states == [.ended])
    }

    @Test func delegateCanMakeItRequiredToFailByAnother() {
        let stage = GestureStage()
        let (tap, double) = (TapGestureRecognizer(), TapGestureRecognizer())
        double.numberOfTapsRequired = 2
        let delegate = ConfigurableDelegate()
        delegate.beRequiredToFailBy = { $0 === tap }
        double.delegate = delegate
        stage.view.addGestureRecognizer(tap)
        stage.view.addGestureRecognizer(double)
        let actions = ActionRecorder(tap)
        stage.tap(1, at: 10, 10)
        stage.tap(2, at: 10, 10, time: 0.1)
        #expect(actions.states.isEmpty, "failing sends no action")
    }

    @Test func subclassCanRequireFailureOfAnother() {
        final class Patient: TapGestureRecognizer {
            override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
                (other as? TapGestureRecognizer)?.numberOfTapsRequired == 2
            }
        }
        let stage = GestureStage()
        let patient = Patient()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        stage.view.addGestureRecognizer(patient)
        stage.view.addGestureRecognizer(double)
        let actions = ActionRecorder(patient)
        stage.tap(at: 10, 10)
        #expect(actions.count == 0)
        stage.timers.advance(by: 0.4)
        #expect(actions.states == [.ended])
    }

    @Test func disablingMidGestureCancelsAContinuousGesture() {
        let stage = GestureStage()
        let pan = PanGestureRecognizer()
        let actions = ActionRecorder(pan)
        stage.view.addGestureRecognizer(pan)
        stage.window.send(down(1, 10, 10, at: 0))
        stage.window.send(move(1, 40, 10, at: 0.1))
        #expect(actions.states == [.began])
        pan.isEnabled = false
        #expect(actions.states == [.began, .cancelled])
        #expect(pan.state == .possible)
        #expect(pan.numberOfTouches == 0)
        stage.window.send(move(1, 80, 10, at: 0.2))
        stage.window.send(up(1, at: 0.3))
        #expect(actions.states == [.began, .cancelled])
        #expect(stage.view.phases == [.began, .cancelled])
    }

    @Test func disablingAPossibleRecognizerMakesItFailAndReleasesItsTouches() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        let actions = ActionRecorder(tap)
        stage.view.addGestureRecognizer(tap)
        stage.window.send(down(1, 10, 10))
        #expect(stage.view.calls.isEmpty)
        tap.isEnabled = false
        #expect(actions.states.isEmpty, "failing sends no action")
        #expect(stage.view.phases == [.began])
        stage.window.send(up(1))
        #expect(stage.view.phases == [.began, .ended])
        #expect(actions.states.isEmpty, "failing sends no action")
        // Enabled again, it works for the next gesture.
        tap.isEnabled = true
        stage.tap(at: 10, 10)
        #expect(actions.states == [.ended])
    }

    @Test func disabledRecognizerSeesNoTouches() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.isEnabled = false
        let actions = ActionRecorder(tap)
        stage.view.addGestureRecognizer(tap)
        stage.tap(at: 10, 10)
        #expect(actions.count == 0)
        #expect(stage.view.phases == [.began, .ended])
    }

    @Test func removingARecognizerMidGestureCancelsIt() {
        let stage = GestureStage()
        let longPress = LongPressGestureRecognizer()
        let actions = ActionRecorder(longPress)
        stage.view.addGestureRecognizer(longPress)
        stage.window.send(down(1, 10, 10))
        stage.timers.advance(by: 0.5)
        stage.view.removeGestureRecognizer(longPress)
        #expect(actions.states == [.began, .cancelled])
        #expect(longPress.state == .possible)
        stage.window.send(up(1, at: 1))
        #expect(actions.states == [.began, .cancelled])
    }
}
