#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestCompositor
import TestSupport
@testable import WaylandClient
import WaylandInput

/// `wl_keyboard` through real libwayland, with a keymap compiled by the
/// test compositor's xkbcommon and sent through a memfd.
@Suite struct KeyboardSeatTests {
    private func focused(_ setup: (TestSeat) -> Void = { _ in }) throws -> InputHarness {
        let input = try InputHarness()
        try input.send {
            input.seat.sendKeymap(layout: "us")
            setup(input.seat)
            input.seat.keyboardEnter(input.ours)
        }
        input.events = []
        return input
    }

    @Test func lettersTypeTextWithShiftAndControl() throws {
        let input = try focused()
        try input.send {
            input.seat.key(EvdevKey.a, pressed: true, time: 10)
            input.seat.key(EvdevKey.a, pressed: false, time: 20)
            input.seat.modifiers(depressed: 1)  // Shift
            input.seat.key(EvdevKey.a, pressed: true, time: 30)
            input.seat.modifiers(depressed: 4)  // Control
            input.seat.key(EvdevKey.z, pressed: true, time: 40)
        }
        #expect(input.keys == [
            KeyEvent(seat: "seat0", action: .press, code: 30, keysym: 0x61, name: "a", text: "a", modifiers: [], time: 10),
            KeyEvent(seat: "seat0", action: .release, code: 30, keysym: 0x61, name: "a", text: "", modifiers: [], time: 20),
            KeyEvent(seat: "seat0", action: .press, code: 30, keysym: 0x41, name: "A", text: "A", modifiers: .shift, time: 30),
            KeyEvent(seat: "seat0", action: .press, code: 44, keysym: 0x7a, name: "z", text: "", modifiers: .control, time: 40),
        ])
    }

    @Test func focusIsReported() throws {
        let input = try InputHarness()
        input.events = []
        try input.send {
            input.seat.sendKeymap()
            input.seat.keyboardEnter(input.ours, keys: [EvdevKey.a])
            input.seat.keyboardLeave(input.ours)
            input.seat.keyboardEnter(input.foreign)
            input.seat.key(EvdevKey.a, pressed: true, time: 1)
        }
        #expect(input.events == [.keyboardFocus(seat: "seat0", entered: true),
                                 .keyboardFocus(seat: "seat0", entered: false)],
                "keys held at enter and keys for another surface are not reported")
    }

    @Test func keysHeldAtEnterOrLeaveAreNotLeftDangling() throws {
        let input = try InputHarness()
        try input.send {
            input.seat.sendKeymap()
            input.seat.keyboardEnter(input.ours, keys: [EvdevKey.z])
        }
        input.events = []
        try input.send {
            input.seat.key(EvdevKey.z, pressed: false, time: 5)  // pressed before we had focus
            input.seat.key(EvdevKey.a, pressed: true, time: 6)
            input.seat.keyboardLeave(input.ours)
        }
        #expect(input.events == [
            .key(KeyEvent(seat: "seat0", action: .press, code: 30, keysym: 0x61, name: "a", text: "a", modifiers: [], time: 6)),
            .key(KeyEvent(seat: "seat0", action: .release, code: 30, keysym: 0x61, name: "a", text: "", modifiers: [], time: 6)),
            .keyboardFocus(seat: "seat0", entered: false),
        ])
    }

    @Test func heldKeyRepeatsAtTheCompositorsRateUntilReleased() throws {
        let input = try focused { $0.repeatInfo(rate: 10, delay: 300) }
        try input.send { input.seat.key(EvdevKey.a, pressed: true, time: 1000) }
        input.timers.advance(by: 0.299)
        #expect(input.keys.map(\.action) == [.press])
        input.timers.advance(by: 0.201)  // 0.5 s: repeats at 0.3, 0.4, 0.5
        #expect(input.keys.map(\.action) == [.press, .repeat, .repeat, .repeat])
        #expect(input.keys.last?.text == "a")
        #expect(input.keys.last?.time == 1500, "press time plus elapsed loop time")
        try input.send { input.seat.key(EvdevKey.a, pressed: false, time: 1510) }
        input.events = []
        input.timers.advance(by: 2)
        #expect(input.keys.isEmpty)
    }

    @Test func repeatDefaultsTo25PerSecondAfter600ms() throws {
        let input = try focused()
        try input.send { input.seat.key(EvdevKey.a, pressed: true, time: 0) }
        input.timers.advance(by: 0.599)
        #expect(input.keys.count == 1)
        input.timers.advance(by: 0.001 + 0.039)
        #expect(input.keys.count == 2)
        input.timers.advance(by: 0.001)
        #expect(input.keys.count == 3)
    }

    @Test func repeatFollowsModifiersAndStopsOnLeave() throws {
        let input = try focused { $0.repeatInfo(rate: 10, delay: 100) }
        try input.send { input.seat.key(EvdevKey.a, pressed: true, time: 0) }
        input.timers.advance(by: 0.1)
        try input.send { input.seat.modifiers(depressed: 1) }
        input.timers.advance(by: 0.1)
        #expect(input.keys.map(\.text) == ["a", "a", "A"])
        try input.send { input.seat.keyboardLeave(input.ours) }
        input.events = []
        input.timers.advance(by: 1)
        #expect(input.keys.isEmpty)
        #expect(input.timers.count == 0)
    }

    @Test func modifiersAndRateZeroDoNotRepeat() throws {
        let input = try focused()
        try input.send { input.seat.key(EvdevKey.leftShift, pressed: true, time: 0) }
        input.timers.advance(by: 2)
        #expect(input.keys.map(\.action) == [.press])
        try input.send {
            input.seat.repeatInfo(rate: 0, delay: 100)
            input.seat.key(EvdevKey.a, pressed: true, time: 5)
        }
        input.timers.advance(by: 2)
        #expect(input.keys.map(\.action) == [.press, .press])
    }

    @Test func anotherKeyTakesOverTheRepeat() throws {
        let input = try focused { $0.repeatInfo(rate: 10, delay: 100) }
        try input.send {
            input.seat.key(EvdevKey.a, pressed: true, time: 0)
            input.seat.key(EvdevKey.z, pressed: true, time: 1)
        }
        input.timers.advance(by: 0.25)
        #expect(input.keys.map(\.name) == ["a", "z", "z", "z"])
        try input.send { input.seat.key(EvdevKey.a, pressed: false, time: 2) }
        input.timers.advance(by: 0.1)
        #expect(input.keys.map(\.name).suffix(2) == ["a", "z"], "releasing the older key keeps z repeating")
    }

    @Test func badKeymapsAreIgnoredAndTheGoodOneStays() throws {
        let input = try focused()
        let devNull = open("/dev/null", O_RDONLY)
        defer { close(devNull) }
        try input.send {
            input.seat.sendKeymap(fd: devNull, size: 4096, format: 1)  // unmappable
            input.seat.sendKeymap(fd: devNull, size: 0, format: 0)     // no_keymap format
            input.seat.key(EvdevKey.a, pressed: true, time: 1)
        }
        #expect(input.keys.map(\.text) == ["a"])
    }

    @Test func keyboardAddedLaterWorks() throws {
        let input = try InputHarness(seats: [("seat0", [.touch], 8)])
        input.events = []
        try input.send { input.seat.setCapabilities([.touch, .keyboard]) }
        #expect(input.events == [.seatCapabilities(seat: "seat0", pointer: false, keyboard: true, touch: true)])
        try input.send {
            input.seat.sendKeymap()
            input.seat.keyboardEnter(input.ours)
            input.seat.key(EvdevKey.a, pressed: true, time: 1)
        }
        #expect(input.keys.map(\.text) == ["a"])
    }
}
