import Testing
import WaylandInput

/// The pointer's assembler on its own, fed Swift values as `Pointer`'s
/// listener feeds it (`PointerSeatTests` run the same through libwayland).
@Suite struct PointerFrameAssemblerTests {
    private let left: UInt32 = 0x110
    private let right: UInt32 = 0x111

    @Test func aSecondPressAndAReleaseOfAButtonNotHeldAreDropped() {
        var assembler = PointerFrameAssembler(seat: "seat0")
        assembler.enter(x: 1, y: 1)
        _ = assembler.frame(modifiers: [])
        let pressed = assembler.button(left, pressed: true, time: 10)
        let pressedAgain = assembler.button(left, pressed: true, time: 11)
        let releasedUnheld = assembler.button(right, pressed: false, time: 12)
        #expect(pressed)
        #expect(!pressedAgain, "a press of a button held is dropped")
        #expect(!releasedUnheld, "a release of a button not held is dropped")
        let frame = assembler.frame(modifiers: [.shift])
        #expect(frame == PointerFrame(seat: "seat0", events: [.button(button: left, pressed: true)], time: 10,
                                      modifiers: [.shift]))
    }

    @Test func leavingReleasesTheButtonsHeldFirst() {
        var assembler = PointerFrameAssembler(seat: "seat0")
        assembler.enter(x: 1, y: 1)
        _ = assembler.button(left, pressed: true, time: 5)
        _ = assembler.button(right, pressed: true, time: 6)
        _ = assembler.frame(modifiers: [])
        assembler.leave()
        #expect(assembler.frame(modifiers: [])?.events == [
            .releasedByLeave(button: left), .releasedByLeave(button: right), .leave,
        ])
        // Back on the surface, nothing is held: the next press goes through.
        assembler.enter(x: 2, y: 2)
        let pressedAgain = assembler.button(left, pressed: true, time: 20)
        #expect(pressedAgain)
    }

    @Test func axisPiecesMergePerOrientationWithTheFramesSource() {
        var assembler = PointerFrameAssembler(seat: "seat0")
        assembler.axisSource(.wheel)
        assembler.axis(.vertical, time: nil) {
            $0.discrete = 1
            $0.value120 = 120
        }
        assembler.axis(.vertical, time: 70) { $0.value += 15 }
        assembler.axis(.horizontal, time: 71) { $0.value += -3.5 }
        let frame = assembler.frame(modifiers: [])
        #expect(frame?.events == [
            .axis(PointerAxis(orientation: .vertical, value: 15, discrete: 1, value120: 120, source: .wheel)),
            .axis(PointerAxis(orientation: .horizontal, value: -3.5, source: .wheel)),
        ])
        #expect(frame?.time == 71)
        // A source this module does not know (nil) leaves the next frame's axes without one.
        assembler.axisSource(nil)
        assembler.axis(.vertical, time: 80) { $0.stop = true }
        #expect(assembler.frame(modifiers: [])?.events == [
            .axis(PointerAxis(orientation: .vertical, value: 0, stop: true)),
        ])
    }
}
