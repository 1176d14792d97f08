@testable import InspectorModel
import Testing
import TestSupport
@testable import TouchCore

/// `InspectorModel`: the contacts, frames, recognizers and latency the
/// inspector overlay shows, on a fake clock (the times passed in).
@Suite struct InspectorModelTests {
    private func frame(_ changes: RawTouch...) -> TouchFrame {
        TouchFrame(changes: changes, timestamp: changes.last?.timestamp ?? 0)
    }

    @Test func aContactIsShownFromDownToUpWithItsSeatIdKindAndPhase() throws {
        var model = InspectorModel()
        let pen = InputDeviceID(seat: "seat1", kind: .pen)
        let updates = model.receive(frame(down(3, 10, 20, at: 1)), at: 1)
        #expect(updates.count == 1 && updates[0].before == nil)
        let contact = try #require(model.contacts.first)
        #expect(contact.device == fingers && contact.id == 3 && contact.phase == .down)
        #expect(contact.location == Point(x: 10, y: 20))

        _ = model.receive(frame(down(7, 50, 50, at: 1.01, on: pen)), at: 1.01)
        let moved = model.receive(frame(move(3, 15, 25, at: 1.02)), at: 1.02)
        #expect(moved == [InspectorModel.ContactUpdate(before: contact, after: model.contacts[0])])
        #expect(model.contacts.map(\.phase) == [.move, .down])
        #expect(model.contacts[0].location == Point(x: 15, y: 25))
        #expect(model.contacts[1].device == pen, "a pen's contact keeps its seat and kind")

        let lifted = model.receive(frame(up(3, at: 1.03)), at: 1.03)
        #expect(lifted.count == 1 && lifted[0].after == nil && lifted[0].before?.id == 3)
        #expect(model.contacts.map(\.id) == [7])
    }

    @Test func theAgeCountsFromTheDown() {
        var model = InspectorModel()
        _ = model.receive(frame(down(1, 0, 0)), at: 10)
        _ = model.receive(frame(move(1, 5, 0)), at: 10.4)
        #expect(abs(model.contacts[0].age(at: 10.4) - 0.4) < 1e-9)
        #expect(abs(model.contacts[0].age(at: 12) - 2) < 1e-9)
    }

    @Test func theRateCountsTheEventsOfTheLast500Milliseconds() {
        var model = InspectorModel()
        _ = model.receive(frame(down(1, 0, 0)), at: 0)
        // 120 Hz for a second: 120 events, of which the last 60 fall in the window.
        for step in 1...120 {
            _ = model.receive(frame(move(1, Double(step), 0)), at: Double(step) / 120)
        }
        let contact = model.contacts[0]
        #expect(contact.rate(at: 1) == 120)
        #expect(contact.rate(at: 1.25) == 60, "half the window without events: half the rate")
        #expect(contact.rate(at: 1.5) == 0, "held still for 500 ms")
    }

