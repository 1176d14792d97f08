import TouchCore

/// The eraser: a stroke of an eraser tool erases every whole finished line
/// it touches, as it goes, and the lines one stroke erased are one undo
/// step. A cancelled stroke (the tool removed, or taken to another surface)
/// puts them back: a stroke that did not end leaves no trace.
extension Drawing {
    /// Starts an eraser stroke for a touch.
    func beginErasing(for touch: ObjectIdentifier) {
        precondition(erasures[touch] == nil, "a touch erases one stroke at a time")
        erasures[touch] = []
    }

    /// Erases the finished lines whose ink comes within `radius` of the
    /// eraser's path from `from` to `to` (`CanvasMetrics.eraserReach(for:)`
    /// at 100 %; the canvas gives the eraser's disc in drawing units, so it
    /// feels the same at any zoom); returns them (for damage). A touch that
    /// erases no stroke erases nothing.
    @discardableResult
    func erase(for touch: ObjectIdentifier, from: Point, to: Point,
                      radius: Double = CanvasMetrics.eraserRadius) -> [Line] {
        guard erasures[touch] != nil else { return [] }
        let path = Line(begin: from, end: to)
        let reach = radius + CanvasMetrics.widestLine / 2
        let candidates = store.lines(intersecting: path.bounds.insetBy(dx: -reach, dy: -reach))
        var erased: [Line] = []
        for id in candidates {
            guard let line = store[id] else { continue }
            let lineReach = radius + line.width / 2
            guard line.squaredDistance(to: path) <= lineReach * lineReach else { continue }
            applyRemove(id)
            erasures[touch]!.append((id, line))
            erased.append(line)
        }
        return erased
    }

    /// Whether an eraser stroke is in progress for `touch`.
    func isErasing(for touch: ObjectIdentifier) -> Bool {
        erasures[touch] != nil
    }

    /// Ends an eraser stroke: what it erased becomes one undo step. Returns
    /// whether it erased anything.
    @discardableResult
    func finishErasing(for touch: ObjectIdentifier) -> Bool {
        guard let erased = erasures.removeValue(forKey: touch) else { return false }
        history.record(step: erased.map { .remove($0.0, $0.1) })
        return !erased.isEmpty
    }

    /// Ends an eraser stroke that did not finish: its lines come back, and
    /// nothing is recorded. Returns them (for damage).
    @discardableResult
    func cancelErasing(for touch: ObjectIdentifier) -> [Line] {
        guard let erased = erasures.removeValue(forKey: touch) else { return [] }
        for (id, line) in erased.reversed() { applyRestore(id, line) }
        return erased.map(\.1)
    }

    /// Closes every eraser stroke in progress (before an undo or redo, which
    /// must find the lines as the history says). The tools go on erasing
    /// into new steps.
    func finishEveryErasure() {
        for touch in Array(erasures.keys) {
            finishErasing(for: touch)
            erasures[touch] = []
        }
    }
}
