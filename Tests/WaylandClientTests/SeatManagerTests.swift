import Testing
import TestCompositor
@testable import WaylandClient

/// Seats coming, going and changing, several at once.
@Suite struct SeatManagerTests {
    @Test func everySeatIsFollowedUnderItsName() throws {
        let input = try InputHarness(seats: [("seat0", [.pointer, .keyboard], 8), ("tablet", [.touch], 7)])
        #expect(input.manager?.seatNames == ["seat0", "tablet"])
        #expect(input.events == [
            .seatCapabilities(seat: "seat0", pointer: true, keyboard: true, touch: false),
            .seatCapabilities(seat: "tablet", pointer: false, keyboard: false, touch: true),
        ])
        #expect(input.seats.map(\.boundVersion) == [8, 7])
    }

    @Test func touchesFromTwoSeatsStayApart() throws {
        let input = try InputHarness(seats: [("left", [.touch], 8), ("right", [.touch], 8)])
        input.events = []
        try input.send {
            input.seats[0].touchDown(on: input.ours, id: 0, x: 1, y: 1, time: 1)
            input.seats[1].touchDown(on: input.ours, id: 0, x: 9, y: 9, time: 1)
            input.seats[0].touchFrame()
            input.seats[1].touchFrame()
            input.seats[0].touchUp(id: 0, time: 2)
            input.seats[0].touchFrame()
            input.seats[1].touchCancel()
        }
        #expect(input.touchFrames.map { "\($0.seat):\(summary($0).joined(separator: ","))" }
                == ["left:down0", "right:down0", "left:up0", "right:cancel0"])
    }

    @Test func seatAnnouncedLaterIsBound() throws {
        let input = try InputHarness(seats: [])
        #expect(input.manager?.seatNames == [])
        let late = input.harness.compositor.addSeat(name: "late", capabilities: [.pointer], version: 5)
        input.seats = [late]
        try input.send {}
        #expect(input.manager?.seatNames == ["late"])
        #expect(input.events == [.seatCapabilities(seat: "late", pointer: true, keyboard: false, touch: false)])
    }

    @Test func seatRemovedIsReleasedAndTheOthersContinue() throws {
        let input = try InputHarness(seats: [("one", .all, 8), ("two", .all, 8)])
        input.events = []
        try input.send { input.seats[0].remove() }
        #expect(input.manager?.seatNames == ["two"])
        #expect(input.events == [.seatCapabilities(seat: "one", pointer: false, keyboard: false, touch: false)])
        #expect(input.seats[0].livePointers + input.seats[0].liveKeyboards + input.seats[0].liveTouches == 0)
        input.events = []
        try input.send {
            input.seats[1].touchDown(on: input.ours, id: 0, x: 1, y: 1, time: 1)
            input.seats[1].touchFrame()
        }
        #expect(input.touchFrames.map(\.seat) == ["two"])
    }

    @Test func capabilitiesComeAndGo() throws {
        let input = try InputHarness(seats: [("seat0", [], 8)])
        input.events = []
        try input.send { input.seat.setCapabilities([.touch]) }
        try input.send { input.seat.setCapabilities([.touch, .pointer]) }
        try input.send { input.seat.setCapabilities([]) }
        #expect(input.events == [
            .seatCapabilities(seat: "seat0", pointer: false, keyboard: false, touch: true),
            .seatCapabilities(seat: "seat0", pointer: true, keyboard: false, touch: true),
            .seatCapabilities(seat: "seat0", pointer: false, keyboard: false, touch: false),
        ])
        #expect(input.seat.releasedDevices == 2)
        #expect(input.seat.liveTouches == 0 && input.seat.livePointers == 0)
    }

    @Test func versionOneSeatsHaveAStandInName() throws {
        let input = try InputHarness(seats: [("ignored", [.touch], 1)])
        guard case .seatCapabilities(let name, _, _, true)? = input.events.first else {
            Issue.record("no capabilities event: \(input.events)")
            return
        }
        #expect(name.hasPrefix("wl_seat-"))
    }

    @Test func droppingTheManagerReleasesEverySeat() throws {
        let input = try InputHarness(seats: [("a", .all, 8), ("b", .all, 4)])
        try input.dropManager()
        for seat in input.seats {
            #expect(seat.livePointers + seat.liveKeyboards + seat.liveTouches == 0)
        }
    }
}
