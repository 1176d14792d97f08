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
}
