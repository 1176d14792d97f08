import TouchCore

/// The lasso's selection: several finished lines that move, scale, turn,
/// restyle, go and are duplicated together. Each change to them is one undo
/// step of one edit a line, logged line by line like any move (so the
/// journal and the renderer's cache follow them as they follow a move),
/// and what is stored is where the lines are after it, never a transform.
extension Drawing {
    /// Selects `ids` (every one a line of the drawing), in place of the
    /// selection before.
    public func select(_ ids: Set<LineID>) {
        precondition(ids.allSatisfy(store.contains), "selecting missing lines")
        selection = ids
    }

    /// Selects the lines `lasso` selects (see `Lasso`); returns them.
    @discardableResult
    public func select(lassoedBy lasso: Lasso) -> Set<LineID> {
        // A line the rule selects has a point inside the loop's box.
        let candidates = lasso.enclosesAnArea ? store.lines(intersecting: lasso.bounds) : []
        select(Set(candidates.filter { store[$0].map(lasso.selects) ?? false }))
        return selection
    }

    /// Ends the selection (a tap outside it).
    public func deselectAll() {
        selection = []
    }

    /// The selected lines in drawing order.
    public var selectedLines: [(id: LineID, line: Line)] {
        selection.sorted().map { ($0, store[$0]!) }
    }

    /// The smallest rectangle holding every selected line's points, or nil
    /// when nothing is selected.
    public var selectionBounds: Rect? {
        selection.lazy.map { self.store[$0]!.bounds }.reduce(nil) { $0?.union($1) ?? $1 }
    }

    /// Moves, scales or turns the selection by `transform` (one undo step);
    /// returns each line before and after, for damage. Refused (nil, nothing
    /// changes) when a line would leave the plane (`coordinateLimit`).
    @discardableResult
    public func transformSelection(by transform: AffineTransform) -> [(old: Line, new: Line)]? {
        beginReshapingSelection()
        defer { endReshapingSelection() }
        return reshapeSelection(by: transform)
    }

    // MARK: Reshaping by hand

    /// Whether a gesture is reshaping the selection.
    public var isReshapingSelection: Bool { reshapeOrigins != nil }

    /// Starts a gesture that reshapes the selection: each
    /// `reshapeSelection(by:)` then places the lines by a transform of
    /// where they were now, and `endReshapingSelection()` makes all of it
    /// one undo step (a gesture's hundred motions are one change).
    public func beginReshapingSelection() {
        precondition(reshapeOrigins == nil, "one reshaping gesture at a time")
        reshapeOrigins = selectedLines
    }

    /// Places the selected lines at `transform` of where they were when
    /// the gesture began; returns each line before and after, for damage.
    /// Refused (nil, the lines stay where they are) when a line would leave
    /// the plane. Not recorded for undo until the gesture ends.
    @discardableResult
    public func reshapeSelection(by transform: AffineTransform) -> [(old: Line, new: Line)]? {
        guard let origins = reshapeOrigins else { preconditionFailure("no reshaping gesture began") }
        // An eraser may have taken a line meanwhile.
        let placed = origins.filter { store.contains($0.id) }.map { ($0.id, $0.line.transformed(by: transform)) }
        guard placed.allSatisfy({ Self.isOnThePlane($0.1) }) else { return nil }
        return placed.map { id, new in
            let old = store[id]!
            applyMove(id, to: new)
            return (old: old, new: new)
        }
    }

    /// Ends the reshaping gesture, if one goes on: the lines that moved
    /// are one undo step. Returns whether any moved.
    @discardableResult
    public func endReshapingSelection() -> Bool {
        guard let origins = reshapeOrigins else { return false }
        reshapeOrigins = nil
        let edits = origins.compactMap { id, old -> Edit? in
            guard let new = store[id], new != old else { return nil }
            return .move(id, from: old, to: new)
        }
        history.record(step: edits)
        return !edits.isEmpty
    }

    /// Ends the reshaping gesture, if one goes on, putting the lines back
    /// where it found them (the gesture was cancelled); returns each line
    /// before and after, for damage.
    @discardableResult
    public func cancelReshapingSelection() -> [(old: Line, new: Line)] {
        guard let origins = reshapeOrigins else { return [] }
        reshapeOrigins = nil
        return origins.compactMap { id, original in
            guard let now = store[id], now != original else { return nil }
            applyMove(id, to: original)
            return (old: now, new: original)
        }
    }

    /// Gives every selected line `color` and, when given, `width` (one undo
    /// step); returns each line that changed, before and after.
    @discardableResult
    public func restyleSelection(color: PaletteColor? = nil, width: StrokeWidth? = nil) -> [(old: Line, new: Line)] {
        let changed = selectedLines.compactMap { id, line -> (LineID, Line, Line)? in
            let style = StrokeStyle(color: color ?? line.style.color, width: width ?? line.style.width)
            return style == line.style ? nil : (id, line, line.restyled(style))
        }
        return replaceSelected(changed)
    }

    /// Deletes the selected lines (one undo step); returns them.
    @discardableResult
    public func removeSelection() -> [Line] {
        let removed = selectedLines
        for (id, _) in removed { applyRemove(id) }
        history.record(step: removed.map { Edit.remove($0.id, $0.line) })
        return removed.map(\.line)
    }

    /// Adds a copy of each selected line moved by `offset`, on top of the
    /// drawing, and selects the copies instead (one undo step); returns them.
    @discardableResult
    public func duplicateSelection(offset: Vector) -> [Line] {
        let copies = selectedLines.map { $0.line.translated(by: offset) }
        guard copies.allSatisfy(Self.isOnThePlane) else { return [] }
        let added = copies.map { (append($0), $0) }
        history.record(step: added.map { Edit.add($0.0, $0.1) })
        selection = Set(added.map(\.0))
        return copies
    }

    private func replaceSelected(_ changed: [(LineID, Line, Line)]) -> [(old: Line, new: Line)] {
        for (id, _, new) in changed { applyMove(id, to: new) }
        history.record(step: changed.map { Edit.move($0.0, from: $0.1, to: $0.2) })
        return changed.map { (old: $0.1, new: $0.2) }
    }

    private static func isOnThePlane(_ line: Line) -> Bool {
        let bounds = line.bounds
        return line.isFinite && [bounds.minX, bounds.maxX, bounds.minY, bounds.maxY].allSatisfy {
            abs($0) <= coordinateLimit
        }
    }
}
