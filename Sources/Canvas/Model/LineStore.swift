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
    private var grid: LineGrid
    public private(set) var count = 0
    /// Points of the freehand lines in the store.
    public private(set) var freehandPointCount = 0
    /// Freehand lines in the store.
    public private(set) var freehandCount = 0

    /// `cellSize` trades memory for query speed; 16 pt suits finger-drawn
    /// lines and the 20 pt selection radius.
    public init(cellSize: Double = 16) {
        grid = LineGrid(cellSize: cellSize)
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
        grid.insert(id.rawValue, line)
        count += 1
        countFreehand(line, 1)
        return id
    }

    /// Brings back a line under an identity it had before (undo of a removal).
    mutating func restore(_ id: LineID, _ line: Line) {
        precondition(id.index < slots.count && !alive[id.index], "\(id) is not a removed line")
        precondition(line.isFinite, "lines must have finite coordinates")
        slots[id.index] = line
        alive[id.index] = true
        grid.insert(id.rawValue, line)
        count += 1
        countFreehand(line, 1)
    }

    @discardableResult
    mutating func remove(_ id: LineID) -> Line {
        guard let line = self[id] else { preconditionFailure("\(id) is not in the store") }
        grid.remove(id.rawValue, line)
        alive[id.index] = false
        count -= 1
        countFreehand(line, -1)
        return line
    }

    mutating func replace(_ id: LineID, with line: Line) {
        precondition(line.isFinite, "lines must have finite coordinates")
        guard let old = self[id] else { preconditionFailure("\(id) is not in the store") }
        grid.remove(id.rawValue, old)
        slots[id.index] = line
        grid.insert(id.rawValue, line)
        countFreehand(old, -1)
        countFreehand(line, 1)
    }

    /// Removes every line; identities stay used.
    mutating func removeAll() {
        for index in alive.indices { alive[index] = false }
        grid.removeAll()
        count = 0
        freehandPointCount = 0
        freehandCount = 0
    }

    private mutating func countFreehand(_ line: Line, _ sign: Int) {
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
        for id in grid.oversized { best.consider(id, slots[Int(id)].squaredDistance(to: point)) }

        let columns = grid.cellRange(point.x - radius, point.x + radius)
        let rows = grid.cellRange(point.y - radius, point.y + radius)
        var nearby: [(distance: Double, cell: LineGrid.Cell)] = []
        nearby.reserveCapacity(columns.count * rows.count)
        for column in columns {
            for row in rows {
                nearby.append((squaredDistance(from: point, toCellAt: column, row), LineGrid.Cell(x: column, y: row)))
            }
        }
        nearby.sort { $0.distance < $1.distance }
        for (distance, cell) in nearby {
            if distance > best.squaredDistance { break }
            if let ids = grid.cells[cell] {
                for id in ids { best.consider(id, slots[Int(id)].squaredDistance(to: point)) }
            }
            if let runs = grid.runs[cell] {
                for run in runs {
                    best.consider(run.id, slots[Int(run.id)].squaredDistance(to: point, segments: run.segments))
                }
            }
        }
        return best.id.map { LineID($0) }
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
        for id in grid.oversized where slots[Int(id)].intersects(rect) { found.insert(id) }
        for column in grid.cellRange(rect.minX, rect.maxX) {
            for row in grid.cellRange(rect.minY, rect.maxY) {
                let cell = LineGrid.Cell(x: column, y: row)
                if let ids = grid.cells[cell] {
                    for id in ids where !found.contains(id) && slots[Int(id)].intersects(rect) {
                        found.insert(id)
                    }
                }
                if let runs = grid.runs[cell] {
                    for run in runs where !found.contains(run.id)
                        && slots[Int(run.id)].segments(intersecting: rect, in: run.segments) {
                        found.insert(run.id)
                    }
                }
            }
        }
        return found.sorted().map { LineID($0) }
    }

    /// The same answer as `lines(intersecting:)` by checking every line.
    public func linesByLinearScan(intersecting rect: Rect) -> [LineID] {
        ids.filter { slots[$0.index].intersects(rect) }
    }

    private func squaredDistance(from point: Point, toCellAt column: Int32, _ row: Int32) -> Double {
        let size = grid.cellSize
        let x0 = Double(column) * size, y0 = Double(row) * size
        let dx = max(x0 - point.x, 0, point.x - (x0 + size))
        let dy = max(y0 - point.y, 0, point.y - (y0 + size))
        return dx * dx + dy * dy
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
