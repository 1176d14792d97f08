import Testing
import TestSupport
import Timing
@testable import TouchCore

/// `Window.tracer`: what the core decided, in the order it decided it.
@Suite struct TraceTests {
    final class Target: Responder {
        override func handler(for action: Action) -> ((Any?) -> Void)? {
            action == .delete ? { _ in } : super.handler(for: action)
        }
    }

    @Test func aTapIsTracedFromTheTouchesToTheActionAndTheReset() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        let target = Target()
        tap.addTarget(target, action: Action("select")) { _, _ in }
        stage.view.addGestureRecognizer(tap)
        var records: [TraceRecord] = []
        stage.window.tracer = { records.append($0) }
        stage.tap(at: 10, 10)
        let touch = TracedTouch(seat: "seat0", id: 1, kind: .finger)
        #expect(records == [
            .touches(.began, receiver: "tap", touches: [touch]),
            .touches(.began, receiver: "RecordingView", touches: [touch]),
            .touches(.ended, receiver: "tap", touches: [touch]),
            .state(recognizer: "tap", from: .possible, to: .ended),
            .action(recognizer: "tap", action: "select", target: "Target"),
            .touches(.cancelled, receiver: "RecordingView", touches: [touch]),
            .state(recognizer: "tap", from: .ended, to: .possible),
        ])
    }

    @Test func aFailureIsTracedWithoutAnAction() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.addTarget(Target(), action: Action("select")) { _, _ in }
        stage.view.addGestureRecognizer(tap)
        var records: [TraceRecord] = []
        stage.window.tracer = { records.append($0) }
        stage.window.send(down(1, 10, 10))
        stage.window.send(move(1, 100, 10))
        #expect(records.contains(.state(recognizer: "TapGestureRecognizer", from: .possible, to: .failed)))
        #expect(!records.contains { if case .action = $0 { true } else { false } })
    }

    final class Focusable: View {
        override var canBecomeFirstResponder: Bool { true }
    }

    final class Deleting: View {
        override func handler(for action: Action) -> ((Any?) -> Void)? {
            action == .delete ? { _ in } : super.handler(for: action)
        }
    }

    @Test func anActionWalkNamesWhoWasAskedAndWhoTookIt() {
        let window = makeWindow(width: 100, height: 100)
        let application = Application()
        application.addWindow(window)
        let parent = Deleting(frame: rect(0, 0, 100, 100))
        let child = Focusable(frame: rect(0, 0, 50, 50))
        window.addSubview(parent)
        parent.addSubview(child)
        #expect(child.becomeFirstResponder())
        var records: [TraceRecord] = []
        window.tracer = { records.append($0) }
        #expect(application.sendAction(.delete, to: nil, from: nil))
        #expect(application.sendAction(.copy, to: nil, from: nil) == false)
        #expect(records == [
            .actionWalk(action: "delete", asked: ["Focusable", "Deleting"], takenBy: "Deleting"),
            .actionWalk(action: "copy", asked: ["Focusable", "Deleting", "Window", "Application"], takenBy: nil),
        ])
    }

    /// The canvas's taps: a double tap, a single tap that waits for it, and
    /// a second single tap that takes a finger only while the first waits.
    /// On a double tap, the second single tap asks for `ended` in the same
    /// batch as the double tap; the double tap's recognition makes it fail
    /// before its `ended` took effect, so it goes possible → failed. The
    /// trace used to say `ended → failed`, which no recognizer may do.
    @Test func aDoubleTapTracesOnlyLegalTransitions() {
        let stage = GestureStage()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        doubleTap.name = "doubleTap"
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        let tapAfterTap = TapGestureRecognizer()
        tapAfterTap.name = "tapAfterTap"
        let delegate = ConfigurableDelegate()
        delegate.shouldReceive = { _ in tap.isAwaitingFailure }
        tapAfterTap.delegate = delegate
        stage.view.addGestureRecognizer(doubleTap)
        for single in [tap, tapAfterTap] {
            single.require(toFail: doubleTap)
            stage.view.addGestureRecognizer(single)
        }
        let doubleTaps = ActionRecorder(doubleTap)
        let singleTaps = ActionRecorder(tapAfterTap)
        var transitions: [(recognizer: String, from: GestureRecognizer.State, to: GestureRecognizer.State)] = []
        stage.window.tracer = { record in
            if case let .state(recognizer, from, to) = record { transitions.append((recognizer, from, to)) }
        }
        stage.tap(at: 10, 10, time: 0)
        stage.tap(at: 12, 10, time: 0.15)
        #expect(doubleTaps.states == [.ended])
        #expect(singleTaps.states.isEmpty)
        #expect(transitions.contains { $0.recognizer == "tapAfterTap" && $0.from == .possible && $0.to == .failed })
        for transition in transitions where transition.to != .possible {
            #expect(transition.from.canTransition(to: transition.to),
                    "\(transition.recognizer) \(transition.from) → \(transition.to)")
        }
    }
}
