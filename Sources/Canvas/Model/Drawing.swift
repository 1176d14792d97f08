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
    var strokesTogether: [ObjectIdentifier: UInt64] = [:]
    /// The last set of strokes begun.
    var latestStrokes: UInt64 = 0
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
    /// Finished lines in drawing order (oldest first), in a new array: for
    /// how many there are, `count`.
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

    func applyClear() {
        selectedLineID = nil
        selection = []
        store.removeAll()
        log.append(.cleared)
    }
}
