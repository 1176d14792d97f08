import Testing
import TestSupport
import Timing
@testable import TouchCore

/// How touches reach recognizers and views (SPEC §5: delivery,
/// cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded).
@Suite struct GestureDeliveryTests {
    /// Two tap recognizers on nested views, every setting at its default.
    private enum Delaying { case none, inner, outer }

    private func nestedTaps(delaying: Delaying = .none)
        -> (window: Window, outer: RecordingView, inner: RecordingView, log: Log, recorders: [ActionRecorder]) {
        let log = Log()
        let window = makeWindow()
        let outer = RecordingView("outer", frame: rect(0, 0, 400, 300), log: log)
        let inner = RecordingView("inner", frame: rect(50, 50, 100, 100), log: log)
        inner.forwards = true
        window.addSubview(outer)
        outer.addSubview(inner)
        let innerTap = LoggingTap("innerTap", log: log)
        let outerTap = LoggingTap("outerTap", log: log)
        innerTap.delaysTouchesBegan = delaying == .inner
        outerTap.delaysTouchesBegan = delaying == .outer
        inner.addGestureRecognizer(innerTap)
        outer.addGestureRecognizer(outerTap)
        let recorders = [ActionRecorder(innerTap, name: "innerTap", log: log),
                         ActionRecorder(outerTap, name: "outerTap", log: log)]
        return (window, outer, inner, log, recorders)
    }

