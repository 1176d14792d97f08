@testable import SampleDrawings
import Testing
import TestSupport
@testable import WaylandClient
import WaylandInput

@Suite struct TouchFloodTests {
    /// Long random streams, malformed orders included, straight into the
    /// assembler; frames may be missing (flushes stand in for drained queues).
    @Test(arguments: [1, 2, 3, 42, 2026] as [UInt64])
    func randomStreamsNeverLeaveAFingerDown(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var assembler = TouchFrameAssembler(seat: "seat0")
        var model = TouchConsumerModel()
        var time: UInt32 = 0
        var mismatches = 0
        for _ in 0..<20_000 {
            time &+= 1
            switch RawTouchEvent.random(using: &generator) {
            case .down(let id, let x, let y, let ours):
                assembler.down(id: id, x: x, y: y, time: time, onOurSurface: ours)
                    .forEach { model.receive($0) }
            case .up(let id): assembler.up(id: id, time: time)
            case .motion(let id, let x, let y): assembler.motion(id: id, x: x, y: y, time: time)
            case .shape(let id): assembler.shape(id: id, major: 3, minor: 2)
            case .orientation(let id): assembler.orientation(id: id, degrees: 10)
            case .frame: assembler.frame().map { model.receive($0) }
            case .cancel: assembler.cancelAll().forEach { model.receive($0) }
            }
            if Int.random(in: 0..<10, using: &generator) == 0 {
                assembler.flush().map { model.receive($0) }
            }
            if !assembler.hasPending, model.down != assembler.activeIDs { mismatches += 1 }
        }
        // Lift every id, as the compositor eventually would, without a frame.
        for id in Int32(0)..<5 { assembler.up(id: id, time: time) }
        assembler.flush().map { model.receive($0) }
        #expect(model.violations.isEmpty, "\(model.violations.prefix(5))")
        #expect(mismatches == 0, "once delivered, the layer above sees exactly the touches down")
        #expect(model.down.isEmpty)
        #expect(assembler.activeIDs.isEmpty)
    }

    @Test func randomStreamsEndingInCancelLeaveNothingDown() {
        var generator = SplitMix64(seed: 7)
        var assembler = TouchFrameAssembler(seat: "seat0")
        var model = TouchConsumerModel()
        for round in 0..<200 {
            for step in 0..<100 {
                let time = UInt32(round * 100 + step)
                switch RawTouchEvent.random(using: &generator) {
                case .down(let id, let x, let y, let ours):
                    assembler.down(id: id, x: x, y: y, time: time, onOurSurface: ours)
                        .forEach { model.receive($0) }
                case .up(let id): assembler.up(id: id, time: time)
                case .motion(let id, let x, let y): assembler.motion(id: id, x: x, y: y, time: time)
                case .shape, .orientation, .cancel: break
                case .frame: assembler.frame().map { model.receive($0) }
                }
            }
            assembler.cancelAll().forEach { model.receive($0) }
            #expect(model.down.isEmpty)
        }
        #expect(model.violations.isEmpty, "\(model.violations.prefix(5))")
    }
}
