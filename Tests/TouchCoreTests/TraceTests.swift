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
}
