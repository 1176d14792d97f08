import TouchCore

/// One reversible edit of the finished lines.
enum Edit {
    case add(LineID, Line)
    case remove(LineID, Line)
    /// A line moved or restyled: replaced by another look of it.
    case move(LineID, from: Line, to: Line)
    case clear([(LineID, Line)])
}

extension Edit {
    /// The same edit of lines whose identities moved `offset` later.
    func shifted(by offset: UInt32) -> Edit {
        switch self {
        case .add(let id, let line): .add(id.shifted(by: offset), line)
        case .remove(let id, let line): .remove(id.shifted(by: offset), line)
        case .move(let id, let from, let to): .move(id.shifted(by: offset), from: from, to: to)
        case .clear(let lines): .clear(lines.map { ($0.0.shifted(by: offset), $0.1) })
        }
    }
}

/// The undo and redo stacks of a drawing: each step is the list of edits one
/// user action made (a line drawn, the lines of fingers down together, a
/// line deleted, a whole long-press-pan move, a clear).
struct UndoHistory {
    /// Oldest steps are forgotten beyond this many.
    static let limit = 10_000

    private(set) var undoSteps: [[Edit]] = []
    private(set) var redoSteps: [[Edit]] = []
    /// The step being collected while a group is open (a pan in progress).
    private var openGroup: [Edit]?
    /// The strokes drawn together (see `Drawing.strokesTogether`) whose
    /// lines make the top undo step, while more of their lines may still
    /// finish into it; nil once anything else became the top step.
    private var topStepStrokes: UInt64?

    var isGroupOpen: Bool { openGroup != nil }

    mutating func record(_ edit: Edit) {
        redoSteps.removeAll()
        guard var group = openGroup else {
            push([edit])
            return
        }
        // Successive moves of one line within a group fold into one edit, so
        // a long pan costs one entry, not one per finger motion.
        if case .move(let id, _, let to) = edit,
           case .move(let lastID, let from, _)? = group.last, lastID == id {
            group[group.count - 1] = .move(id, from: from, to: to)
        } else {
            group.append(edit)
        }
        openGroup = group
    }

    /// Records a line of strokes drawn together (fingers down at the same
    /// time): the first of them to finish makes a step, the others join
    /// it, so one undo takes them all back, as they were one gesture.
    mutating func record(_ edit: Edit, drawnTogetherAs strokes: UInt64) {
        guard openGroup == nil, topStepStrokes == strokes, !undoSteps.isEmpty else {
            record(edit)
            if openGroup == nil { topStepStrokes = strokes }
            return
        }
        redoSteps.removeAll()
        undoSteps[undoSteps.count - 1].append(edit)
    }

    /// Records the edits of one user action as one step (an eraser
    /// stroke), or adds them to the open group.
    mutating func record(step edits: [Edit]) {
        guard !edits.isEmpty else { return }
        redoSteps.removeAll()
        if openGroup != nil {
            openGroup! += edits
        } else {
            push(edits)
        }
    }

    /// Every step names its lines `offset` identities later (see
    /// `Drawing.takeLines(of:)`).
    mutating func shiftIdentities(by offset: UInt32) {
        undoSteps = undoSteps.map { $0.map { $0.shifted(by: offset) } }
        redoSteps = redoSteps.map { $0.map { $0.shifted(by: offset) } }
        openGroup = openGroup?.map { $0.shifted(by: offset) }
    }

    mutating func beginGroup() {
        precondition(openGroup == nil, "undo groups do not nest")
        openGroup = []
    }

    mutating func endGroup() {
        guard let group = openGroup else { preconditionFailure("no undo group is open") }
        openGroup = nil
        if !group.isEmpty { push(group) }
    }

    private mutating func push(_ step: [Edit]) {
        topStepStrokes = nil
        undoSteps.append(step)
        if undoSteps.count > Self.limit { undoSteps.removeFirst(undoSteps.count - Self.limit) }
    }

    mutating func popUndo() -> [Edit]? {
        guard let step = undoSteps.popLast() else { return nil }
        topStepStrokes = nil
        redoSteps.append(step)
        return step
    }

    mutating func popRedo() -> [Edit]? {
        guard let step = redoSteps.popLast() else { return nil }
        topStepStrokes = nil
        undoSteps.append(step)
        return step
    }
}
