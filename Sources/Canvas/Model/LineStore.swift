import TouchCore

/// The finished lines of a drawing, by identity, with a spatial index for
/// nearest-line and rectangle queries.
///
/// Geometry lives in one contiguous array indexed by `LineID`, so both the
/// indexed queries and the linear-scan oracle read lines without hashing.
/// Straight and freehand lines share the array, the identities and the
/// index (see `LineGrid`).
/// Identities are never reused; a removed line's slot stays empty (undo may
/// bring it back under the same identity).
public struct LineStore {
    private var slots: ContiguousArray<Line> = []
    private var alive: [Bool] = []
    /// The straight lines' index.
    private var grid: LineGrid
    /// The freehand lines' index, in cells half as wide: pen strokes lie
    /// dense, and a query measures the pieces in the cells it searches.
    private var freehandGrid: LineGrid
    public private(set) var count = 0
    /// Points of the freehand lines in the store.
    public private(set) var freehandPointCount = 0
    /// Freehand lines in the store.
    public private(set) var freehandCount = 0
    /// How many of the lines have a colour or width other than the
    /// standard ones.
    public private(set) var styledCount = 0

    /// `cellSize` trades memory for query speed; 16 pt suits finger-drawn
    /// lines and the 20 pt selection radius.
    public init(cellSize: Double = 16) {
        grid = LineGrid(cellSize: cellSize)
        freehandGrid = LineGrid(cellSize: cellSize / 2)
    }

    /// A store of `lines`, identities 0 on in order: the same as appending
    /// them one by one, with the straight lines indexed in bulk (see
    /// `LineGrid.insertStraightLines`).
    public init(lines: [Line], cellSize: Double = 16) {
        self.init(cellSize: cellSize)
        precondition(lines.count < Int(UInt32.max), "line identities exhausted")
        slots.reserveCapacity(lines.count)
        for line in lines {
            precondition(line.isFinite, "lines must have finite coordinates")
            slots.append(line)
            countFreehand(line, 1)
        }
        alive = [Bool](repeating: true, count: lines.count)
        count = lines.count
        grid.insertStraightLines(of: slots, firstID: 0)
        for (index, line) in slots.enumerated() where line.isFreehand { freehandGrid.insert(UInt32(index), line) }
    }

    /// Registers `line` in its index.
    private mutating func index(_ id: UInt32, _ line: Line) {
        if line.isFreehand { freehandGrid.insert(id, line) } else { grid.insert(id, line) }
    }

    /// Unregisters `line`, which `id` was registered with.
    private mutating func unindex(_ id: UInt32, _ line: Line) {
        if line.isFreehand { freehandGrid.remove(id, line) } else { grid.remove(id, line) }
    }

    /// The identity the next `append` hands out.
    var nextID: LineID { LineID(UInt32(slots.count)) }

    public subscript(id: LineID) -> Line? {
        id.index < slots.count && alive[id.index] ? slots[id.index] : nil
    }

    public func contains(_ id: LineID) -> Bool { self[id] != nil }

    /// Identities of all lines, in drawing order (oldest first).
    public var ids: [LineID] {
        var result: [LineID] = []
        result.reserveCapacity(count)
        for index in alive.indices where alive[index] { result.append(LineID(UInt32(index))) }
        return result
    }

    /// All lines in drawing order.
    public var lines: [Line] { ids.map { slots[$0.index] } }

    /// Adds a new line under a fresh identity.
    @discardableResult
    mutating func append(_ line: Line) -> LineID {
        precondition(line.isFinite, "lines must have finite coordinates")
        precondition(slots.count < Int(UInt32.max), "line identities exhausted")
        let id = nextID
        slots.append(line)
        alive.append(true)
        index(id.rawValue, line)
        count += 1
        countFreehand(line, 1)
        return id
    }

    /// Adds every line of `other` after this store's, removed ones too (so
    /// undo can bring them back): `other`'s line `n` gets the identity
    /// `nextID + n`.
    mutating func append(contentsOf other: LineStore) {
        for index in other.slots.indices {
            let id = append(other.slots[index])
            if !other.alive[index] { remove(id) }
        }
    }

    /// Brings back a line under an identity it had before (undo of a removal).
    mutating func restore(_ id: LineID, _ line: Line) {
        precondition(id.index < slots.count && !alive[id.index], "\(id) is not a removed line")
        precondition(line.isFinite, "lines must have finite coordinates")
        slots[id.index] = line
        alive[id.index] = true
        index(id.rawValue, line)
        count += 1
        countFreehand(line, 1)
    }

    @discardableResult
    mutating func remove(_ id: LineID) -> Line {
        guard let line = self[id] else { preconditionFailure("\(id) is not in the store") }
        unindex(id.rawValue, line)
        alive[id.index] = false
        count -= 1
        countFreehand(line, -1)
        return line
    }

    mutating func replace(_ id: LineID, with line: Line) {
        precondition(line.isFinite, "lines must have finite coordinates")
        guard let old = self[id] else { preconditionFailure("\(id) is not in the store") }
        unindex(id.rawValue, old)
        slots[id.index] = line
        index(id.rawValue, line)
        countFreehand(old, -1)
        countFreehand(line, 1)
    }

    /// Removes every line; identities stay used.
    mutating func removeAll() {
        for index in alive.indices { alive[index] = false }
        grid.removeAll()
        freehandGrid.removeAll()
        count = 0
        freehandPointCount = 0
        freehandCount = 0
        styledCount = 0
    }

