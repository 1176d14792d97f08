import Testing
import TestSupport
import Timing
@testable import TouchCore

/// The abstract base: state machine, target–action pairs, touch queries.
@Suite struct GestureRecognizerBaseTests {
    typealias State = GestureRecognizer.State

    @Test func legalTransitionsFollowTheStateMachine() {
        let all: [State] = [.possible, .began, .changed, .ended, .cancelled, .failed]
        let legal: Set<[State]> = [
            [.possible, .began], [.possible, .ended], [.possible, .failed],
            [.began, .changed], [.began, .ended], [.began, .cancelled],
            [.changed, .changed], [.changed, .ended], [.changed, .cancelled],
        ]
        for from in all {
            for to in all {
                #expect(from.canTransition(to: to) == legal.contains([from, to]), "\(from) → \(to)")
            }
        }
        #expect(State.recognized == .ended)
    }

    @Test func illegalTransitionTrapsInDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            let recognizer = GestureRecognizer()
            recognizer.state = .changed
        }
    }

    @Test func everyStateChangeSendsEveryPairOnce() {
        final class Target {}
        let recognizer = GestureRecognizer()
        let (first, second) = (Target(), Target())
        var calls: [String] = []
        recognizer.addTarget(first, action: Action("a")) { _, r in calls.append("first a \(r.state)") }
        recognizer.addTarget(first, action: Action("b")) { _, r in calls.append("first b \(r.state)") }
        recognizer.addTarget(second, action: Action("a")) { _, r in calls.append("second a \(r.state)") }
        // The same pair again: no effect, even with another handler.
        recognizer.addTarget(first, action: Action("a")) { _, _ in calls.append("duplicate") }
        recognizer.state = .began
        recognizer.state = .changed
        #expect(calls == [
            "first a began", "first b began", "second a began",
            "first a changed", "first b changed", "second a changed",
        ])
    }

    @Test func removingWithNilTargetOrActionRemovesAllMatches() {
        final class Target {}
        let (first, second) = (Target(), Target())
        func make() -> (GestureRecognizer, () -> [String]) {
            let recognizer = GestureRecognizer()
            nonisolated(unsafe) var calls: [String] = []
            recognizer.addTarget(first, action: Action("a")) { _, _ in calls.append("first a") }
            recognizer.addTarget(first, action: Action("b")) { _, _ in calls.append("first b") }
            recognizer.addTarget(second, action: Action("a")) { _, _ in calls.append("second a") }
            return (recognizer, { calls })
        }
        var (recognizer, calls) = make()
        recognizer.removeTarget(nil, action: Action("a"))
        recognizer.state = .began
        #expect(calls() == ["first b"])

        (recognizer, calls) = make()
        recognizer.removeTarget(first, action: nil)
        recognizer.state = .began
        #expect(calls() == ["second a"])

        (recognizer, calls) = make()
        recognizer.removeTarget(first, action: Action("b"))
        recognizer.state = .began
        #expect(calls() == ["first a", "second a"])

        (recognizer, calls) = make()
        recognizer.removeTarget(nil, action: nil)
        recognizer.state = .began
        #expect(calls().isEmpty)
    }

    @Test func initializerAddsTheFirstPair() {
        final class Target {
            var taps = 0
        }
        let stage = GestureStage()
        let target = Target()
        let tap = TapGestureRecognizer(target: target, action: Action("tapped")) { target, _ in target.taps += 1 }
        #expect(tap.timers == nil)
        stage.view.addGestureRecognizer(tap)
        #expect(tap.view === stage.view)
        #expect(tap.timers === stage.window.timers)
        stage.tap(at: 10, 10)
        #expect(target.taps == 1)
    }

    @Test func targetsAreHeldWeakly() {
        final class Target {}
        let recognizer = GestureRecognizer()
        var calls = 0
        var target: Target? = Target()
        recognizer.addTarget(target!, action: Action("a")) { _, _ in calls += 1 }
        target = nil
        recognizer.state = .began
        #expect(calls == 0)
    }

    @Test func resetToPossibleSendsNoAction() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        let actions = ActionRecorder(tap)
        stage.view.addGestureRecognizer(tap)
        stage.tap(at: 10, 10)
        #expect(tap.state == .possible)
        #expect(actions.states == [.ended])
    }

    @Test func locationIsTheCentroidAndTouchesAreIndexedInOrder() {
        let stage = GestureStage()
        stage.view.frame = rect(100, 100, 200, 200)
        let pinch = PinchGestureRecognizer()
        stage.view.addGestureRecognizer(pinch)
        stage.window.send(down(1, 110, 120))
        stage.window.send(down(2, 150, 160))
        #expect(pinch.numberOfTouches == 2)
        #expect(pinch.location(in: stage.view) == Point(x: 30, y: 40))
        #expect(pinch.location(in: nil) == Point(x: 130, y: 140))
        #expect(pinch.location(ofTouch: 0, in: stage.view) == Point(x: 10, y: 20))
        #expect(pinch.location(ofTouch: 1, in: nil) == Point(x: 150, y: 160))
    }

    @Test func ignoredTouchIsNoLongerTrackedNorDelayed() {
        final class IgnoresSecond: GestureRecognizer {
            var seen: [Touch.Phase] = []
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
                seen.append(.began)
                if numberOfTouches > 1, let touch = touches.first { ignore(touch, for: event) }
            }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
                seen.append(.ended)
            }
        }
        let stage = GestureStage()
        let recognizer = IgnoresSecond()
        recognizer.delaysTouchesBegan = true
        stage.view.addGestureRecognizer(recognizer)
        stage.window.send(down(1, 10, 10))
        stage.window.send(down(2, 50, 50))
        #expect(recognizer.numberOfTouches == 1)
        let second = stage.window.activeTouches.first { $0.location(in: nil).x == 50 }!
        #expect(second.gestureRecognizers.isEmpty)
        // The ignored touch reaches the view at once; the other stays withheld.
        #expect(stage.view.phases == [.began])
        #expect(stage.view.calls[0].touches == [second])
        stage.window.send(up(2))
        #expect(recognizer.seen == [.began, .began])
        #expect(stage.view.phases == [.began, .ended])
    }
}
