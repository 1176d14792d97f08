@testable import InspectorModel
import Testing
import TestSupport
@testable import TouchCore

/// The inspector's charts (issue 26): each contact's speed and event
/// intervals, a pen's pressure and tilt, each device's median rate and
/// events per frame, over the last two seconds of compositor time; a
/// lifted contact's charts stay, ended, until the next contact.
@Suite struct InputChartsTests {
    private func frame(_ changes: RawTouch...) -> TouchFrame {
        TouchFrame(changes: changes, timestamp: changes.map(\.timestamp).max() ?? 0)
    }

    private func raw(_ id: Int32, _ phase: RawTouch.Phase, _ x: Double, at time: Double,
                     on device: InputDeviceID = fingers, pressure: Double? = nil, tilt: Tilt? = nil) -> RawTouch {
        RawTouch(device: device, id: id, phase: phase, location: Point(x: x, y: 50), timestamp: time,
                 pressure: pressure, tilt: tilt)
    }

    private func latest(_ quantity: InputCharts.Quantity, of contact: InputCharts.ContactSeries?) -> Double? {
        contact?.strips.first { $0.quantity == quantity }?.chart.latest
    }

    @Test func aFingerAt125HzMoving10PointsAnEventShowsItsSpeedAndIntervals() throws {
        var charts = InputCharts()
        #expect(charts.receive(frame(raw(1, .down, 0, at: 10))).contactsChanged, "a contact came")
        for step in 1...10 {
            let update = charts.receive(frame(raw(1, .move, 10 * Double(step), at: 10 + 0.008 * Double(step))))
            #expect(!update.contactsChanged)
            #expect(update.strips.map(\.strip) == [0, 1], "its speed and its interval")
            // The first speed grows its scale (the whole strip); from there
            // each event changes a few columns.
            #expect(update.strips.allSatisfy { $0.change != .whole } == (step > 1))
        }
        let contact = try #require(charts.contacts.first)
        #expect(contact.strips.map(\.quantity) == [.speed, .interval])
        #expect(abs((latest(.speed, of: contact) ?? 0) - 1250) < 1e-6, "10 pt in 8 ms")
        #expect(abs((latest(.interval, of: contact) ?? 0) - 8) < 1e-6)
        #expect(contact.strips[0].chart.scale == 2000)
        let device = try #require(charts.devices.first)
        #expect(abs((device.medianRate ?? 0) - 125) < 1e-6)
        #expect(device.eventsPerFrame == 1)
    }

    @Test func aDroppedSampleShowsAsALongerInterval() throws {
        var charts = InputCharts()
        charts.receive(frame(raw(1, .down, 0, at: 0)))
        var intervals: [Double] = []
        for time in [0.008, 0.016, 0.032, 0.040] {
            charts.receive(frame(raw(1, .move, time * 1000, at: time)))
            intervals.append(((latest(.interval, of: charts.contacts.first) ?? 0) * 1e6).rounded() / 1e6)
        }
        #expect(intervals == [8, 8, 16, 8])
        let tallest = charts.contacts.first?.strips[1].chart.columns.compactMap { $0?.high }.max()
        #expect(tallest.map { abs($0 - 16) < 1e-9 } == true, "the plot shows the 16 ms")
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

    @Test func aDevicesFramesAreKeptForTheLastTwoSeconds() {
        var charts = InputCharts()
        charts.receive(frame(raw(1, .down, 0, at: 0)))
        for step in 1...300 { charts.receive(frame(raw(1, .move, Double(step), at: 0.01 * Double(step)))) }
        let frames = charts.devices.first?.frames ?? []
        #expect(frames.first.map { $0.time >= 3 - InputCharts.window - 1e-9 } == true)
        #expect(frames.count <= 201)
    }

    @Test func aPenChartsItsPressureAndTiltAndADeviceEachKind() throws {
        var charts = InputCharts()
        let pen = InputDeviceID(seat: "seat0", kind: .pen)
        charts.receive(frame(raw(7, .down, 0, at: 0, on: pen, pressure: 0.2, tilt: Tilt(x: 30, y: 40))))
        charts.receive(frame(raw(7, .move, 4, at: 0.005, on: pen, pressure: 0.6, tilt: Tilt(x: 0, y: 10))))
        charts.receive(frame(raw(1, .down, 0, at: 0.006)))
        let series = try #require(charts.contacts.first)
        #expect(series.isPen)
        #expect(series.strips.map(\.quantity) == [.speed, .interval, .pressure, .tilt])
        #expect(latest(.pressure, of: series) == 0.6)
        #expect(latest(.tilt, of: series) == 10)
        #expect(series.strips[3].chart.columns[0] == StripChart.Column(low: 10, high: 50),
                "from √(30² + 40²) at the down to 10, in the same column")
        #expect(charts.devices.map(\.device.kind) == [.pen, .finger])
        #expect(abs((charts.devices.first?.medianRate ?? 0) - 200) < 1e-6)
    }

    @Test func aLiftedContactStaysEndedUntilTheNextContactGoesDown() throws {
        var charts = InputCharts()
        charts.receive(frame(raw(1, .down, 0, at: 0)))
        charts.receive(frame(raw(1, .move, 10, at: 0.01)))
        #expect(charts.receive(frame(raw(1, .up, 10, at: 0.02))).contactsChanged, "it ended")
        let ended = try #require(charts.contacts.first)
        #expect(ended.isEnded && charts.allEnded)
        #expect(latest(.speed, of: ended) == 1000, "its charts as they were")
        // The next touch, with the same id: a new contact in its place.
        #expect(charts.receive(frame(raw(1, .down, 80, at: 5))).contactsChanged)
        #expect(charts.contacts.count == 1)
        #expect(charts.contacts.first?.isEnded == false)
        #expect(latest(.speed, of: charts.contacts.first) == nil, "nothing of the old stroke")
    }

    @Test func endedContactsGoWhenTheAppRemovesThem() {
        var charts = InputCharts()
        charts.receive(frame(raw(1, .down, 0, at: 0), raw(2, .down, 40, at: 0)))
        charts.receive(frame(raw(1, .up, 0, at: 0.1)))
        #expect(!charts.allEnded, "the second is still down")
        charts.receive(frame(raw(2, .up, 40, at: 0.2)))
        #expect(charts.allEnded && charts.contacts.count == 2, "both strokes stay to be read")
        let removed = charts.removeEnded()
        #expect(removed)
        #expect(charts.contacts.isEmpty)
        let removedAgain = charts.removeEnded()
        #expect(!removedAgain, "nothing more to remove")
    }

    @Test func aCancelOfEveryTouchEndsTheContacts() {
        var charts = InputCharts()
        charts.receive(frame(raw(1, .down, 0, at: 0)))
        let update = charts.receive(TouchFrame(changes: [], cancelAll: true, timestamp: 0.1))
        #expect(update.contactsChanged)
        #expect(charts.contacts.map(\.isEnded) == [true])
    }

    @Test func aContactDownBeforeTheChartsIsChartedFromItsNextMove() {
        var charts = InputCharts()
        let update = charts.receive(frame(raw(3, .move, 0, at: 1)))
        #expect(update.contactsChanged)
        #expect(charts.contacts.map(\.id) == [3])
    }
}
