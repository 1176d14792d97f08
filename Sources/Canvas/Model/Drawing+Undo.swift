/// Undo and redo of the finished lines' changes, in groups.
extension Drawing {
    /// Starts collecting edits into one undo step (e.g. at the start of a
    /// long-press-pan move); `endUndoGroup()` closes it.
    func beginUndoGroup() { history.beginGroup() }
    func endUndoGroup() { history.endGroup() }
    var isUndoGroupOpen: Bool { history.isGroupOpen }

    public var canUndo: Bool { !history.undoSteps.isEmpty }
    public var canRedo: Bool { !history.redoSteps.isEmpty }

    /// Reverts the last step; returns the lines it touched (before and after
    /// positions) so callers can damage just those, or nil if nothing to undo.
    /// An open undo group and eraser strokes in progress are closed first
    /// (the lines they erased are one step each).
    @discardableResult
    public func undo() -> [Line]? {
        finishEveryErasure()
        endReshapingSelection()
        if history.isGroupOpen { history.endGroup() }
        guard let step = history.popUndo() else { return nil }
        var touched: [Line] = []
        for edit in step.reversed() {
            switch edit {
            case .add(let id, let line):
                applyRemove(id)
                touched.append(line)
            case .remove(let id, let line):
                applyRestore(id, line)
                touched.append(line)
            case .move(let id, let from, let to):
                applyMove(id, to: from)
                touched += [from, to]
            case .clear(let lines):
                for (id, line) in lines { applyRestore(id, line) }
                touched += lines.map(\.1)
            }
        }
        return touched
    }

    /// Re-applies the last undone step; returns the lines it touched, or nil.
    @discardableResult
    public func redo() -> [Line]? {
        finishEveryErasure()
        endReshapingSelection()
        if history.isGroupOpen { history.endGroup() }
        guard let step = history.popRedo() else { return nil }
        var touched: [Line] = []
        for edit in step {
            switch edit {
            case .add(let id, let line):
                applyRestore(id, line)
                touched.append(line)
            case .remove(let id, let line):
                applyRemove(id)
                touched.append(line)
            case .move(let id, let from, let to):
                applyMove(id, to: to)
                touched += [from, to]
            case .clear(let lines):
                applyClear()
                touched += lines.map(\.1)
            }
        }
        return touched
    }
}
