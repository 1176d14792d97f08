import Testing
import TestSupport
@testable import TouchCore

/// The inspector's charts (issue 26): each contact's speed and event
/// intervals, a pen's pressure and tilt, each device's median rate and
/// events per frame, over the last two seconds of compositor time.
@Suite struct InputChartsTests {
    private func frame(_ changes: RawTouch...) -> TouchFrame {
        TouchFrame(changes: changes, timestamp: changes.map(\.timestamp).max() ?? 0)
    }

    private func raw(_ id: Int32, _ phase: RawTouch.Phase, _ x: Double, at time: Double,
                     on device: InputDeviceID = fingers, pressure: Double? = nil, tilt: Tilt? = nil) -> RawTouch {
        RawTouch(device: device, id: id, phase: phase, location: Point(x: x, y: 50), timestamp: time,
                 pressure: pressure, tilt: tilt)
    }

    @Test func aFingerAt125HzMoving10PointsAnEventShowsItsSpeedAndIntervals() throws {
        var charts = InputCharts()
        let came = charts.receive(frame(raw(1, .down, 0, at: 10)))
        #expect(came, "a contact came")
        for step in 1...10 {
            let listChanged = charts.receive(frame(raw(1, .move, 10 * Double(step), at: 10 + 0.008 * Double(step))))
            #expect(!listChanged)
        }
        let contact = try #require(charts.contacts.first)
        #expect(contact.samples.count == 11)
        #expect(contact.speeds.allSatisfy { abs($0.value - 1250) < 1e-6 }, "10 pt in 8 ms")
        #expect(contact.intervals.allSatisfy { abs($0.value - 8) < 1e-6 })
        let device = try #require(charts.devices.first)
        #expect(abs((device.medianRate ?? 0) - 125) < 1e-6)
        #expect(device.eventsPerFrame == 1)
        let went = charts.receive(frame(raw(1, .up, 100, at: 10.09)))
        #expect(went, "it went")
        #expect(charts.contacts.isEmpty)
    }

    @Test func aDroppedSampleShowsAsALongerInterval() throws {
        var charts = InputCharts()
        charts.receive(frame(raw(1, .down, 0, at: 0)))
        for time in [0.008, 0.016, 0.032, 0.040] { charts.receive(frame(raw(1, .move, time * 1000, at: time))) }
        let intervals = try #require(charts.contacts.first).intervals.map { ($0.value * 1e6).rounded() / 1e6 }
        #expect(intervals == [8, 8, 16, 8])
        #expect(abs((charts.devices.first?.medianRate ?? 0) - 125) < 1e-6, "the median ignores the one gap")
    }

    @Test func twoFingersInOneFrameAreTwoEventsPerFrame() {
        var charts = InputCharts()
        charts.receive(frame(raw(1, .down, 0, at: 0), raw(2, .down, 50, at: 0)))
        charts.receive(frame(raw(1, .move, 5, at: 0.01), raw(2, .move, 55, at: 0.01)))
        #expect(charts.devices.count == 1)
        #expect(charts.devices.first?.eventsPerFrame == 2)
        #expect(charts.contacts.map(\.id) == [1, 2])
    }

    @Test func onlyTheLastTwoSecondsAreKept() throws {
        var charts = InputCharts()
        charts.receive(frame(raw(1, .down, 0, at: 0)))
        for step in 1...300 { charts.receive(frame(raw(1, .move, Double(step), at: 0.01 * Double(step)))) }
        let samples = try #require(charts.contacts.first).samples
        #expect(samples.first.map { $0.time >= 3 - InputCharts.window - 1e-9 } == true)
        #expect(samples.count <= 201)
        #expect((charts.devices.first?.frames.count ?? 0) <= 201)
    }

    @Test func aPenKeepsItsPressureAndTiltAndADeviceEachKind() throws {
        var charts = InputCharts()
        let pen = InputDeviceID(seat: "seat0", kind: .pen)
        charts.receive(frame(raw(7, .down, 0, at: 0, on: pen, pressure: 0.2, tilt: Tilt(x: 30, y: 40))))
        charts.receive(frame(raw(7, .move, 4, at: 0.005, on: pen, pressure: 0.6, tilt: Tilt(x: 0, y: 10))))
        charts.receive(frame(raw(1, .down, 0, at: 0.006)))
        let series = try #require(charts.contacts.first)
        #expect(series.isPen)
        #expect(series.samples.map(\.pressure) == [0.2, 0.6])
        #expect(series.samples.map(\.tilt) == [Tilt(x: 30, y: 40), Tilt(x: 0, y: 10)])
        #expect(charts.devices.map(\.device.kind) == [.pen, .finger])
        #expect(abs((charts.devices.first?.medianRate ?? 0) - 200) < 1e-6)
    }

    @Test func aCancelOfEveryTouchEmptiesTheContacts() {
        var charts = InputCharts()
        charts.receive(frame(raw(1, .down, 0, at: 0)))
        let emptied = charts.receive(TouchFrame(changes: [], cancelAll: true, timestamp: 0.1))
        #expect(emptied)
        #expect(charts.contacts.isEmpty)
    }
}
