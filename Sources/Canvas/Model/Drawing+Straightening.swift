import TouchCore

/// Hold to straighten, in the model: a freehand line in progress is
/// replaced by the shape it approximates, and adjusted while the finger
/// stays down; the line as drawn is kept aside. When the line finishes,
/// the drawing and its file get the shape, and the undo history two
/// steps: the line as drawn, then its straightening. So one undo brings
/// back the line as drawn, a second takes it away, and redo does the same
/// forwards.
extension Drawing {
    /// Shows `shape` (a line of the drawing, see `StrokeShape.line`) in
    /// place of the line `touch` draws, which the first call keeps as the
    /// line drawn by hand; later calls adjust the shape. Returns the line
    /// shown before and now (for damage), or nil when `touch` draws no line.
    @discardableResult
    func straightenLine(for touch: ObjectIdentifier, as shape: Line) -> (old: Line, new: Line)? {
        guard let old = linesInProgress[touch] else { return nil }
        if handDrawnLines[touch] == nil { handDrawnLines[touch] = old }
        linesInProgress[touch] = shape
        pointsInProgress += shape.freehandPointCount - old.freehandPointCount
        if shape.isFreehand {
            var pieces = LineGrid(cellSize: Self.segmentCellSize)
            for index in 0..<shape.segmentCount { pieces.insert(UInt32(index), shape.segment(index)) }
            segmentsInProgress[touch] = pieces
        } else {
            segmentsInProgress[touch] = nil
        }
        return (old, shape)
    }

    /// Whether the line `touch` draws was straightened (it then follows
    /// the finger as a shape, and takes no more points).
    func isStraightened(_ touch: ObjectIdentifier) -> Bool {
        handDrawnLines[touch] != nil
    }

    /// The line `touch` drew by hand before it was straightened.
    func handDrawnLine(for touch: ObjectIdentifier) -> Line? {
        handDrawnLines[touch]
    }

    /// Records the finished line `id`, now `shape`, as two undo steps: the
    /// line as drawn (with the strokes drawn together with it), then the
    /// straightening, a change of the line from `handDrawn` to `shape`.
    func recordStraightened(_ id: LineID, handDrawn: Line, shape: Line, drawnTogetherAs strokes: UInt64) {
        history.record(.add(id, handDrawn), drawnTogetherAs: strokes)
        history.record(.move(id, from: handDrawn, to: shape))
    }
}