    private mutating func countFreehand(_ line: Line, _ sign: Int) {
        if !line.style.isStandard { styledCount += sign }
        guard line.isFreehand else { return }
        freehandCount += sign
        freehandPointCount += sign * line.freehandPointCount
    }

    /// The line closest to `point` whose exact point-to-segment distance is
    /// at most `radius`, or nil. Ties go to the line drawn last (on top).
    ///
    /// Cells are searched nearest first and the search stops at the first
    /// cell farther away than the best line found so far.
    /// A freehand line is measured by its pieces that pass through the
    /// cells searched: any piece closer than the best so far passes
    /// through a cell at least as close.
    public func nearestLine(to point: Point, within radius: Double) -> LineID? {
        var best = Candidate(limit: radius * radius)
        for id in grid.oversized + freehandGrid.oversized {
            best.consider(id, slots[Int(id)].squaredDistance(to: point))
        }
        slots.withUnsafeBufferPointer { lines in
            for (distance, cell) in Self.cells(of: grid, near: point, within: radius) {
                if distance > best.squaredDistance { break }
                guard let ids = grid.cells[cell] else { continue }
                for id in ids { best.consider(id, lines[Int(id)].squaredDistance(to: point)) }
            }
            for (distance, cell) in Self.cells(of: freehandGrid, near: point, within: radius) {
                if distance > best.squaredDistance { break }
                guard let runs = freehandGrid.runs[cell] else { continue }
                // A run whose box is farther than the best so far holds nothing closer.
                for run in runs where run.squaredDistance(from: point) <= best.squaredDistance {
                    best.consider(run.id, lines[Int(run.id)].squaredDistance(to: point, segments: run.segments))
                }
            }
        }
        return best.id.map { LineID($0) }
    }

    /// The cells of `grid` within `radius` of `point`, nearest first, with
    /// their squared distance from it.
    private static func cells(of grid: LineGrid, near point: Point,
                              within radius: Double) -> [(distance: Double, cell: LineGrid.Cell)] {
        let columns = grid.cellRange(point.x - radius, point.x + radius)
        let rows = grid.cellRange(point.y - radius, point.y + radius)
        var nearby: [(distance: Double, cell: LineGrid.Cell)] = []
        nearby.reserveCapacity(columns.count * rows.count)
        let size = grid.cellSize
        for column in columns {
            for row in rows {
                let x0 = Double(column) * size, y0 = Double(row) * size
                let dx = max(x0 - point.x, 0, point.x - (x0 + size))
                let dy = max(y0 - point.y, 0, point.y - (y0 + size))
                nearby.append((dx * dx + dy * dy, LineGrid.Cell(x: column, y: row)))
            }
        }
        nearby.sort { $0.distance < $1.distance }
        return nearby
    }

    /// The same answer as `nearestLine(to:within:)` by checking every line:
    /// the oracle for tests and the baseline for benchmarks.
    public func nearestLineByLinearScan(to point: Point, within radius: Double) -> LineID? {
        var best = Candidate(limit: radius * radius)
        slots.withUnsafeBufferPointer { lines in
            alive.withUnsafeBufferPointer { alive in
                for index in lines.indices where alive[index] {
                    best.consider(UInt32(index), lines[index].squaredDistance(to: point))
                }
            }
        }
        return best.id.map { LineID($0) }
    }

    /// Identities, in drawing order, of the lines whose segment touches
    /// `rect` (callers outset the rectangle by half the stroke width).
    public func lines(intersecting rect: Rect) -> [LineID] {
        var found = Set<UInt32>()
        for id in grid.oversized + freehandGrid.oversized where slots[Int(id)].intersects(rect) { found.insert(id) }
        for column in grid.cellRange(rect.minX, rect.maxX) {
            for row in grid.cellRange(rect.minY, rect.maxY) {
                guard let ids = grid.cells[LineGrid.Cell(x: column, y: row)] else { continue }
                for id in ids where !found.contains(id) && slots[Int(id)].intersects(rect) {
                    found.insert(id)
                }
            }
        }
        for column in freehandGrid.cellRange(rect.minX, rect.maxX) {
            for row in freehandGrid.cellRange(rect.minY, rect.maxY) {
                guard let runs = freehandGrid.runs[LineGrid.Cell(x: column, y: row)] else { continue }
                for run in runs where run.mayTouch(rect) && !found.contains(run.id)
                    && slots[Int(run.id)].segments(intersecting: rect, in: run.segments) {
                    found.insert(run.id)
                }
            }
        }
        return found.sorted().map { LineID($0) }
    }

    /// The same answer as `lines(intersecting:)` by checking every line.
    func linesByLinearScan(intersecting rect: Rect) -> [LineID] {
        ids.filter { slots[$0.index].intersects(rect) }
    }
}

/// The best line so far in a nearest-line search.
private struct Candidate {
    private(set) var squaredDistance: Double
    private(set) var id: UInt32?

    init(limit: Double) {
        squaredDistance = limit
    }

    mutating func consider(_ candidate: UInt32, _ distance: Double) {
        if distance < squaredDistance
            || (distance == squaredDistance && (id.map { candidate > $0 } ?? true)) {
            squaredDistance = distance
            id = candidate
        }
    }
}
