import Testing
import TestCompositor
@testable import WaylandClient
import WaylandInput

/// `wl_touch` through real libwayland on both ends, quirks included.
@Suite struct TouchSeatTests {
    @Test func framesArriveAsBatchesInSurfaceCoordinates() throws {
        let input = try InputHarness()
        input.events = []
        try input.send {
            input.seat.touchDown(on: input.ours, id: 0, x: 12.5, y: 40, time: 100)
            input.seat.touchDown(on: input.ours, id: 1, x: 200.25, y: 7, time: 100)
            input.seat.touchFrame()
            input.seat.touchMotion(id: 1, x: 201, y: 8.5, time: 116)
            input.seat.touchFrame()
            input.seat.touchUp(id: 0, time: 130)
            input.seat.touchUp(id: 1, time: 130)
            input.seat.touchFrame()
        }
        let frames = input.touchFrames
        #expect(frames.map(summary) == [["down0", "down1"], ["motion1"], ["up0", "up1"]])
        #expect(frames[0].changes[0] == TouchChange(id: 0, kind: .down, x: 12.5, y: 40, time: 100))
        #expect(frames[1].changes[0] == TouchChange(id: 1, kind: .motion, x: 201, y: 8.5, time: 116))
        #expect(frames[2].changes[1] == TouchChange(id: 1, kind: .up, x: 201, y: 8.5, time: 130))
        #expect(frames.allSatisfy { $0.seat == "seat0" })
    }

    @Test func upWithoutFrameIsDeliveredInTheSameDispatch() throws {
        let input = try InputHarness()
        try input.send {
            input.seat.touchDown(on: input.ours, id: 0, x: 1, y: 1, time: 1)
            input.seat.touchFrame()
        }
        input.events = []
        // weston ≤ 10 / mutter 43: the last up comes without a frame. It must
        // reach the app before the loop sleeps again, not with the next touch.
        var framesBeforeEachSleep: [Int] = []
        input.harness.loop.add(.present) { framesBeforeEachSleep.append(input.touchFrames.count) }
        input.seat.touchUp(id: 0, time: 2)
        input.harness.compositor.dispatch()
        try input.harness.loop.runOnce(timeout: 0)  // sleeps, then reads the up
        try input.harness.loop.runOnce(timeout: 0)  // dispatch drained: flushed before sleeping
        #expect(framesBeforeEachSleep == [0, 1])
        #expect(input.touchFrames.map(summary) == [["up0"]])
    }

    @Test func downAndUpInOneFrame() throws {
        let input = try InputHarness()
        input.events = []
        try input.send {
            input.seat.touchDown(on: input.ours, id: 5, x: 3, y: 4, time: 1)
            input.seat.touchUp(id: 5, time: 1)
            input.seat.touchFrame()
        }
        #expect(input.touchFrames.map(summary) == [["down5", "up5"]])
    }

    @Test func cancelWithoutUpsCancelsEveryTouch() throws {
        let input = try InputHarness()
        input.events = []
        try input.send {
            input.seat.touchDown(on: input.ours, id: 0, x: 1, y: 1, time: 1)
            input.seat.touchDown(on: input.ours, id: 1, x: 2, y: 2, time: 1)
            input.seat.touchFrame()
            input.seat.touchCancel()
        }
        let frames = input.touchFrames
        #expect(frames.map(summary) == [["down0", "down1"], ["cancel0", "cancel1"]])
        #expect(frames.last?.cancelled == true)
        // The same ids start fresh afterwards.
        input.events = []
        try input.send {
            input.seat.touchDown(on: input.ours, id: 0, x: 5, y: 5, time: 9)
            input.seat.touchFrame()
        }
        #expect(input.touchFrames.map(summary) == [["down0"]])
    }

    @Test func eventsForIdsNeverSeenAreIgnored() throws {
        let input = try InputHarness()
        input.events = []
        try input.send {
            input.seat.touchMotion(id: 7, x: 1, y: 1, time: 1)
            input.seat.touchUp(id: 8, time: 1)
            input.seat.touchFrame()
        }
        #expect(input.events.isEmpty)
    }

