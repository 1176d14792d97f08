import Canvas
import SampleDrawings
import TouchCore

/// The nearest-line benchmark of issue 8, ready to time: a drawing of random
/// finger-like lines and query points, answered with the spatial index or
/// with a scan of every line.
public final class NearestLineWorkload {
    public let drawing: Drawing
    public let points: [Point]

    /// `lineCount` lines (see `SampleLines.random`) and `queryCount` query
    /// points, all inside `area`; the same arguments give the same workload.
    public init(lineCount: Int = 100_000, queryCount: Int = 1000,
                area: Rect = Rect(x: 0, y: 0, width: 1920, height: 1080)) {
        drawing = Drawing(lines: SampleLines.random(count: lineCount, in: area))
        points = SampleLines.randomPoints(count: queryCount, in: area)
    }

    /// `strokeCount` freehand lines of `pointsPerStroke` points each (see
    /// `SampleStrokes.random`), pen strokes wandering over `area`, and
    /// `queryCount` query points inside it.
    public init(freehandStrokes strokeCount: Int, pointsPerStroke: Int, queryCount: Int = 1000,
                area: Rect = Rect(x: 0, y: 0, width: 1920, height: 1080)) {
        drawing = Drawing(lines: SampleStrokes.random(count: strokeCount, points: pointsPerStroke, in: area))
        points = SampleLines.randomPoints(count: queryCount, in: area)
    }

    /// Query `index` (modulo the number of points) through the grid index.
    public func indexedQuery(_ index: Int) -> LineID? {
        drawing.store.nearestLine(to: points[index % points.count], within: CanvasMetrics.selectionRadius)
    }

    /// The same query answered by checking every line.
    public func linearQuery(_ index: Int) -> LineID? {
        drawing.store.nearestLineByLinearScan(to: points[index % points.count], within: CanvasMetrics.selectionRadius)
    }
}
