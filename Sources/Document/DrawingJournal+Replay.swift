import Canvas
import TouchCore

/// Applying the records read onto the snapshot's lines.
extension DrawingJournal {
    /// `snapshot` (its lines had the identities `contents.ids`, except
    /// those at `droppedPositions`, which the file's reader left out) with
    /// the records applied, in drawing order, and the records that were not
    /// applied: unreadable ones, and those that do not fit (a line that
    /// does not exist, too many lines or points), each skipped alone.
    static func replay(_ contents: Contents, onto snapshot: [Line],
                       droppedPositions: Set<Int> = []) -> (lines: [Line], skipped: [SkippedRecord]) {
        var slots = JournalLineSlots(for: contents)
        let keptIDs = contents.ids.enumerated().lazy.filter { !droppedPositions.contains($0.offset) }.map(\.element)
        for (id, line) in zip(keptIDs, snapshot) { slots[id] = line }
        var count = snapshot.count
        var points = snapshot.reduce(0) { $0 + $1.freehandPointCount }
        var skipped = contents.unreadable
        for (number, record) in contents.records {
            func skip(_ reason: String) { skipped.append(SkippedRecord(number: number, reason: reason)) }
            switch record {
            case .added(let id, let line):
                let replaced = slots[id]
                let newCount = count + (replaced == nil ? 1 : 0)
                let newPoints = points + line.freehandPointCount - (replaced?.freehandPointCount ?? 0)
                guard newCount <= Document.lineLimit, newPoints <= Drawing.pointLimit else {
                    skip("the drawing would have too many lines or points")
                    continue
                }
                slots[id] = line
                count = newCount
                points = newPoints
            case .removed(let id):
                guard let line = slots[id] else { skip("line \(id) does not exist"); continue }
                slots[id] = nil
                count -= 1
                points -= line.freehandPointCount
            case .moved(let id, let line):
                guard let old = slots[id], !old.isFreehand else {
                    skip("straight line \(id) does not exist")
                    continue
                }
                slots[id] = line.restyled(old.style)
            case .offset(let id, let offset):
                guard let old = slots[id], old.isFreehand else {
                    skip("freehand line \(id) does not exist")
                    continue
                }
                let moved = old.withFreehandOffset(offset)
                guard isWithinLimits(moved) else { skip("it moves line \(id) out of range"); continue }
                slots[id] = moved
            case .restyled(let id, let style):
                guard let old = slots[id] else { skip("line \(id) does not exist"); continue }
                slots[id] = old.restyled(style)
            case .cleared:
                slots.removeAll()
                count = 0
                points = 0
            }
        }
        skipped.sort { $0.number < $1.number }
        return (slots.lines, skipped)
    }

    /// Whether a freehand line's points, where they are now, are within
    /// the coordinate limit the loader holds drawings to.
    static func isWithinLimits(_ line: Line) -> Bool {
        let bounds = line.bounds
        return [bounds.minX, bounds.maxX, bounds.minY, bounds.maxY].allSatisfy {
            $0.isFinite && abs($0) <= Drawing.coordinateLimit
        }
    }
}
