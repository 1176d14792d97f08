import TouchCore

/// A uniform grid over the unbounded plane that remembers which lines pass
/// through each cell, so queries near a point or inside a rectangle look at a
/// handful of cells instead of every line.
///
/// A line is registered in exactly the cells its segment passes through (not
/// its bounding box), so long diagonal lines do not crowd unrelated cells.
/// A line crossing more than `maximumCellsPerLine` cells (only possible with
/// lines far longer than any screen) is kept in a short `oversized` list that
/// every query checks, which bounds the memory a hostile file can make the
/// index allocate.
///
/// A freehand line is registered piece by piece: each cell its segments
/// pass through holds `Run`s, the consecutive pieces of the line inside
/// it, so a query near a point measures only the pieces near it, not the
/// whole line. A freehand line whose pieces would take more than
/// `maximumCellsPerLine` cells plus 4 per piece (segments far longer than
/// the grid's cells, only in hostile files) is kept whole in `oversized`.
struct LineGrid {
    /// Cells on each axis; a cell is `cellSize` points wide.
    struct Cell: Hashable {
        var x: Int32
        var y: Int32
    }

    /// Pieces `first...last` of freehand line `id`, all passing through
    /// one cell, and the box holding them (widened to `Float`s that still
    /// hold them), so a query skips a run farther than its best answer
    /// without reading the line.
    struct Run: Equatable {
        var id: UInt32
        var first: UInt32
        var last: UInt32
        var minX, minY, maxX, maxY: Float

        init(id: UInt32, piece: UInt32, _ bounds: Rect) {
            self.id = id
            first = piece
            last = piece
            minX = Float(bounds.minX).nextDown
            minY = Float(bounds.minY).nextDown
            maxX = Float(bounds.maxX).nextUp
            maxY = Float(bounds.maxY).nextUp
        }

        var segments: ClosedRange<Int> { Int(first)...Int(last) }

        /// Adds the next piece of the line.
        mutating func extend(to piece: UInt32, _ bounds: Rect) {
            last = piece
            minX = min(minX, Float(bounds.minX).nextDown)
            minY = min(minY, Float(bounds.minY).nextDown)
            maxX = max(maxX, Float(bounds.maxX).nextUp)
            maxY = max(maxY, Float(bounds.maxY).nextUp)
        }

        /// The squared distance from `point` to the run's box: no piece
        /// of the run is closer.
        func squaredDistance(from point: Point) -> Double {
            let dx = max(Double(minX) - point.x, 0, point.x - Double(maxX))
            let dy = max(Double(minY) - point.y, 0, point.y - Double(maxY))
            return dx * dx + dy * dy
        }

        /// Whether the run's box meets `rect`.
        func mayTouch(_ rect: Rect) -> Bool {
            Double(minX) <= rect.maxX && Double(maxX) >= rect.minX && Double(minY) <= rect.maxY && Double(maxY) >= rect.minY
        }
    }

    let cellSize: Double
    static let maximumCellsPerLine = 1024
    private(set) var cells: [Cell: [UInt32]] = [:]
    private(set) var runs: [Cell: [Run]] = [:]
    /// Lines (straight or freehand) every query checks whole.
    private(set) var oversized: [UInt32] = []

    init(cellSize: Double) {
        precondition(cellSize > 0)
        self.cellSize = cellSize
    }

    /// The cell coordinate holding `value`; clamped so that absurdly far
    /// coordinates share the outermost cells instead of overflowing.
    func cellCoordinate(_ value: Double) -> Int32 {
        let cell = (value / cellSize).rounded(.down)
        return Int32(max(-1e9, min(1e9, cell)))
    }

    /// The range of cells touched by the closed interval [low, high].
    func cellRange(_ low: Double, _ high: Double) -> ClosedRange<Int32> {
        cellCoordinate(low)...cellCoordinate(high)
    }

