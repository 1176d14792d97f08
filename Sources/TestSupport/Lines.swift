import Canvas
import TouchCore

/// The line from (`x0`, `y0`) to (`x1`, `y1`): drawings in tests read as coordinates.
public func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Line {
    Line(begin: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
}
