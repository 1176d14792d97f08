import Canvas
import TouchCore
import WaylandClient
import WaylandInput

/// What a case's input looked like, read from its batches.
extension CaseEvidence {
    /// The input batches, in order.
    var events: [(event: InputEvent, origin: InputOrigin)] {
        recording.entries.compactMap {
            guard case .batch(let event, let origin, _) = $0.item else { return nil }
            return (event, origin)
        }
    }

    var touchFrames: [TouchInputFrame] {
        events.compactMap { if case .touch(let frame) = $0.event { frame } else { nil } }
    }

    var pointerFrames: [PointerFrame] {
        events.compactMap { if case .pointer(let frame) = $0.event { frame } else { nil } }
    }

    var keys: [KeyEvent] {
        events.compactMap { if case .key(let key) = $0.event { key } else { nil } }
    }

    /// The most touches down at once.
    var mostTouchesAtOnce: Int {
        var down: Set<Int32> = []
        var most = 0
        for frame in touchFrames {
            for change in frame.changes {
                switch change.kind {
                case .down: down.insert(change.id)
                case .motion: break
                case .up, .cancel: down.remove(change.id)
                }
            }
            most = max(most, down.count)
        }
        return most
    }

    /// The lines drawn during the case (in the drawing after it, not before).
    var newLines: [Line] {
        let before = Set(linesBefore)
        return linesAfter.filter { !before.contains($0) }
    }

    /// How many pixels of the app's last frame lie near `colour` in the
    /// canvas rectangle from (x0, y0) to (x1, y1); nil without a frame.
    func pixels(_ colour: FrameSnapshot.Colour, tolerance: Int = 30,
                _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Int? {
        frame?.count(colour, tolerance: tolerance, canvasX: x0, y0, to: x1, y1)
    }
}

extension Line {
    /// Whether the line runs from near `begin` to near `end` (within
    /// `tolerance` points), either way round.
    func runs(from begin: Point, to end: Point, within tolerance: Double = 3) -> Bool {
        func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance }
        return (near(self.begin, begin) && near(self.end, end)) || (near(self.begin, end) && near(self.end, begin))
    }
}