    @Test func framesShowWhichChangesCameTogether() {
        var model = InspectorModel()
        _ = model.receive(frame(down(1, 0, 0), down(2, 10, 0)), at: 0)
        _ = model.receive(frame(move(1, 1, 0), move(2, 11, 0)), at: 0.01)
        _ = model.receive(frame(up(1), down(4, 30, 30), up(4)), at: 0.02)
        #expect(model.frames.map(\.serial) == [1, 2, 3])
        #expect(model.frames[0].changes == [.init(id: 1, phase: .down), .init(id: 2, phase: .down)])
        #expect(model.frames[2].changes == [.init(id: 1, phase: .up), .init(id: 4, phase: .down), .init(id: 4, phase: .up)],
                "a down and its up in one frame")
        #expect(model.frames[2].device == fingers)
        #expect(model.contacts.map(\.id) == [2], "the down+up left no contact behind")
        #expect(model.contacts[0].frame == 2, "the contact names the last frame that changed it")
    }

    @Test func onlyTheLastFramesAreKept() {
        var model = InspectorModel()
        _ = model.receive(frame(down(1, 0, 0)), at: 0)
        for step in 1...10 { _ = model.receive(frame(move(1, Double(step), 0)), at: Double(step) / 100) }
        #expect(model.frames.map(\.serial) == Array(8...11))
    }

    @Test func aCancellationOfEveryTouchEndsEveryContact() {
        var model = InspectorModel()
        _ = model.receive(frame(down(1, 0, 0), down(2, 10, 0)), at: 0)
        let updates = model.receive(.cancel(at: 0.1), at: 0.1)
        #expect(updates.map(\.before?.id) == [1, 2])
        #expect(updates.allSatisfy { $0.after == nil })
        #expect(model.contacts.isEmpty)
        #expect(model.frames.last?.cancelsAll == true && model.frames.last?.device == nil)
    }

    @Test func aContactDownBeforeTheModelStartedIsShownFromItsFirstMove() throws {
        var model = InspectorModel()
        let updates = model.receive(frame(move(5, 40, 50), up(6)), at: 2)
        #expect(updates.count == 1 && updates[0].before == nil, "the up of a contact it never saw changes nothing")
        let contact = try #require(model.contacts.first)
        #expect(contact.id == 5 && contact.phase == .move && !contact.sawDown)
        #expect(contact.location == Point(x: 40, y: 50))
        #expect(contact.age(at: 3) == 1, "at least as old as the time since it was first seen")
        #expect(model.frames.count == 1)
    }

    @Test func theTimelineTakesTheTraceStateChanges() {
        var model = InspectorModel(timeline: RecognizerTimeline(rows: [.init(recognizer: "tap", state: .possible)]))
        let row = model.record(.state(recognizer: "tap", from: .possible, to: .failed), at: 3)
        #expect(row == 0)
        #expect(model.timeline.rows[0].state == .failed)
    }

    @Test func theLatencyIsFromTheEventTimeToTheCommit() throws {
        var model = InspectorModel()
        let measuredWithoutInput = model.committed(at: 5)
        #expect(!measuredWithoutInput, "no input, nothing measured")
        _ = model.receive(frame(down(1, 0, 0, at: 100.000)), at: 100.002)
        _ = model.receive(frame(move(1, 1, 0, at: 100.004)), at: 100.005)
        let measured = model.committed(at: 100.0125)
        #expect(measured)
        #expect(try #require(model.latency.last) == 0.008, "from the newest event: 12 ms − 4 ms, in whole ms")
        let measuredAgain = model.committed(at: 100.03)
        #expect(!measuredAgain, "a frame without new input measures nothing")
        _ = model.receive(frame(move(1, 2, 0, at: 100.05)), at: 100.05)
        let measuredLater = model.committed(at: 100.07)
        #expect(measuredLater)
        #expect(model.latency.samples == [0.008, 0.02])
        #expect(model.latency.median == 0.02 && model.latency.maximum == 0.02)
    }
}

/// `LatencyReadout` on its own: the clocks' arithmetic.
@Suite struct LatencyReadoutTests {
    @Test func theCompositorsMillisecondsMayHaveWrapped() {
        var readout = LatencyReadout()
        // Our clock at 2^32 ms + 3 ms: the compositor's 32-bit time reads 3 ms... and the
        // event came 5 ms earlier, just before the wrap.
        readout.received(eventTime: Double(UInt32.max - 1) / 1000)
        readout.committed(at: (4_294_967_296 + 3) / 1000)
        #expect(readout.last == 0.005)
        #expect(readout.unrelatedClockDifference == nil)
    }

    @Test func eventTimesNotOnOurClockAreSaidToBe() {
        var readout = LatencyReadout()
        readout.received(eventTime: 10)
        let changed = readout.committed(at: 5000)
        #expect(changed)
        #expect(readout.last == nil)
        #expect(readout.unrelatedClockDifference == 4990)
        readout.received(eventTime: 6000)
        readout.committed(at: 5000)
        #expect(readout.unrelatedClockDifference == -1000, "events from the future")
    }

    @Test func onlyTheLastSamplesAreSummarized() {
        var readout = LatencyReadout()
        for step in 0..<(LatencyReadout.sampleCount + 10) {
            readout.received(eventTime: Double(step))
            readout.committed(at: Double(step) + (step < 10 ? 0.5 : 0.01))
        }
        #expect(readout.samples.count == LatencyReadout.sampleCount)
        #expect(readout.maximum == 0.01, "the slow first ten are forgotten")
    }
}
