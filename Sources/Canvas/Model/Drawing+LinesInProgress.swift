import TouchCore

/// The lines fingers and pens are drawing now: begun, extended, finished
/// into the drawing (one undo step each) or discarded.
extension Drawing {
    /// Starts a line under a finger: begin and end both at `point` (kept
    /// within `coordinateLimit`, as every point the canvas adds).
    public func beginLine(for touch: ObjectIdentifier, at point: Point, style: StrokeStyle = .standard) {
        precondition(linesInProgress[touch] == nil, "a touch draws one line at a time")
        let point = Self.clamped(point)
        joinStrokesInProgress(touch)
        linesInProgress[touch] = Line(begin: point, end: point, style: style)
    }

    /// Moves the end of a straight line in progress; returns the line before
    /// and after (for damage), or nil when that touch draws no straight line
    /// (it was discarded, or it draws freehand).
    @discardableResult
    public func extendLine(for touch: ObjectIdentifier, to point: Point) -> (old: Line, new: Line)? {
        guard let old = linesInProgress[touch], !old.isFreehand else { return nil }
        let new = Line(begin: old.begin, end: Self.clamped(point), style: old.style)
        linesInProgress[touch] = new
        return (old, new)
    }

    /// Starts a freehand line under a finger, pen or mouse: one point, a
    /// dot. Returns the rectangle it paints (for damage).
    @discardableResult
    public func beginFreehand(for touch: ObjectIdentifier, at point: FreehandPoint,
                              style: StrokeStyle = .standard) -> Rect {
        precondition(linesInProgress[touch] == nil, "a touch draws one line at a time")
        precondition(point.isValid, "freehand points have finite coordinates and a pressure within 0…1")
        let line = Line(freehand: CollectionOfOne(Self.clamped(point)), style: style)
        joinStrokesInProgress(touch)
        linesInProgress[touch] = line
        segmentsInProgress[touch] = LineGrid(cellSize: Self.segmentCellSize)
        pointsInProgress += 1
        return line.paintedBounds
    }

    /// Puts the line `touch` begins with the lines in progress, or, when
    /// there are none, starts a new set of strokes.
    private func joinStrokesInProgress(_ touch: ObjectIdentifier) {
        if linesInProgress.isEmpty { latestStrokes += 1 }
        strokesTogether[touch] = latestStrokes
    }

    /// Cells of the index of a freehand line in progress: a frame's damage
    /// is a few points across.
    static let segmentCellSize = 32.0

    /// Adds a point to a freehand line in progress, in constant time
    /// however long the line is. Returns the rectangle the new piece
    /// paints (for damage), or nil when that touch draws no freehand line
    /// or nothing changed.
    ///
    /// A point where the last one is only changes how hard it pressed: a
    /// harder press widens the last point (a pen pressing into a dot), a
    /// lighter one changes nothing that shows, and is dropped (pens report
    /// their pressure falling to 0 as they lift).
    @discardableResult
    public func extendFreehand(for touch: ObjectIdentifier, to point: FreehandPoint) -> Rect? {
        precondition(point.isValid, "freehand points have finite coordinates and a pressure within 0…1")
        let point = Self.clamped(point)
        // Only the dictionary may hold the line's samples while they grow
        // (a copy held here would make the append copy them all).
        guard let last = linesInProgress[touch]?.freehandPoints?.last else { return nil }
        if point.location == last.location {
            guard point.pressure > last.pressure else { return nil }
            _ = linesInProgress[touch]!.replaceLastFreehandPoint(point)
            let line = linesInProgress[touch]!
            return line.segment(max(0, line.freehandPointCount - 2)).paintedBounds
        }
        _ = linesInProgress[touch]!.appendFreehandPoint(point)
        pointsInProgress += 1
        let extended = linesInProgress[touch]!
        let index = extended.freehandPointCount - 2
        let piece = extended.segment(index)
        segmentsInProgress[touch]!.insert(UInt32(index), piece)
        return piece.paintedBounds
    }

    /// The pieces (see `Line.segment`) of the freehand line `touch` draws
    /// that pass through `rect`, in order: what a frame whose damage is
    /// `rect` (outset by `CanvasMetrics.paintReach`) must paint again. Its
    /// cost follows the pieces near `rect`, not the length of the line.
    public func freehandSegmentsInProgress(for touch: ObjectIdentifier, touching rect: Rect) -> [Int] {
        guard let line = linesInProgress[touch], line.isFreehand, let grid = segmentsInProgress[touch] else { return [] }
        if line.freehandPointCount == 1 { return line.intersects(rect) ? [0] : [] }
        var found = grid.straightCandidates(touching: rect).map(Int.init)
        found.sort()
        var result: [Int] = []
        for index in found where index != result.last && line.segment(index).intersects(rect) {
            result.append(index)
        }
        return result
    }

    /// Turns a line in progress into a finished line: one undo step with
    /// the other lines of the strokes it was drawn with.
    @discardableResult
    func finishLine(for touch: ObjectIdentifier) -> LineID? {
        let handDrawn = handDrawnLines[touch]
        guard let strokes = strokesTogether[touch], let line = takeLineInProgress(for: touch) else { return nil }
        let finished = line.compacted()
        let id = append(finished)
        guard let handDrawn else {
            history.record(.add(id, finished), drawnTogetherAs: strokes)
            return id
        }
        recordStraightened(id, handDrawn: handDrawn.compacted(), shape: finished, drawnTogetherAs: strokes)
        return id
    }

    /// Drops the line a touch was drawing, if any; returns it (for damage).
    @discardableResult
    public func discardLine(for touch: ObjectIdentifier) -> Line? {
        takeLineInProgress(for: touch)
    }

    /// Drops every line in progress; returns them (for damage).
    @discardableResult
    func discardLinesInProgress() -> [Line] {
        defer {
            linesInProgress.removeAll()
            segmentsInProgress.removeAll()
            strokesTogether.removeAll()
            handDrawnLines.removeAll()
            pointsInProgress = 0
        }
        return Array(linesInProgress.values)
    }

    private func takeLineInProgress(for touch: ObjectIdentifier) -> Line? {
        guard let line = linesInProgress.removeValue(forKey: touch) else { return nil }
        segmentsInProgress[touch] = nil
        strokesTogether[touch] = nil
        handDrawnLines[touch] = nil
        pointsInProgress -= line.freehandPointCount
        return line
    }
}
