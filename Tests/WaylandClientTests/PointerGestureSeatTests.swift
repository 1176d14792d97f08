import Testing
import TestCompositor
@testable import WaylandClient
import WaylandInput

/// pointer-gestures-unstable-v1 through real libwayland on both ends:
/// gesture objects for every seat's pointer whenever the global, the seat
/// or the pointer appears, a touchpad's gestures as plain values, and
/// gestures that must end cleanly.
@Suite struct PointerGestureSeatTests {
    private func gestures(_ input: InputHarness) -> [PointerGestureEvent] {
        input.events.compactMap { if case .pointerGesture(let gesture) = $0 { return gesture } else { return nil } }
    }

    /// A harness with the gestures global and the pointer over our surface at (30, 40).
    private func touchpadHarness() throws -> InputHarness {
        let input = try InputHarness()
        input.harness.compositor.addPointerGestures()
        try input.harness.settle()
        try input.send {
            input.seat.pointerEnter(input.ours, x: 30, y: 40)
            input.seat.pointerFrame()
        }
        input.events = []
        return input
    }

    @Test func everyPointerGetsItsGesturesWhicheverComesFirst() throws {
        let input = try InputHarness(seats: [("seat0", .all, 8), ("seat1", .keyboard, 8)])
        let global = input.harness.compositor.addPointerGestures()
        try input.harness.settle()
        #expect(input.seats.map { $0.liveGestureObjects(.swipe) } == [1, 0])
        #expect(input.seats.map { $0.liveGestureObjects(.pinch) } == [1, 0])
        #expect(input.seats.map { $0.liveGestureObjects(.hold) } == [1, 0])
        // A pointer the capabilities bring later, and a seat after the global.
        input.seats[1].setCapabilities([.keyboard, .pointer])
        let late = input.harness.compositor.addSeat(name: "seat2", capabilities: .pointer)
        try input.harness.pump(until: { late.liveGestureObjects(.pinch) == 1 })
        #expect(input.seats[1].liveGestureObjects(.pinch) == 1)
        #expect(late.liveGestureObjects(.pinch) == 1)
        // A pointer going away takes its gestures along; so does the global.
        input.seats[1].setCapabilities(.keyboard)
        try input.harness.settle()
        #expect(input.seats[1].liveGestureObjects(.pinch) == 0)
        input.harness.compositor.removeGlobal(global)
        try input.harness.settle()
        #expect((input.seats + [late]).map { $0.liveGestureObjects(.swipe) + $0.liveGestureObjects(.pinch) } == [0, 0, 0])
    }

    @Test func aVersionOneGlobalHasNoHold() throws {
        let input = try InputHarness()
        input.harness.compositor.addPointerGestures(version: 1)
        try input.harness.settle()
        #expect(input.seat.liveGestureObjects(.pinch) == 1)
        #expect(input.seat.liveGestureObjects(.hold) == 0)
    }

    @Test func aPinchOnOurSurfaceArrivesAsValuesFromThePointersPosition() throws {
        let input = try touchpadHarness()
        try input.send {
            input.seat.gestureBegin(.pinch, on: input.ours, fingers: 2, time: 100)
            input.seat.pinchUpdate(dx: 1.5, dy: -2, scale: 1.25, rotation: 10, time: 110)
            input.seat.gestureEnd(.pinch, time: 120)
        }
        #expect(gestures(input) == [
            PointerGestureEvent(seat: "seat0", kind: .pinch, change: .begin(fingers: 2, x: 30, y: 40), time: 100),
            PointerGestureEvent(seat: "seat0", kind: .pinch,
                                change: .update(dx: 1.5, dy: -2, scale: 1.25, rotation: 10), time: 110),
            PointerGestureEvent(seat: "seat0", kind: .pinch, change: .end(cancelled: false), time: 120),
        ])
    }

    @Test func swipesAndHoldsArriveToo() throws {
        let input = try touchpadHarness()
        try input.send {
            input.seat.gestureBegin(.hold, on: input.ours, fingers: 3, time: 100)
            input.seat.gestureEnd(.hold, cancelled: true, time: 105)
            input.seat.gestureBegin(.swipe, on: input.ours, fingers: 3, time: 110)
            input.seat.swipeUpdate(dx: 20, dy: 0, time: 120)
            input.seat.gestureEnd(.swipe, time: 130)
        }
        #expect(gestures(input).map(\.kind) == [.hold, .hold, .swipe, .swipe, .swipe])
        #expect(gestures(input).map(\.change) == [
            .begin(fingers: 3, x: 30, y: 40), .end(cancelled: true),
            .begin(fingers: 3, x: 30, y: 40), .update(dx: 20, dy: 0, scale: nil, rotation: nil), .end(cancelled: false),
        ])
    }

    @Test func aGestureOnAnotherSurfaceIsDroppedWhole() throws {
        let input = try touchpadHarness()
        try input.send {
            input.seat.gestureBegin(.pinch, on: input.foreign, fingers: 2, time: 100)
            input.seat.pinchUpdate(scale: 2, rotation: 5, time: 110)
            input.seat.gestureEnd(.pinch, time: 120)
        }
        #expect(gestures(input).isEmpty)
    }

    @Test func aGestureWhosePointerGoesAwayEndsCancelled() throws {
        let input = try touchpadHarness()
        try input.send {
            input.seat.gestureBegin(.swipe, on: input.ours, fingers: 3, time: 100)
            input.seat.swipeUpdate(dx: 5, dy: 5, time: 110)
        }
        try input.send { input.seat.setCapabilities([.keyboard, .touch]) }
        let events = gestures(input)
        #expect(events.last == PointerGestureEvent(seat: "seat0", kind: .swipe, change: .end(cancelled: true), time: 110))
        // The synthetic end comes before the pointer's own leave.
        let endIndex = input.events.firstIndex { if case .pointerGesture(let g) = $0 { return g.change == .end(cancelled: true) } else { return false } }
        let leaveIndex = input.events.firstIndex { if case .pointer(let frame) = $0 { return frame.events.contains(.leave) } else { return false } }
        #expect(endIndex != nil && leaveIndex != nil && endIndex! < leaveIndex!)
    }

    @Test func pointerFramesCarryTheKeyboardsModifiersWhileItHasFocus() throws {
        let input = try touchpadHarness()
        try input.send {
            input.seat.sendKeymap()
            input.seat.keyboardEnter(input.ours)
            input.seat.modifiers(depressed: 4)  // Control
            input.seat.pointerAxis(.vertical, value: 15, time: 200)
            input.seat.pointerFrame()
        }
        #expect(input.pointerFrames.last?.modifiers == .control)
        try input.send {
            input.seat.keyboardLeave(input.ours)
            input.seat.pointerAxis(.vertical, value: 15, time: 210)
            input.seat.pointerFrame()
        }
        #expect(input.pointerFrames.last?.modifiers == [])
    }
}