    @Test func idReusedRightAfterUp() throws {
        let input = try InputHarness()
        input.events = []
        try input.send {
            input.seat.touchDown(on: input.ours, id: 0, x: 1, y: 1, time: 1)
            input.seat.touchFrame()
            input.seat.touchUp(id: 0, time: 2)
            input.seat.touchFrame()
            input.seat.touchDown(on: input.ours, id: 0, x: 9, y: 9, time: 3)
            input.seat.touchFrame()
        }
        #expect(input.touchFrames.map(summary) == [["down0"], ["up0"], ["down0"]])
        #expect(input.touchFrames.last?.changes.first?.x == 9)
    }

    @Test func downOfAnIdStillDownAfterDragAndDropCancelsTheStaleTouch() throws {
        let input = try InputHarness()
        input.events = []
        try input.send {
            input.seat.touchDown(on: input.ours, id: 0, x: 1, y: 1, time: 1)
            input.seat.touchFrame()
            input.seat.touchMotion(id: 0, x: 30, y: 30, time: 2)
            input.seat.touchFrame()
            // A drag-and-drop took the finger: no up, then the id comes back.
            input.seat.touchDown(on: input.ours, id: 0, x: 50, y: 60, time: 9)
            input.seat.touchFrame()
        }
        let frames = input.touchFrames
        #expect(frames.map(summary) == [["down0"], ["motion0"], ["cancel0"], ["down0"]])
        #expect(frames[2].changes[0].x == 30, "cancelled where it was last seen")
    }

    @Test func touchesOnAForeignSurfaceAreIgnoredForTheirWholeSequence() throws {
        let input = try InputHarness()
        input.events = []
        try input.send {
            input.seat.touchDown(on: input.foreign, id: 0, x: 1, y: 1, time: 1)
            input.seat.touchDown(on: input.ours, id: 1, x: 2, y: 2, time: 1)
            input.seat.touchFrame()
            input.seat.touchMotion(id: 0, x: 3, y: 3, time: 2)
            input.seat.touchShape(id: 0, major: 4, minor: 3)
            input.seat.touchFrame()
            input.seat.touchUp(id: 0, time: 3)
            input.seat.touchUp(id: 1, time: 3)
            input.seat.touchFrame()
        }
        #expect(input.touchFrames.map(summary) == [["down1"], ["up1"]])
    }

    @Test func shapeAndOrientationArriveWithTheChange() throws {
        let input = try InputHarness()
        input.events = []
        try input.send {
            input.seat.touchDown(on: input.ours, id: 0, x: 1, y: 1, time: 1)
            input.seat.touchShape(id: 0, major: 10.5, minor: 6)
            input.seat.touchOrientation(id: 0, degrees: 45)
            input.seat.touchFrame()
        }
        let change = try #require(input.touchFrames.first?.changes.first)
        #expect(change.major == 10.5 && change.minor == 6 && change.orientation == 45)
    }

    @Test func touchCapabilityRemovedWithAFingerDownCancelsIt() throws {
        let input = try InputHarness()
        try input.send {
            input.seat.touchDown(on: input.ours, id: 3, x: 1, y: 1, time: 1)
            input.seat.touchFrame()
        }
        input.events = []
        try input.send { input.seat.setCapabilities([.pointer, .keyboard]) }
        #expect(input.touchFrames.map(summary) == [["cancel3"]])
        #expect(input.events.last == .seatCapabilities(seat: "seat0", pointer: true, keyboard: true, touch: false))
        #expect(input.seat.liveTouches == 0, "the wl_touch was released")
    }

    @Test func seatRemovedWithAFingerDownCancelsIt() throws {
        let input = try InputHarness()
        try input.send {
            input.seat.touchDown(on: input.ours, id: 1, x: 1, y: 1, time: 1)
            input.seat.touchFrame()
        }
        input.events = []
        try input.send { input.seat.remove() }
        #expect(input.touchFrames.map(summary) == [["cancel1"]])
        #expect(input.events.last == .seatCapabilities(seat: "seat0", pointer: false, keyboard: false, touch: false))
        #expect(input.seat.liveTouches == 0 && input.seat.livePointers == 0 && input.seat.liveKeyboards == 0)
    }
}
