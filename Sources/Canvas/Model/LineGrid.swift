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
struct LineGrid {
    /// Cells on each axis; a cell is `cellSize` points wide.
    struct Cell: Hashable {
        var x: Int32
        var y: Int32
    }

    let cellSize: Double
    static let maximumCellsPerLine = 1024
    private(set) var cells: [Cell: [UInt32]] = [:]
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

    mutating func insert(_ id: UInt32, _ line: Line) {
        if cellCount(of: line) > Self.maximumCellsPerLine {
            oversized.append(id)
            return
        }
        for cell in cellsCrossed(by: line) { cells[cell, default: []].append(id) }
    }

    /// Unregisters `id`, which must have been inserted with exactly `line`.
    mutating func remove(_ id: UInt32, _ line: Line) {
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
        oversized.removeAll()
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
                result.append(Cell(x: column, y: row))
            }
        }
        return result
    }
}
