@testable import SampleDrawings
import Testing
import TestCompositor
import TestSupport
@testable import WaylandClient

/// The random flood through real libwayland: the same malformed streams,
/// sent by the test compositor, read and dispatched by the real client in
/// chunks (so some frames are missing and some are split over reads).
@Suite struct TouchFloodSeatTests {
    @Test(arguments: [11, 12] as [UInt64])
    func randomStreamsThroughTheCompositorLeaveNothingDown(seed: UInt64) throws {
        let input = try InputHarness(seats: [("seat0", [.touch], 8)])
        input.events = []
        var generator = SplitMix64(seed: seed)
        var model = TouchConsumerModel()
        var delivered = 0
        var time: UInt32 = 0
        for _ in 0..<100 {
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                time &+= 1
                switch RawTouchEvent.random(using: &generator) {
                case .down(let id, let x, let y, let ours):
                    input.seat.touchDown(on: ours ? input.ours : input.foreign, id: id, x: x, y: y, time: time)
                case .up(let id): input.seat.touchUp(id: id, time: time)
                case .motion(let id, let x, let y): input.seat.touchMotion(id: id, x: x, y: y, time: time)
                case .shape(let id): input.seat.touchShape(id: id, major: 2, minor: 1)
                case .orientation(let id): input.seat.touchOrientation(id: id, degrees: 5)
                case .frame: input.seat.touchFrame()
                case .cancel: input.seat.touchCancel()
                }
            }
            try input.send {}
            let frames = input.touchFrames
            frames.dropFirst(delivered).forEach { model.receive($0) }
            delivered = frames.count
        }
        // Everything lifted, the last frame omitted (weston ≤ 10).
        try input.send { for id in Int32(0)..<5 { input.seat.touchUp(id: id, time: time) } }
        input.touchFrames.dropFirst(delivered).forEach { model.receive($0) }
        #expect(delivered > 50, "the flood reached the app")
        #expect(model.violations.isEmpty, "\(model.violations.prefix(5))")
        #expect(model.down.isEmpty)
    }
}
