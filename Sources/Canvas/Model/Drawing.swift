import TouchCore

/// The TouchTracker drawing: finished lines (straight and freehand) with
/// stable identities, the lines fingers are drawing right now, the selected
/// line, undo/redo of every change to the finished lines, and a change log
/// for renderers.
///
/// The selection never names a line that does not exist: whatever removes the
/// selected line (delete, clear, undo, redo) also clears the selection.
public final class Drawing {
    public private(set) var store: LineStore
    /// Lines being drawn, keyed by the identity of the touch drawing each one
    /// (`ObjectIdentifier` of a TouchCore `Touch`), never by a compositor id.
    public internal(set) var linesInProgress: [ObjectIdentifier: Line] = [:]
    /// Where the pieces of each freehand line in progress lie, so a frame
    /// repaints the pieces inside its damage without going through the
    /// whole line (see `freehandSegmentsInProgress`).
    var segmentsInProgress: [ObjectIdentifier: LineGrid] = [:]
    /// Points of the freehand lines in progress.
    var pointsInProgress = 0
    /// The lines as drawn by hand that hold to straighten replaced with a
    /// shape while in progress, by touch (see Drawing+Straightening).
    var handDrawnLines: [ObjectIdentifier: Line] = [:]
    /// Which strokes each line in progress was drawn with: a line begun
    /// while another is in progress (fingers down at the same time, a
    /// pinch with fingers drawing) joins that one's strokes, and the lines
    /// of one set of strokes are one undo step.
    private var strokesTogether: [ObjectIdentifier: UInt64] = [:]
    /// The last set of strokes begun.
    private var latestStrokes: UInt64 = 0
    var history = UndoHistory()
    /// The lines each eraser stroke in progress has erased so far, in
    /// order, keyed by the identity of its touch (see Drawing+Erasing).
    var erasures: [ObjectIdentifier: [(LineID, Line)]] = [:]
    private var log = ChangeLog()

    /// The selected finished line, if any. Setting an identity that is not in
    /// the drawing is a programming error.
    public var selectedLineID: LineID? {
        didSet {
            if let id = selectedLineID { precondition(store.contains(id), "selecting missing \(id)") }
        }
    }

    /// The lines a lasso selected (see `Drawing+Selection`), which move,
    /// scale, turn, restyle and go together. Like `selectedLineID`, it names
    /// only lines that exist: whatever removes a line takes it out, and
    /// `select(_:)` checks what it is given.
    public internal(set) var selection: Set<LineID> = []
    /// The selected lines as they were when a reshaping gesture began,
    /// while it goes on (see `Drawing+Selection`).
    var reshapeOrigins: [(id: LineID, line: Line)]?
    /// Where the reshaping gesture places the selected lines, from where
    /// they were when it began (identity when none goes on).
    public internal(set) var reshapeTransform = AffineTransform.identity
    /// The bounds of the reshaping gesture's lines where it found them:
    /// of their points, and of their paint.
    var reshapeOriginBounds = (points: Rect.null, paint: Rect.null)
    /// Counts the reshaping gestures begun: a renderer's cache of the
    /// selection's pixels belongs to one of them.
    public internal(set) var reshapeSerial: UInt64 = 0

    public init(lines: [Line] = []) {
        store = LineStore(lines: lines)
    }

    /// Takes the finished lines of `opened`, a drawing built elsewhere (by
    /// the thread that opened the file, index included), as this drawing's
    /// first lines. Not an undoable change: it is what the drawing was.
    ///
    /// Lines drawn here meanwhile (while the file was being opened) stay,
    /// in the order they were drawn, after the opened ones: their
    /// identities move past the opened lines', and so do the undo steps,
    /// the selection and the eraser strokes that name them, so undo still
    /// takes back what they did. Lines in progress carry on. Renderers
    /// start over, since the change log no longer reaches back to their
    /// revision.
    ///
    /// Returns the changes that put the lines drawn meanwhile, as they are
    /// now, after the opened ones: what a save must add to the file.
    @discardableResult
    public func takeLines(of opened: Drawing) -> [DrawingChange] {
        let shift = opened.store.nextID.rawValue
        var merged = opened.store
        opened.store = LineStore()
        let firstDrawnHere = merged.nextID
        merged.append(contentsOf: store)
        store = merged
        if shift > 0 {
            history.shiftIdentities(by: shift)
            erasures = erasures.mapValues { $0.map { ($0.0.shifted(by: shift), $0.1) } }
            selectedLineID = selectedLineID?.shifted(by: shift)
            selection = Set(selection.map { $0.shifted(by: shift) })
        }
        log.forgetThePast()
        var added: [DrawingChange] = []
        for raw in firstDrawnHere.rawValue..<store.nextID.rawValue {
            let id = LineID(raw)
            if let line = store[id] { added.append(.added(id, line)) }
        }
        return added
    }

    /// Becomes the drawing `opened` holds (another file opened in this
    /// drawing's window): its lines, index included, and nothing of what
    /// was here, neither lines in progress nor undo steps nor the
    /// selection. Not an undoable change. Renderers start over.
    public func replaceAll(with opened: Drawing) {
        selectedLineID = nil
        selection = []
        reshapeOrigins = nil
        store = opened.store
        opened.store = LineStore()
        linesInProgress = [:]
        segmentsInProgress = [:]
        pointsInProgress = 0
        handDrawnLines = [:]
        strokesTogether = [:]
        erasures = [:]
        history = UndoHistory()
        log.forgetThePast()
    }

