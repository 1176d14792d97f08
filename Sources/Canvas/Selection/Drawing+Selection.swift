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
    func deselectAll() {
        selection = []
    }

    /// The selected lines in drawing order.
    var selectedLines: [(id: LineID, line: Line)] {
        selection.sorted().map { ($0, store[$0]!) }
    }

    /// The smallest rectangle holding every selected line's points where
    /// they show (see `placedSelectedLines`), or nil when nothing is selected.
    public var selectionBounds: Rect? {
        guard reshapeOrigins != nil else {
            return selection.lazy.map { self.store[$0]!.bounds }.reduce(nil) { $0?.union($1) ?? $1 }
        }
        return selectionBounds(placedBy: reshapeTransform)
    }

    /// While a gesture reshapes the selection, the smallest rectangle
    /// holding its lines' points once placed by `transform` (of where the
    /// gesture found them); nil when none goes on or nothing is selected.
    public func selectionBounds(placedBy transform: AffineTransform) -> Rect? {
        guard let origins = reshapeOrigins, !origins.isEmpty else { return nil }
        // Without a turn, the box moves and scales with the lines: no need to place each.
        if transform.b == 0, transform.c == 0 { return reshapeOriginBounds.points.applying(transform) }
        return origins.lazy.map { Self.bounds(of: $0.line, placedBy: transform) }.reduce(nil) { $0?.union($1) ?? $1 }
    }

    /// While a gesture reshapes the selection, where its lines paint
    /// (the box of their paint where the gesture found them, placed by
    /// `transform` and outset by the widest line's reach: straight lines
    /// keep their width as they scale); nil when none goes on.
    func selectionPaintBounds(placedBy transform: AffineTransform) -> Rect? {
        guard reshapeOrigins != nil, !reshapeOriginBounds.paint.isNull else { return nil }
        return reshapeOriginBounds.paint.applying(transform)
            .insetBy(dx: -CanvasMetrics.paintReach, dy: -CanvasMetrics.paintReach)
    }

    /// The selected lines in drawing order where they show: while a gesture
    /// reshapes them, where its transform places them (the drawing keeps
    /// them where they were until it ends).
    var placedSelectedLines: [(id: LineID, line: Line)] {
        guard let origins = reshapeOrigins else { return selectedLines }
        let transform = reshapeTransform
        return origins.map { ($0.id, $0.line.transformed(by: transform)) }
    }

    /// The selected lines as they were when the reshaping gesture began
    /// (the pixels a renderer may cache and move), or nil when none goes on.
    public var reshapingLines: [(id: LineID, line: Line)]? { reshapeOrigins }

    /// The bounds of `line`'s points once placed by `transform`, without
    /// making the moved line: a straight line's two ends exactly, a
    /// freehand line's points.
    private static func bounds(of line: Line, placedBy transform: AffineTransform) -> Rect {
        guard let points = line.freehandPoints else {
            let begin = line.begin.applying(transform), end = line.end.applying(transform)
            return Rect(x: min(begin.x, end.x), y: min(begin.y, end.y), width: abs(end.x - begin.x),
                        height: abs(end.y - begin.y))
        }
        return Rect(enclosing: points.lazy.map { $0.location.applying(transform) })
    }

    /// Moves, scales or turns the selection by `transform` (one undo step);
    /// returns each line before and after, for damage. Refused (nil, nothing
    /// changes) when a line would leave the plane (`coordinateLimit`).
    @discardableResult
    func transformSelection(by transform: AffineTransform) -> [(old: Line, new: Line)]? {
        let before = selectedLines
        beginReshapingSelection()
        guard reshapeSelection(by: transform) != nil else {
            cancelReshapingSelection()
            return nil
        }
        endReshapingSelection()
        return before.compactMap { id, old in store[id].map { (old: old, new: $0) } }
    }

    // MARK: Reshaping by hand

    /// Whether a gesture is reshaping the selection.
    public var isReshapingSelection: Bool { reshapeOrigins != nil }

    /// Starts a gesture that reshapes the selection: each
    /// `reshapeSelection(by:)` then places the lines by a transform of
    /// where they were now, and `endReshapingSelection()` makes all of it
    /// one undo step (a gesture's hundred motions are one change).
    ///
    /// While it goes on the lines stay where they were in the drawing (its
    /// index, change log and saves see them there) and only
    /// `reshapeTransform` changes: a motion costs the same for ten lines
    /// as for ten thousand, and a renderer moves the pixels it cached of
    /// them (`reshapingLines`) instead of drawing them again. The lines
    /// take their places when it ends.
    func beginReshapingSelection() {
        precondition(reshapeOrigins == nil, "one reshaping gesture at a time")
        reshapeOrigins = selectedLines
        reshapeOriginBounds = selectedLines.reduce((points: Rect.null, paint: Rect.null)) {
            (points: $0.points.union($1.line.bounds), paint: $0.paint.union($1.line.paintedBounds))
        }
        reshapeTransform = .identity
        reshapeSerial &+= 1
    }

    /// Places the selected lines at `transform` of where they were when
    /// the gesture began (`reshapeTransform`); returns the transform that
    /// placed them before, for damage. Refused (nil, the lines stay where
    /// they are) when a line would leave the plane. Not in the drawing,
    /// nor recorded for undo, until the gesture ends.
    @discardableResult
    func reshapeSelection(by transform: AffineTransform) -> AffineTransform? {
        guard reshapeOrigins != nil else { preconditionFailure("no reshaping gesture began") }
        let before = reshapeTransform
        reshapeTransform = transform
        guard let bounds = selectionBounds, [transform.a, transform.b, transform.c, transform.d, transform.tx,
                                             transform.ty].allSatisfy(\.isFinite),
              [bounds.minX, bounds.maxX, bounds.minY, bounds.maxY].allSatisfy({ abs($0) <= Self.coordinateLimit }) else {
            reshapeTransform = before
            return nil
        }
        return before
    }

    /// Ends the reshaping gesture, if one goes on: the lines take the
    /// places its transform gave them, one undo step. Returns whether any
    /// moved.
    @discardableResult
    func endReshapingSelection() -> Bool {
        guard let origins = reshapeOrigins else { return false }
        reshapeOrigins = nil
        let transform = reshapeTransform
        reshapeTransform = .identity
        let edits = origins.compactMap { id, old -> Edit? in
            let new = old.transformed(by: transform)
            guard new != old else { return nil }
            applyMove(id, to: new)
            return .move(id, from: old, to: new)
        }
        history.record(step: edits)
        return !edits.isEmpty
    }

    /// Ends the reshaping gesture, if one goes on, leaving the lines where
    /// it found them (the gesture was cancelled); returns the transform
    /// that placed them until now, for damage.
    @discardableResult
    func cancelReshapingSelection() -> AffineTransform? {
        guard reshapeOrigins != nil else { return nil }
        let placed = reshapeTransform
        reshapeOrigins = nil
        reshapeTransform = .identity
        return placed
    }

    /// Gives every selected line `color` and, when given, `width` (one undo
    /// step); returns each line that changed, before and after.
    @discardableResult
    func restyleSelection(color: PaletteColor? = nil, width: StrokeWidth? = nil) -> [(old: Line, new: Line)] {
        let changed = selectedLines.compactMap { id, line -> (LineID, Line, Line)? in
            let style = StrokeStyle(color: color ?? line.style.color, width: width ?? line.style.width)
            return style == line.style ? nil : (id, line, line.restyled(style))
        }
        return replaceSelected(changed)
    }

    /// Deletes the selected lines (one undo step); returns them.
    @discardableResult
    func removeSelection() -> [Line] {
        let removed = selectedLines
        for (id, _) in removed { applyRemove(id) }
        history.record(step: removed.map { Edit.remove($0.id, $0.line) })
        return removed.map(\.line)
    }

    /// Adds a copy of each selected line moved by `offset`, on top of the
    /// drawing, and selects the copies instead (one undo step); returns them.
    @discardableResult
    func duplicateSelection(offset: Vector) -> [Line] {
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
