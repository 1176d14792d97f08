import SampleDrawings
import Testing
@testable import Canvas
import TestSupport
import TouchCore

@Suite struct LineStoreTests {
    @Test func selectsWithinTwentyPointsButNotTwentyOne() {
        var store = LineStore()
        let id = store.append(Line(begin: Point(x: 100, y: 100), end: Point(x: 300, y: 100)))
        #expect(store.nearestLine(to: Point(x: 200, y: 120), within: 20) == id)
        #expect(store.nearestLine(to: Point(x: 200, y: 121), within: 20) == nil)
        #expect(store.nearestLine(to: Point(x: 320, y: 100), within: 20) == id)
        #expect(store.nearestLine(to: Point(x: 321, y: 100), within: 20) == nil)
    }

    @Test func picksTheNearestNotTheFirst() {
        var store = LineStore()
        store.append(Line(begin: Point(x: 0, y: 10), end: Point(x: 100, y: 10)))
        let near = store.append(Line(begin: Point(x: 0, y: 3), end: Point(x: 100, y: 3)))
        store.append(Line(begin: Point(x: 0, y: -15), end: Point(x: 100, y: -15)))
        #expect(store.nearestLine(to: Point(x: 50, y: 0), within: 20) == near)
    }

    @Test func tiesGoToTheLineDrawnLast() {
        var store = LineStore()
        store.append(Line(begin: Point(x: 0, y: 10), end: Point(x: 100, y: 10)))
        let top = store.append(Line(begin: Point(x: 0, y: -10), end: Point(x: 100, y: -10)))
        #expect(store.nearestLine(to: Point(x: 50, y: 0), within: 20) == top)
    }

    @Test func removedAndMovedLinesAreFoundWhereTheyAre() {
        var store = LineStore()
        let a = store.append(Line(begin: Point(x: 0, y: 0), end: Point(x: 50, y: 0)))
        let b = store.append(Line(begin: Point(x: 0, y: 100), end: Point(x: 50, y: 100)))
        store.remove(a)
        #expect(store.nearestLine(to: Point(x: 25, y: 5), within: 20) == nil)
        store.replace(b, with: Line(begin: Point(x: 500, y: 500), end: Point(x: 550, y: 500)))
        #expect(store.nearestLine(to: Point(x: 25, y: 100), within: 20) == nil)
        #expect(store.nearestLine(to: Point(x: 525, y: 510), within: 20) == b)
        store.restore(a, Line(begin: Point(x: 0, y: 0), end: Point(x: 50, y: 0)))
        #expect(store.nearestLine(to: Point(x: 25, y: 5), within: 20) == a)
        #expect(store.ids == [a, b])
    }

    @Test func hugeLinesStayFindableWithoutFillingTheGrid() {
        var store = LineStore()
        let huge = store.append(Line(begin: Point(x: -1e6, y: -1e6), end: Point(x: 1e6, y: 1e6)))
        #expect(store.nearestLine(to: Point(x: 10, y: 12), within: 20) == huge)
        #expect(store.lines(intersecting: Rect(x: 0, y: 0, width: 1, height: 1)) == [huge])
        store.remove(huge)
        #expect(store.nearestLine(to: Point(x: 10, y: 12), within: 20) == nil)
    }

    /// The index must answer exactly what the linear scan answers, for short
    /// and long lines, after removals and moves.
    @Test(arguments: [(5.0...150.0, UInt64(1)), (1.0...2000.0, UInt64(7)), (0.0...30.0, UInt64(9))])
    func indexAgreesWithLinearScan(lengths: ClosedRange<Double>, seed: UInt64) {
        let area = Rect(x: 0, y: 0, width: 1920, height: 1080)
        var store = LineStore()
        let ids = SampleLines.random(count: 3000, in: area, lengths: lengths, seed: seed).map { store.append($0) }
        for id in ids.prefix(300) { store.remove(id) }
        for id in ids.suffix(300) { store.replace(id, with: store[id]!.translated(by: Vector(dx: 37.5, dy: -12.25))) }

        for point in SampleLines.randomPoints(count: 2000, in: area.insetBy(dx: -40, dy: -40), seed: seed + 100) {
            #expect(store.nearestLine(to: point, within: 20) == store.nearestLineByLinearScan(to: point, within: 20))
        }
        for point in SampleLines.randomPoints(count: 200, in: area, seed: seed + 200) {
            let rect = Rect(origin: point, size: Size(width: 60, height: 25))
            #expect(store.lines(intersecting: rect) == store.linesByLinearScan(intersecting: rect))
        }
    }

    /// A drawing opened from a file is indexed in bulk (`LineStore(lines:)`):
    /// the grid must hold what appending the lines one by one gives, the
    /// same identities in the same cells in the same order, for short,
    /// screen-long and far too long lines mixed with freehand ones.
    /// Lines a million points away make the bulk's plain array too large:
    /// they are registered one at a time instead, with the same result.
    @Test(arguments: [false, true])
    func indexingInBulkRegistersWhatAppendingDoes(withLinesFarAway: Bool) {
        let area = Rect(x: 0, y: 0, width: 1920, height: 1080)
        let lines = SampleLines.random(count: 2000, in: area, seed: 3)
            + SampleLines.random(count: 200, in: area, lengths: 1...2000, seed: 4)
            + [line(-5e6, 0, 5e6, 10), line(0, -1e9, 1, 1e9)]
            + SampleStrokes.random(count: 20, points: 30, in: area)
            + SampleLines.random(count: 500, in: area.offsetBy(dx: -3000, dy: 2000), seed: 5)
            + (withLinesFarAway ? SampleLines.random(count: 50, in: area.offsetBy(dx: 1e6, dy: 1e6), seed: 6) : [])
        var oneByOne = LineGrid(cellSize: 16), inBulk = LineGrid(cellSize: 16)
        for (index, line) in lines.enumerated() where !line.isFreehand { oneByOne.insert(UInt32(index) + 7, line) }
        inBulk.insertStraightLines(of: lines, firstID: 7)
        #expect(inBulk.cells == oneByOne.cells)
        #expect(inBulk.oversized == oneByOne.oversized)
        #expect(inBulk.runs.isEmpty, "freehand lines are the caller's")

        var store = LineStore(lines: lines)
        var appended = LineStore()
        for line in lines { appended.append(line) }
        #expect(store.count == appended.count && store.freehandCount == appended.freehandCount)
        for point in SampleLines.randomPoints(count: 500, in: area, seed: 11) {
            #expect(store.nearestLine(to: point, within: 20) == appended.nearestLine(to: point, within: 20))
            let rect = Rect(origin: point, size: Size(width: 60, height: 25))
            #expect(store.lines(intersecting: rect) == store.linesByLinearScan(intersecting: rect))
        }
        // Every line is registered where removing it looks for it.
        for id in store.ids { store.remove(id) }
        #expect(store.count == 0)
    }
}
