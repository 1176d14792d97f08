import TouchCore

/// The loop a person draws with the Select tool, closed from its last point
/// back to its first, and the rule that decides which lines it selects.
///
/// The rule (issue 38): a straight line is selected when any part of it is
/// inside the loop: an end inside, or the line crossing the loop's edge (a
/// long line through a small loop counts, as in Xournal++). A freehand line
/// is selected when most of its points are inside: a loop drawn round one
/// word should not pick up the long stroke underlining the page that
/// passes through it. Inside is the even–odd rule, so a loop that crosses
/// itself selects what a person sees enclosed.
public struct Lasso: Hashable, Sendable {
    /// The loop's corners, in the order drawn.
    public private(set) var points: [Point]
    /// The smallest rectangle holding every corner.
    public private(set) var bounds: Rect

    public init(points: [Point] = []) {
        self.points = []
        bounds = .null
        for point in points { append(point) }
    }

    public mutating func append(_ point: Point) {
        points.append(point)
        bounds = points.count == 1 ? Rect(origin: point, size: .zero) : bounds.union(Rect(origin: point, size: .zero))
    }

    /// A loop of fewer than three corners encloses nothing.
    var enclosesAnArea: Bool { points.count >= 3 }

    /// Whether `point` is inside the closed loop (even–odd rule: a ray to
    /// the right crosses the edge an odd number of times).
    public func contains(_ point: Point) -> Bool {
        guard enclosesAnArea, Self.closedBox(bounds, holds: point) else { return false }
        var inside = false
        var previous = points[points.count - 1]
        for current in points {
            // Half-open in y, so a ray through a corner counts it once.
            if (current.y > point.y) != (previous.y > point.y) {
                let crossingX = current.x + (point.y - current.y) * (previous.x - current.x) / (previous.y - current.y)
                if point.x < crossingX { inside.toggle() }
            }
            previous = current
        }
        return inside
    }

    /// Whether the segment from `begin` to `end` crosses or touches an edge
    /// of the closed loop.
    func crossesEdge(from begin: Point, to end: Point) -> Bool {
        guard enclosesAnArea else { return false }
        var previous = points[points.count - 1]
        for current in points {
            if Self.segmentsMeet(begin, end, previous, current) { return true }
            previous = current
        }
        return false
    }

    /// Whether the lasso selects `line` (see the rule above).
    public func selects(_ line: Line) -> Bool {
        let box = line.bounds
        // Closed boxes: a horizontal or vertical line's box has no area.
        guard enclosesAnArea, box.minX <= bounds.maxX, box.maxX >= bounds.minX,
              box.minY <= bounds.maxY, box.maxY >= bounds.minY else { return false }
        if let points = line.freehandPoints {
            let inside = points.reduce(0) { $0 + (contains($1.location) ? 1 : 0) }
            return 2 * inside > points.count
        }
        return contains(line.begin) || contains(line.end) || crossesEdge(from: line.begin, to: line.end)
    }

    static func closedBox(_ box: Rect, holds point: Point) -> Bool {
        point.x >= box.minX && point.x <= box.maxX && point.y >= box.minY && point.y <= box.maxY
    }

    /// Whether segments `p1p2` and `q1q2` share a point (orientation test,
    /// touching counts).
    static func segmentsMeet(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
        func orientation(_ a: Point, _ b: Point, _ c: Point) -> Double {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        func within(_ a: Point, _ b: Point, _ c: Point) -> Bool {
            min(a.x, b.x) <= c.x && c.x <= max(a.x, b.x) && min(a.y, b.y) <= c.y && c.y <= max(a.y, b.y)
        }
        let d1 = orientation(q1, q2, p1), d2 = orientation(q1, q2, p2)
        let d3 = orientation(p1, p2, q1), d4 = orientation(p1, p2, q2)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        return (d1 == 0 && within(q1, q2, p1)) || (d2 == 0 && within(q1, q2, p2))
            || (d3 == 0 && within(p1, p2, q1)) || (d4 == 0 && within(p1, p2, q2))
    }
}
