import Testing
import WaylandInput

@Suite struct TouchFrameAssemblerTests {
    private func kinds(_ frame: TouchInputFrame?) -> [String] {
        frame?.changes.map { "\($0.kind.rawValue)\($0.id)" } ?? []
    }

    @Test func downMotionUpAreBatchedPerFrame() {
        var assembler = TouchFrameAssembler(seat: "seat0")
        #expect(assembler.down(id: 0, x: 1, y: 2, time: 10, onOurSurface: true).isEmpty)
        #expect(assembler.down(id: 1, x: 5, y: 6, time: 10, onOurSurface: true).isEmpty)
        let first = assembler.frame()
        #expect(kinds(first) == ["down0", "down1"])
        #expect(first?.seat == "seat0")
        assembler.motion(id: 0, x: 3, y: 4, time: 20)
        assembler.motion(id: 0, x: 7, y: 8, time: 25)
        let moved = assembler.frame()
        #expect(kinds(moved) == ["motion0"], "motions of one id in one frame merge into the latest")
        #expect(moved?.changes.first?.x == 7)
        #expect(moved?.changes.first?.time == 25)
        assembler.up(id: 0, time: 30)
        let lifted = assembler.frame()
        #expect(kinds(lifted) == ["up0"])
        #expect(lifted?.changes.first.map { ($0.x, $0.y) } ?? (0, 0) == (7, 8),
                "an up reports the last known position")
        #expect(assembler.activeIDs == [1])
    }

    @Test func missingFrameAfterLastUpIsClosedByFlush() {
        var assembler = TouchFrameAssembler(seat: "seat0")
        _ = assembler.down(id: 0, x: 1, y: 1, time: 1, onOurSurface: true)
        _ = assembler.frame()
        assembler.up(id: 0, time: 2)
        // weston ≤ 10: no frame follows; the loop flushes once the queue is drained.
        let flushed = assembler.flush()
        #expect(kinds(flushed) == ["up0"])
        #expect(assembler.flush() == nil)
        #expect(assembler.frame() == nil, "a late frame after the flush adds no empty frame")
    }

    @Test func downAndUpInOneFrameAreBothReported() {
        var assembler = TouchFrameAssembler(seat: "seat0")
        _ = assembler.down(id: 4, x: 1, y: 1, time: 1, onOurSurface: true)
        assembler.up(id: 4, time: 1)
        #expect(kinds(assembler.frame()) == ["down4", "up4"])
        #expect(assembler.activeIDs.isEmpty)
    }

    @Test func cancelWithoutUpsCancelsEveryTouch() {
        var assembler = TouchFrameAssembler(seat: "seat0")
        _ = assembler.down(id: 2, x: 1, y: 1, time: 1, onOurSurface: true)
        _ = assembler.down(id: 1, x: 2, y: 2, time: 1, onOurSurface: true)
        _ = assembler.frame()
        assembler.motion(id: 1, x: 3, y: 3, time: 2)
        let frames = assembler.cancelAll()
        #expect(frames.count == 2)
        #expect(kinds(frames.first) == ["motion1"], "pending changes go out before the cancellation")
        #expect(kinds(frames.last) == ["cancel1", "cancel2"])
        #expect(frames.last?.cancelled == true)
        #expect(frames.first?.cancelled == false)
        #expect(assembler.activeIDs.isEmpty)
        #expect(assembler.cancelAll().isEmpty, "nothing left to cancel")
    }

    @Test func eventsForUnknownIdsAreDropped() {
        var assembler = TouchFrameAssembler(seat: "seat0")
        assembler.up(id: 9, time: 1)
        assembler.motion(id: 9, x: 1, y: 1, time: 1)
        assembler.shape(id: 9, major: 1, minor: 1)
        assembler.orientation(id: 9, degrees: 1)
        #expect(assembler.frame() == nil)
    }

    @Test func idReusedRightAfterUpIsANewTouch() {
        var assembler = TouchFrameAssembler(seat: "seat0")
        _ = assembler.down(id: 0, x: 1, y: 1, time: 1, onOurSurface: true)
        _ = assembler.frame()
        assembler.up(id: 0, time: 2)
        #expect(assembler.down(id: 0, x: 9, y: 9, time: 2, onOurSurface: true).isEmpty)
        assembler.motion(id: 0, x: 10, y: 10, time: 3)
        let frame = assembler.frame()
        #expect(kinds(frame) == ["up0", "down0"])
        #expect(frame?.changes.last?.x == 10, "the motion merges into the new down, not the up")
        #expect(frame?.changes.first?.x == 1)
        #expect(assembler.activeIDs == [0])
    }

    @Test func downForAnIdStillDownCancelsTheStaleTouchFirst() {
        var assembler = TouchFrameAssembler(seat: "seat0")
        _ = assembler.down(id: 0, x: 1, y: 1, time: 1, onOurSurface: true)
        _ = assembler.down(id: 1, x: 2, y: 2, time: 1, onOurSurface: true)
        _ = assembler.frame()
        assembler.motion(id: 1, x: 3, y: 3, time: 2)
        // Drag-and-drop swallowed the up of id 0; the compositor reuses it.
        let before = assembler.down(id: 0, x: 50, y: 50, time: 9, onOurSurface: true)
        #expect(before.count == 2)
        #expect(kinds(before.first) == ["motion1"])
        #expect(kinds(before.last) == ["cancel0"])
        #expect(before.last?.changes.first?.x == 1, "the stale touch ends where it was last seen")
        #expect(kinds(assembler.frame()) == ["down0"])
        #expect(assembler.activeIDs == [0, 1])
    }

    @Test func touchesStartingOnAForeignSurfaceAreIgnoredUntilUp() {
        var assembler = TouchFrameAssembler(seat: "seat0")
        _ = assembler.down(id: 3, x: 1, y: 1, time: 1, onOurSurface: false)
        assembler.motion(id: 3, x: 2, y: 2, time: 2)
        assembler.shape(id: 3, major: 4, minor: 2)
        #expect(assembler.frame() == nil)
        assembler.up(id: 3, time: 3)
        #expect(assembler.frame() == nil)
        _ = assembler.down(id: 3, x: 7, y: 7, time: 4, onOurSurface: true)
        #expect(kinds(assembler.frame()) == ["down3"], "after its up, the id may start on our surface")
    }

    @Test func foreignDownEndsAStaleTouchOfTheSameId() {
        var assembler = TouchFrameAssembler(seat: "seat0")
        _ = assembler.down(id: 3, x: 1, y: 1, time: 1, onOurSurface: true)
        _ = assembler.frame()
        let frames = assembler.down(id: 3, x: 1, y: 1, time: 2, onOurSurface: false)
        #expect(frames.map(kinds) == [["cancel3"]])
        #expect(assembler.activeIDs.isEmpty)
    }

    @Test func shapeAndOrientationTravelWithTheTouch() {
        var assembler = TouchFrameAssembler(seat: "seat0")
        _ = assembler.down(id: 0, x: 1, y: 1, time: 1, onOurSurface: true)
        assembler.shape(id: 0, major: 8, minor: 4)
        assembler.orientation(id: 0, degrees: 30)
        let down = assembler.frame()?.changes.first
        #expect(down?.kind == .down)
        #expect(down?.major == 8 && down?.minor == 4 && down?.orientation == 30)
        assembler.orientation(id: 0, degrees: 45)
        let turned = assembler.frame()?.changes.first
        #expect(turned?.kind == .motion)
        #expect(turned?.orientation == 45 && turned?.major == 8)
        assembler.up(id: 0, time: 5)
        #expect(assembler.frame()?.changes.first?.orientation == 45)
    }

    @Test func seatNameArrivingLateNamesLaterFrames() {
        var assembler = TouchFrameAssembler(seat: "")
        _ = assembler.down(id: 0, x: 1, y: 1, time: 1, onOurSurface: true)
        assembler.seat = "seat1"
        #expect(assembler.frame()?.seat == "seat1")
    }
}