    // MARK: Reading

    /// Number of finished lines.
    public var count: Int { store.count }
    public subscript(id: LineID) -> Line? { store[id] }
    /// Finished lines in drawing order (oldest first).
    public var lines: [Line] { store.lines }
    public var selectedLine: Line? { selectedLineID.flatMap { store[$0] } }

    public func nearestLine(to point: Point, within radius: Double) -> LineID? {
        store.nearestLine(to: point, within: radius)
    }

    public func lines(intersecting rect: Rect) -> [LineID] {
        store.lines(intersecting: rect)
    }

    /// Points of every freehand line, finished or in progress (see
    /// `Drawing.pointLimit`).
    public var freehandPointCount: Int { store.freehandPointCount + pointsInProgress }

    /// The union of all finished lines' bounds, or nil for an empty drawing.
    public var bounds: Rect? {
        store.lines.lazy.map(\.bounds).reduce(nil) { $0?.union($1) ?? $1 }
    }

    // MARK: Change log

    /// Counts changes to the finished lines; a renderer remembers the value
    /// its cache reflects.
    public var revision: UInt64 { log.revision }

    /// The changes made after `revision`, oldest first, or nil when the log no
    /// longer reaches back that far (the reader must then start over).
    public func changes(since revision: UInt64) -> ArraySlice<DrawingChange>? {
        log.changes(since: revision)
    }

    // MARK: Lines in progress

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

    // MARK: Editing (each call is one undo step, or part of the open group)

    @discardableResult
    public func add(_ line: Line) -> LineID {
        let id = append(line)
        history.record(.add(id, line))
        return id
    }

    /// Deletes a finished line (deselecting it if selected); returns it.
    @discardableResult
    public func remove(_ id: LineID) -> Line {
        let line = applyRemove(id)
        history.record(.remove(id, line))
        return line
    }

    /// Moves a finished line; returns its old and new position. Moves of one
    /// line inside an undo group become a single undo step. A line stops at
    /// the edge of the plane (`coordinateLimit`).
    @discardableResult
    public func move(_ id: LineID, by offset: Vector) -> (old: Line, new: Line) {
        guard let old = store[id] else { preconditionFailure("moving missing \(id)") }
        let new = old.translated(by: Self.clamped(offset, moving: old.bounds))
        applyMove(id, to: new)
        history.record(.move(id, from: old, to: new))
        return (old, new)
    }

    /// Gives a finished line another colour or width; returns it before and
    /// after, or nil when it already looks so. One undo step, recorded
    /// (and logged) as a move that stays in place.
    @discardableResult
    public func restyle(_ id: LineID, to style: StrokeStyle) -> (old: Line, new: Line)? {
        guard let old = store[id] else { preconditionFailure("restyling missing \(id)") }
        guard old.style != style else { return nil }
        let new = old.restyled(style)
        applyMove(id, to: new)
        history.record(.move(id, from: old, to: new))
        return (old, new)
    }

    /// Removes every line, finished and in progress, and the selection.
    /// Undo brings the finished lines back.
    public func clear() {
        finishEveryErasure()
        discardLinesInProgress()
        let removed = store.ids.map { ($0, store[$0]!) }
        applyClear()
        if !removed.isEmpty { history.record(.clear(removed)) }
    }

    // MARK: Undo

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

    // MARK: Primitive changes (logged, not recorded for undo)

    func append(_ line: Line) -> LineID {
        let id = store.append(line)
        log.append(.added(id, line))
        return id
    }

    @discardableResult
    func applyRemove(_ id: LineID) -> Line {
        if selectedLineID == id { selectedLineID = nil }
        if selection.remove(id) != nil, reshapeOrigins != nil { reshapeOrigins?.removeAll { $0.id == id } }
        let line = store.remove(id)
        log.append(.removed(id, line))
        return line
    }

    func applyRestore(_ id: LineID, _ line: Line) {
        store.restore(id, line)
        log.append(.added(id, line))
    }

    func applyMove(_ id: LineID, to line: Line) {
        guard let old = store[id] else { preconditionFailure("moving missing \(id)") }
        store.replace(id, with: line)
        log.append(.moved(id, from: old, to: line))
    }

    private func applyClear() {
        selectedLineID = nil
        selection = []
        store.removeAll()
        log.append(.cleared)
    }
}

/// A bounded log of the latest changes, addressed by revision.
private struct ChangeLog {
    /// Older entries are dropped past this many; a reader that far behind
    /// redraws everything, which is what that many changes would cost anyway.
    static let capacity = 4096

    private(set) var revision: UInt64 = 0
    private var entries: [DrawingChange] = []

    /// The revision before the oldest entry still kept.
    private var oldest: UInt64 { revision - UInt64(entries.count) }

    mutating func append(_ change: DrawingChange) {
        if entries.count == 2 * Self.capacity { entries.removeFirst(Self.capacity) }
        entries.append(change)
        revision += 1
    }

    /// Moves past every reader: each starts over at its next look.
    mutating func forgetThePast() {
        entries.removeAll()
        revision += 1
    }

    func changes(since reader: UInt64) -> ArraySlice<DrawingChange>? {
        precondition(reader <= revision, "revision \(reader) is from the future")
        guard reader >= oldest else { return nil }
        return entries[Int(reader - oldest)...]
    }
}