    @Test func knownOrderingOfTwoNestedTaps() {
        let (window, _, _, log, recorders) = nestedTaps()
        defer { withExtendedLifetime(recorders) {} }
        window.send(down(1, 100, 100))
        #expect(log.entries == [
            "innerTap touchesBegan", "outerTap touchesBegan",
            "inner began", "outer began",
        ])
        log.entries = []
        window.send(up(1))
        // The inner tap wins; the outer one shares its touch and is made to
        // fail, which sends no action.
        #expect(log.entries == [
            "innerTap touchesEnded", "outerTap touchesEnded",
            "innerTap action ended",
            "inner cancelled", "outer cancelled",
        ])
    }

    @Test(arguments: [true, false])
    func knownOrderingWithDelaysTouchesBeganShowsTheViewsNothing(onInner: Bool) {
        let (window, outer, inner, log, recorders) = nestedTaps(delaying: onInner ? .inner : .outer)
        defer { withExtendedLifetime(recorders) {} }
        window.send(down(1, 100, 100))
        window.send(up(1))
        #expect(log.entries == [
            "innerTap touchesBegan", "outerTap touchesBegan",
            "innerTap touchesEnded", "outerTap touchesEnded",
            "innerTap action ended",
        ])
        #expect(inner.calls.isEmpty)
        #expect(outer.calls.isEmpty)
    }

    @Test func recognizersOnAncestorsSeeTouchesOfSubviews() {
        let stage = GestureStage()
        let child = RecordingView("child", frame: rect(10, 10, 50, 50))
        stage.view.addSubview(child)
        let onParent = TapGestureRecognizer()
        let onWindow = TapGestureRecognizer()
        let onSibling = TapGestureRecognizer()
        let sibling = View(frame: rect(200, 200, 50, 50))
        stage.view.addSubview(sibling)
        sibling.addGestureRecognizer(onSibling)
        stage.view.addGestureRecognizer(onParent)
        stage.window.addGestureRecognizer(onWindow)
        stage.window.send(down(1, 20, 20))
        let touch = try! #require(stage.window.activeTouches.first)
        #expect(touch.gestureRecognizers.map(ObjectIdentifier.init)
                == [onParent, onWindow].map(ObjectIdentifier.init))
        #expect(onParent.numberOfTouches == 1)
        #expect(onSibling.numberOfTouches == 0)
    }

    @Test func recognitionCancelsTheViewsTouchesOnlyWithCancelsTouchesInView() {
        for cancels in [true, false] {
            let stage = GestureStage()
            let pan = PanGestureRecognizer()
            pan.cancelsTouchesInView = cancels
            stage.view.addGestureRecognizer(pan)
            stage.window.send(down(1, 10, 10, at: 0))
            stage.window.send(move(1, 40, 10, at: 0.05))
            #expect(pan.state == .began)
            stage.window.send(move(1, 60, 10, at: 0.1))
            stage.window.send(up(1, at: 0.15))
            if cancels {
                #expect(stage.view.phases == [.began, .cancelled])
            } else {
                #expect(stage.view.phases == [.began, .moved, .moved, .ended])
            }
        }
    }

    @Test func withheldMessagesAreReplayedInOrderWhenTheRecognizerFails() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        tap.delaysTouchesBegan = true
        stage.view.addGestureRecognizer(tap)
        stage.window.send(down(1, 10, 10), down(2, 30, 10))
        stage.window.send(move(1, 12, 10))
        #expect(stage.view.calls.isEmpty)
        // Drifting past the tap's allowance makes it fail: everything withheld
        // arrives now, in order, fingers that went down together in one call.
        stage.window.send(move(1, 100, 10))
        #expect(tap.state == .failed)
        #expect(stage.view.phases == [.began, .moved, .moved])
        #expect(stage.view.calls[0].touches.count == 2)
        stage.window.send(up(1), up(2))
        #expect(stage.view.phases == [.began, .moved, .moved, .ended])
        #expect(stage.view.touchesStillHeld.isEmpty)
    }

    @Test func withheldMessagesAreDroppedWhenTheRecognizerRecognizes() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        stage.view.addGestureRecognizer(tap)
        stage.tap(at: 10, 10)
        #expect(tap.state == .possible)  // recognized, then reset
        #expect(stage.view.calls.isEmpty)
    }

    @Test func delaysTouchesEndedHoldsTheEndUntilTheRecognizerFails() {
        let stage = GestureStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        stage.view.addGestureRecognizer(doubleTap)
        stage.tap(at: 10, 10)
        // The first tap may be half of a double tap: its end is held.
        #expect(stage.view.phases == [.began])
        stage.timers.advance(by: 0.2)
        #expect(stage.view.phases == [.began])
        stage.timers.advance(by: 0.2)
        #expect(doubleTap.state == .possible)  // failed on timeout, then reset
        #expect(stage.view.phases == [.began, .ended])
    }

    /// Fails 0.05 s after its touch ends: it is still deciding then.
    private final class QuickDecider: GestureRecognizer {
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
            timers?.schedule(after: 0.05) { [unowned self] in
                if state == .possible { state = .failed }
            }
        }
    }

    /// As UIKit holds it about 0.15 s: a recognizer that decides sooner
    /// does not release the end before then.
    @Test func aHeldEndWaitsAtLeastAboutATenthAndAHalfOfASecond() {
        let stage = GestureStage()
        let decider = QuickDecider()
        stage.view.addGestureRecognizer(decider)
        stage.tap(at: 10, 10)
        #expect(stage.view.phases == [.began])
        stage.timers.advance(by: 0.06)
        #expect(decider.state == .possible, "failed, then reset")
        #expect(stage.view.phases == [.began], "still held")
        stage.timers.advance(by: 0.1)
        #expect(stage.view.phases == [.began, .ended])
        #expect(stage.window.gestureEnvironment.isIdle)
    }

    /// An end that no recognizer is deciding on when the touch lifts (the
    /// pan and the long press fail as it lifts) is not held at all: a
    /// canvas stroke ends at once.
    @Test func anEndNoRecognizerIsStillDecidingOnGoesAtOnce() {
        let stage = GestureStage()
        stage.view.addGestureRecognizer(PanGestureRecognizer())
        stage.view.addGestureRecognizer(LongPressGestureRecognizer())
        stage.window.send(down(1, 10, 10, at: 0))
        stage.window.send(move(1, 15, 10, at: 0.1))
        stage.window.send(up(1, at: 0.2))
        #expect(stage.view.phases == [.began, .moved, .ended])
    }

    @Test func withoutDelaysTouchesEndedTheEndArrivesAtOnce() {
        let stage = GestureStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        doubleTap.delaysTouchesEnded = false
        stage.view.addGestureRecognizer(doubleTap)
        stage.tap(at: 10, 10)
        #expect(stage.view.phases == [.began, .ended])
    }

    @Test func heldEndIsCancelledWhenTheDoubleTapRecognizes() {
        let stage = GestureStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        let actions = ActionRecorder(doubleTap)
        stage.view.addGestureRecognizer(doubleTap)
        stage.tap(1, at: 10, 10)
        stage.timers.advance(by: 0.1)
        stage.tap(2, at: 12, 10, time: 0.1)
        #expect(actions.states == [.ended])
        // Both taps' touches are cancelled in the view: the first one's end
        // was held, the second one's never came.
        #expect(stage.view.phases == [.began, .began, .cancelled])
        #expect(stage.view.calls[2].touches.count == 2)
        #expect(stage.view.touchesStillHeld.isEmpty)
    }

    @Test func messagesWithheldByOneRecognizerNeverReachTheViewOnceAnotherCancelsThem() {
        let stage = GestureStage()
        let delaying = TapGestureRecognizer()
        delaying.numberOfTapsRequired = 2
        delaying.delaysTouchesBegan = true
        let longPress = LongPressGestureRecognizer()
        let delegate = ConfigurableDelegate()
        delegate.simultaneous = { _ in true }
        longPress.delegate = delegate
        stage.view.addGestureRecognizer(delaying)
        stage.view.addGestureRecognizer(longPress)
        stage.window.send(down(1, 10, 10))
        stage.timers.advance(by: 0.6)
        #expect(longPress.state == .began)
        // The double tap fails once the press is too long for a tap; what it
        // withheld must not reach the view, whose touch the press took.
        stage.timers.advance(by: 1.5)
        #expect(delaying.state == .failed)
        stage.window.send(up(1, at: 2.1))
        #expect(stage.view.calls.isEmpty)
    }

    @Test func delegateRefusingATouchKeepsTheRecognizerOutOfIt() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        let delegate = ConfigurableDelegate()
        delegate.shouldReceive = { touch in touch.location(in: nil).x < 100 }
        tap.delegate = delegate
        let actions = ActionRecorder(tap)
        stage.view.addGestureRecognizer(tap)
        stage.tap(at: 200, 10)
        #expect(actions.count == 0)
        #expect(stage.view.phases == [.began, .ended])
        stage.tap(at: 50, 10)
        #expect(actions.states == [.ended])
        #expect(stage.view.phases == [.began, .ended])
    }

    @Test func downAndUpInOneFrameStillBeginsFirst() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        let actions = ActionRecorder(tap)
        stage.view.addGestureRecognizer(tap)
        stage.window.send(down(1, 10, 10), up(1))
        #expect(actions.states == [.ended])
        #expect(stage.view.phases == [.began, .ended])
    }

    @Test func systemCancelCancelsTheViewAndFailsOrCancelsRecognizers() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        let delegate = ConfigurableDelegate()
        delegate.simultaneous = { _ in true }
        pan.delegate = delegate
        let tapActions = ActionRecorder(tap)
        let panActions = ActionRecorder(pan)
        stage.view.addGestureRecognizer(tap)
        stage.view.addGestureRecognizer(pan)
        stage.window.send(down(1, 10, 10), down(2, 50, 10))
        stage.window.send(move(1, 10, 40), move(2, 50, 40))
        #expect(pan.state == .began)
        stage.window.handle(.cancel(at: 1))
        #expect(panActions.states == [.began, .cancelled])
        #expect(tapActions.states.isEmpty, "failing sends no action")
        #expect(stage.view.phases == [.began, .moved, .cancelled])
        #expect(pan.state == .possible && tap.state == .possible)
    }
}
