import TouchCore
import WaylandClient
import WaylandInput

extension InputTranslator {
    func handleTouch(_ frame: WaylandInput.TouchInputFrame) {
        let device = InputDeviceID(seat: frame.seat, kind: .finger)
        let changes = frame.changes.map { change in
            RawTouch(device: device, id: change.id, phase: Self.phase(of: change.kind),
                     location: Point(x: change.x, y: change.y),
                     timestamp: Double(change.time) / 1000)
        }
        guard !changes.isEmpty else { return }
        deliver(TouchCore.TouchFrame(changes: changes, timestamp: changes[changes.count - 1].timestamp))
    }

    private static func phase(of kind: TouchChange.Kind) -> RawTouch.Phase {
        switch kind {
        case .down: .down
        case .motion: .move
        case .up: .up
        case .cancel: .cancel
        }
    }
}