    /// Registers the straight lines among `lines`, whose identities are
    /// `firstID` on in order, as an `insert` of each would, in the same
    /// cells in the same order (freehand lines are left to the caller),
    /// only faster: a drawing of a million lines is indexed as it opens.
    /// Each cell's list is counted first and made once at its size, the
    /// counts kept in a plain array over the cells the lines span
    /// instead of looked up by hash for every cell of every line.
    mutating func insertStraightLines(of lines: some RandomAccessCollection<Line>, firstID: UInt32) {
        var box: Rect?
        for line in lines where !line.isFreehand && cellCount(of: line) <= Self.maximumCellsPerLine {
            box = box?.union(line.bounds) ?? line.bounds
        }
        guard let box else {
            for (offset, line) in lines.enumerated() where !line.isFreehand { insert(firstID + UInt32(offset), line) }
            return
        }
        let columns = cellRange(box.minX, box.maxX), rows = cellRange(box.minY, box.maxY)
        let width = Int(columns.upperBound) - Int(columns.lowerBound) + 1
        let height = Int(rows.upperBound) - Int(rows.lowerBound) + 1
        // Lines far apart would make the plain array too large: one at a time.
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= 1 << 22 else {
            for (offset, line) in lines.enumerated() where !line.isFreehand { insert(firstID + UInt32(offset), line) }
            return
        }
        func slot(_ cell: Cell) -> Int {
            (Int(cell.y) - Int(rows.lowerBound)) * width + Int(cell.x) - Int(columns.lowerBound)
        }
        var counts = [Int](repeating: 0, count: area)
        for line in lines where !line.isFreehand && cellCount(of: line) <= Self.maximumCellsPerLine {
            forEachCellCrossed(by: line) { counts[slot($0)] += 1 }
        }
        var lists = counts.map { count -> [UInt32] in
            var list: [UInt32] = []
            list.reserveCapacity(count)
            return list
        }
        for (offset, line) in lines.enumerated() where !line.isFreehand {
            let id = firstID + UInt32(offset)
            if cellCount(of: line) > Self.maximumCellsPerLine {
                insert(id, line)
            } else {
                forEachCellCrossed(by: line) { lists[slot($0)].append(id) }
            }
        }
        cells.reserveCapacity(cells.count + counts.lazy.filter { $0 > 0 }.count)
        for index in lists.indices where !lists[index].isEmpty {
            let cell = Cell(x: Int32(index % width + Int(columns.lowerBound)), y: Int32(index / width + Int(rows.lowerBound)))
            if cells[cell] == nil { cells[cell] = lists[index] } else { cells[cell]! += lists[index] }
        }
    }

    mutating func insert(_ id: UInt32, _ line: Line) {
        if line.isFreehand {
            insertFreehand(id, line)
            return
        }
        if cellCount(of: line) > Self.maximumCellsPerLine {
            oversized.append(id)
            return
        }
        for cell in cellsCrossed(by: line) { cells[cell, default: []].append(id) }
    }

    /// Unregisters `id`, which must have been inserted with exactly `line`.
    mutating func remove(_ id: UInt32, _ line: Line) {
        if line.isFreehand {
            removeFreehand(id, line)
            return
        }
        if cellCount(of: line) > Self.maximumCellsPerLine {
            if let index = oversized.firstIndex(of: id) { oversized.remove(at: index) }
            return
        }
        for cell in cellsCrossed(by: line) {
            guard let index = cells[cell]?.lastIndex(of: id) else {
                preconditionFailure("\(id) was not registered in cell \(cell)")
            }
            cells[cell]!.remove(at: index)
            if cells[cell]!.isEmpty { cells[cell] = nil }
        }
    }

    mutating func removeAll() {
        cells.removeAll()
        runs.removeAll()
        oversized.removeAll()
    }

    /// The straight lines registered in the cells `rect` covers, and the
    /// oversized ones, in no order and possibly more than once: candidates
    /// for the caller's exact test.
    func straightCandidates(touching rect: Rect) -> [UInt32] {
        var found = oversized
        for column in cellRange(rect.minX, rect.maxX) {
            for row in cellRange(rect.minY, rect.maxY) {
                if let ids = cells[Cell(x: column, y: row)] { found += ids }
            }
        }
        return found
    }

