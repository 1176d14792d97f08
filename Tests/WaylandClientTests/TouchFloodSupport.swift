@testable import SampleDrawings
import Testing
import TestSupport
@testable import WaylandClient
import WaylandInput

/// What the layer above would believe from the frames it receives: which
/// touches are down. Records every violation of the assembler's guarantee.
struct TouchConsumerModel {
    private(set) var down: Set<Int32> = []
    private(set) var violations: [String] = []

    mutating func receive(_ frame: TouchInputFrame) {
        if frame.changes.isEmpty { violations.append("empty frame") }
        if frame.cancelled, frame.changes.contains(where: { $0.kind != .cancel }) {
            violations.append("cancel mixed with other changes")
        }
        for change in frame.changes {
            switch change.kind {
            case .down:
                if !down.insert(change.id).inserted { violations.append("down of \(change.id) already down") }
            case .motion:
                if !down.contains(change.id) { violations.append("motion of \(change.id) not down") }
            case .up, .cancel:
                if down.remove(change.id) == nil {
                    violations.append("\(change.kind) of \(change.id) not down")
                }
            }
            if !change.x.isFinite || !change.y.isFinite { violations.append("non-finite position") }
        }
    }
}

/// One raw `wl_touch` event, as a compositor (well-behaved or not) might send it.
enum RawTouchEvent {
    case down(id: Int32, x: Double, y: Double, ours: Bool)
    case up(id: Int32)
    case motion(id: Int32, x: Double, y: Double)
    case shape(id: Int32)
    case orientation(id: Int32)
    case frame
    case cancel

    /// A random event over a small id space, so ids collide and get reused.
    static func random(using generator: inout SplitMix64) -> RawTouchEvent {
        let id = Int32.random(in: 0..<5, using: &generator)
        let x = Double(Int.random(in: -50...850, using: &generator)) / 4
        let y = Double(Int.random(in: -50...650, using: &generator)) / 4
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<22: return .down(id: id, x: x, y: y, ours: Int.random(in: 0..<6, using: &generator) > 0)
        case 22..<42: return .up(id: id)
        case 42..<70: return .motion(id: id, x: x, y: y)
        case 70..<74: return .shape(id: id)
        case 74..<78: return .orientation(id: id)
        case 78..<97: return .frame
        default: return .cancel
        }
    }
}
