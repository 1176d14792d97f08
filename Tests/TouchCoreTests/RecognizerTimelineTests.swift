import InspectorModel
import Testing
import TestSupport
import Timing
@testable import TouchCore

/// `RecognizerTimeline`: each recognizer's state and last transitions, fed
/// by a window's tracer, with the times of a fake clock.
@Suite struct RecognizerTimelineTests {
    @Test func itStartsFromTheRecognizersAsTheyAre() {
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        let pan = PanGestureRecognizer()
        let timeline = RecognizerTimeline(recognizers: [tap, pan])
        #expect(timeline.rows == [
            RecognizerTimeline.Row(recognizer: "tap", state: .possible),
            RecognizerTimeline.Row(recognizer: "PanGestureRecognizer", state: .possible),
        ])
    }

    @Test func aTapOnAWindowShowsAsItsTransitionsWithTheirTimes() {
        let stage = GestureStage()
        let tap = TapGestureRecognizer()
        tap.name = "tap"
        tap.addTarget(stage.view, action: Action("select")) { _, _ in }
        let pan = PanGestureRecognizer()
        pan.name = "pan"
        stage.view.addGestureRecognizer(tap)
        stage.view.addGestureRecognizer(pan)
        let clock = ManualClock(now: 5)
        var timeline = RecognizerTimeline(recognizers: stage.view.gestureRecognizers)
        stage.window.tracer = { timeline.record($0, at: clock.now) }

        stage.window.send(down(1, 10, 10, at: 5))
        clock.set(5.08)
        stage.window.send(up(1, at: 5.08))

        let tapRow = timeline.rows[0]
        #expect(tapRow.recognizer == "tap")
        #expect(tapRow.state == .possible, "reset once its touch is gone")
        #expect(tapRow.transitions == [
            RecognizerTimeline.Transition(from: .possible, to: .ended, time: 5.08),
            RecognizerTimeline.Transition(from: .ended, to: .possible, time: 5.08),
        ])
        #expect(timeline.rows[1].recognizer == "pan")
        #expect(timeline.rows[1].transitions.map(\.to) == [.failed, .possible],
                "the pan fails when the finger lifts without moving")
    }

    @Test func onlyTheLastTransitionsAreKept() {
        var timeline = RecognizerTimeline(rows: [RecognizerTimeline.Row(recognizer: "pan", state: .possible)],
                                          capacity: 3)
        let states: [GestureRecognizer.State] = [.possible, .began, .changed, .changed, .ended, .possible]
        for (index, (from, to)) in zip(states, states.dropFirst()).enumerated() {
            let row = timeline.record(.state(recognizer: "pan", from: from, to: to), at: Double(index))
            #expect(row == 0)
        }
        #expect(timeline.rows[0].state == .possible)
        #expect(timeline.rows[0].transitions == [
            RecognizerTimeline.Transition(from: .changed, to: .changed, time: 2),
            RecognizerTimeline.Transition(from: .changed, to: .ended, time: 3),
            RecognizerTimeline.Transition(from: .ended, to: .possible, time: 4),
        ])
    }

    @Test func aRecognizerItDidNotKnowGetsARowOfItsOwn() {
        var timeline = RecognizerTimeline(rows: [RecognizerTimeline.Row(recognizer: "tap", state: .possible)])
        let row = timeline.record(.state(recognizer: "swipe", from: .possible, to: .failed), at: 1)
        #expect(row == 1)
        #expect(timeline.rows.map(\.recognizer) == ["tap", "swipe"])
        #expect(timeline.rows[1].state == .failed)
        #expect(timeline.rows[0].transitions.isEmpty)
    }

    @Test func recordsThatAreNoStateChangeChangeNothing() {
        var timeline = RecognizerTimeline(rows: [RecognizerTimeline.Row(recognizer: "tap", state: .possible)])
        let before = timeline
        let touch = TracedTouch(seat: "seat0", id: 1, kind: .finger)
        let touches = timeline.record(.touches(.began, receiver: "tap", touches: [touch]), at: 1)
        #expect(touches == nil)
        let action = timeline.record(.action(recognizer: "tap", action: "select", target: "View"), at: 1)
        #expect(action == nil)
        let walk = timeline.record(.actionWalk(action: "delete", asked: ["View"], takenBy: nil), at: 1)
        #expect(walk == nil)
        #expect(timeline == before)
    }
}