    // MARK: Freehand lines

    /// Whether the pieces of `line` would take too many cells to register
    /// one by one.
    private func isOversizedFreehand(_ line: Line) -> Bool {
        let budget = Self.maximumCellsPerLine + 4 * line.segmentCount
        var total = 0
        for index in 0..<line.segmentCount {
            total += cellCount(of: line.segment(index))
            if total > budget { return true }
        }
        return false
    }

    private mutating func insertFreehand(_ id: UInt32, _ line: Line) {
        if isOversizedFreehand(line) {
            oversized.append(id)
            return
        }
        for index in 0..<line.segmentCount {
            let piece = UInt32(index)
            let segment = line.segment(index)
            let bounds = segment.bounds
            for cell in cellsCrossed(by: segment) {
                // Pieces are registered in order, one line at a time: a
                // cell's last run is this line's if the line passed through
                // it before, and extends when the piece before was there too.
                if var last = runs[cell]?.last, last.id == id, last.last + 1 >= piece {
                    last.extend(to: piece, bounds)
                    runs[cell]![runs[cell]!.count - 1] = last
                } else {
                    runs[cell, default: []].append(Run(id: id, piece: piece, bounds))
                }
            }
        }
    }

    private mutating func removeFreehand(_ id: UInt32, _ line: Line) {
        if isOversizedFreehand(line) {
            if let index = oversized.firstIndex(of: id) { oversized.remove(at: index) }
            return
        }
        var visited = Set<Cell>()
        for index in 0..<line.segmentCount {
            for cell in cellsCrossed(by: line.segment(index)) where visited.insert(cell).inserted {
                guard let before = runs[cell]?.count else {
                    preconditionFailure("\(id) was not registered in cell \(cell)")
                }
                runs[cell]!.removeAll { $0.id == id }
                precondition(runs[cell]!.count < before, "\(id) was not registered in cell \(cell)")
                if runs[cell]!.isEmpty { runs[cell] = nil }
            }
        }
    }

    /// An upper bound of the cells `cellsCrossed(by:)` lists, cheap to compute.
    private func cellCount(of line: Line) -> Int {
        let b = line.bounds
        let columns = cellRange(b.minX, b.maxX), rows = cellRange(b.minY, b.maxY)
        return Int(columns.upperBound - columns.lowerBound) + Int(rows.upperBound - rows.lowerBound) + 1
    }

    /// Every cell the closed segment touches (a "supercover": a cell whose
    /// edge the segment merely grazes counts too), column by column.
    ///
    /// Returned as an array rather than visited with a closure: a closure
    /// mutating `cells` while this method borrows `self` would copy the
    /// whole dictionary on every insertion.
    func cellsCrossed(by line: Line) -> [Cell] {
        var result: [Cell] = []
        forEachCellCrossed(by: line) { result.append($0) }
        return result
    }

    /// Calls `body` with every cell `cellsCrossed(by:)` lists, in its order.
    private func forEachCellCrossed(by line: Line, _ body: (Cell) -> Void) {
        let b = line.bounds
        let dx = line.end.x - line.begin.x, dy = line.end.y - line.begin.y
        for column in cellRange(b.minX, b.maxX) {
            // The part of the segment inside this column's x interval.
            let x0 = max(b.minX, Double(column) * cellSize)
            let x1 = min(b.maxX, Double(column + 1) * cellSize)
            var y0 = b.minY, y1 = b.maxY
            if dx != 0 {
                let ya = line.begin.y + (x0 - line.begin.x) / dx * dy
                let yb = line.begin.y + (x1 - line.begin.x) / dx * dy
                // A hair of slack so rounding never drops a grazed cell;
                // an extra cell only costs a wasted distance check.
                y0 = max(b.minY, min(ya, yb) - 1e-6)
                y1 = min(b.maxY, max(ya, yb) + 1e-6)
            }
            for row in cellRange(y0, y1) {
                body(Cell(x: column, y: row))
            }
        }
    }
}
