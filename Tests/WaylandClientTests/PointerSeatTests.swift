import Testing
import TestCompositor
@testable import WaylandClient
import WaylandInput

/// `wl_pointer` through real libwayland on both ends.
@Suite struct PointerSeatTests {
    private let left: UInt32 = 0x110

    @Test func eventsAreBatchedPerFrame() throws {
        let input = try InputHarness()
        input.events = []
        try input.send {
            input.seat.pointerEnter(input.ours, x: 10, y: 20)
            input.seat.pointerFrame()
            input.seat.pointerMotion(x: 11.5, y: 21, time: 50)
            input.seat.pointerButton(left, pressed: true, time: 51)
            input.seat.pointerFrame()
            input.seat.pointerButton(left, pressed: false, time: 60)
            input.seat.pointerFrame()
        }
        #expect(input.pointerFrames == [
            PointerFrame(seat: "seat0", events: [.enter(x: 10, y: 20)], time: 0),
            PointerFrame(seat: "seat0", events: [.motion(x: 11.5, y: 21), .button(button: left, pressed: true)], time: 51),
            PointerFrame(seat: "seat0", events: [.button(button: left, pressed: false)], time: 60),
        ])
    }

    @Test func axisPiecesMergePerOrientation() throws {
        let input = try InputHarness()
        try input.send {
            input.seat.pointerEnter(input.ours, x: 1, y: 1)
            input.seat.pointerFrame()
        }
        input.events = []
        try input.send {
            input.seat.pointerAxisSource(.wheel)
            input.seat.pointerAxisSteps(.vertical, steps: 1)
            input.seat.pointerAxis(.vertical, value: 15, time: 70)
            input.seat.pointerAxis(.horizontal, value: -3.5, time: 70)
            input.seat.pointerFrame()
            input.seat.pointerAxisSource(.finger)
            input.seat.pointerAxisStop(.vertical, time: 80)
            input.seat.pointerFrame()
        }
        #expect(input.pointerFrames.map(\.events) == [
            [.axis(PointerAxis(orientation: .vertical, value: 15, discrete: 1, value120: 120, source: .wheel)),
             .axis(PointerAxis(orientation: .horizontal, value: -3.5, source: .wheel))],
            [.axis(PointerAxis(orientation: .vertical, value: 0, source: .finger, stop: true))],
        ])
    }

    @Test func discreteStepsOnVersion7Seats() throws {
        let input = try InputHarness(seats: [("seat0", .all, 7)])
        try input.send {
            input.seat.pointerEnter(input.ours, x: 1, y: 1)
            input.seat.pointerFrame()
        }
        input.events = []
        try input.send {
            input.seat.pointerAxisSteps(.vertical, steps: -2)
            input.seat.pointerAxis(.vertical, value: -30, time: 5)
            input.seat.pointerFrame()
        }
        #expect(input.pointerFrames.map(\.events) == [
            [.axis(PointerAxis(orientation: .vertical, value: -30, discrete: -2, value120: -240))],
        ])
    }

    @Test func seatsWithoutFramesDeliverEachEvent() throws {
        let input = try InputHarness(seats: [("old", .all, 4)])
        input.events = []
        try input.send {
            input.seat.pointerEnter(input.ours, x: 1, y: 2)
            input.seat.pointerMotion(x: 3, y: 4, time: 9)
            input.seat.pointerButton(left, pressed: true, time: 10)
        }
        #expect(input.pointerFrames.map(\.events) == [
            [.enter(x: 1, y: 2)], [.motion(x: 3, y: 4)], [.button(button: left, pressed: true)],
        ])
        #expect(input.seat.boundVersion == 4)
    }

    @Test func eventsOverAForeignSurfaceAreIgnored() throws {
        let input = try InputHarness()
        input.events = []
        try input.send {
            input.seat.pointerEnter(input.foreign, x: 1, y: 1)
            input.seat.pointerFrame()
            input.seat.pointerMotion(x: 2, y: 2, time: 1)
            input.seat.pointerButton(left, pressed: true, time: 2)
            input.seat.pointerFrame()
            input.seat.pointerLeave(input.foreign)
            input.seat.pointerFrame()
        }
        #expect(input.pointerFrames.isEmpty)
    }

    @Test func enterSetsTheCursorAndRecordsTheSerial() throws {
        let input = try InputHarness()
        let serial = input.seat.pointerEnter(input.ours, x: 1, y: 1)
        try input.send { input.seat.pointerFrame() }
        let request = try #require(input.seat.cursorRequests.last)
        #expect(request.serial == serial)
        // libwayland-cursor falls back to built-in images without a theme.
        let cursorSurface = try #require(request.surface.flatMap { input.harness.compositor.surface(for: $0) })
        let commit = try #require(cursorSurface.lastCommit)
        #expect(commit.bufferScale == 2, "the cursor follows the window's buffer scale")
        #expect(commit.bufferWidth > 0)
        let press = input.seat.pointerButton(left, pressed: true, time: 3)
        try input.send { input.seat.pointerFrame() }
        #expect(input.manager?.lastPress?.serial == press)
    }

    @Test func pointerRemovedWithAButtonHeldReleasesAndLeaves() throws {
        let input = try InputHarness()
        try input.send {
            input.seat.pointerEnter(input.ours, x: 1, y: 1)
            input.seat.pointerButton(left, pressed: true, time: 3)
            input.seat.pointerFrame()
        }
        input.events = []
        try input.send { input.seat.setCapabilities([.touch]) }
        #expect(input.pointerFrames.map(\.events) == [[.releasedByLeave(button: left), .leave]])
        #expect(input.seat.livePointers == 0, "the wl_pointer was released")
    }
}
