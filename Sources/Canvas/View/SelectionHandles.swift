import TouchCore

/// The selection's handles, for the mouse and the pen (issue 38): a square
/// at each corner of its dashed box scales it about the opposite corner; a
/// disc above the box's top edge turns it about the box's centre. Fingers
/// pinch and turn instead (`SelectionGestures`). Positions are in view
/// points, so a handle is as large at any zoom.
struct SelectionHandles: Equatable, Sendable {
    /// The dashed box: the selected lines' bounds, outset past their rings.
    let box: Rect
    /// A corner handle's side, view points.
    static let size = 8.0
    /// How far above the box the turning handle sits, view points.
    static let turnHandleOffset = 24.0
    /// How far from a handle's centre a press still takes it, view points.
    static let reach = 10.0

    /// The handles of a selection whose lines' points lie in `bounds` (view
    /// coordinates).
    init(aroundLinesIn bounds: Rect) {
        box = bounds.insetBy(dx: -CanvasMetrics.paintReach, dy: -CanvasMetrics.paintReach)
    }

    /// Top left, top right, bottom right, bottom left.
    var corners: [Point] {
        [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
         Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY)]
    }

    var turnHandle: Point { Point(x: box.midX, y: box.minY - Self.turnHandleOffset) }

    var centre: Point { Point(x: box.midX, y: box.midY) }

    /// What a press at `point` takes hold of, if a handle.
    enum Grip: Equatable, Sendable {
        /// A corner: scale about `anchor`, the opposite corner.
        case corner(anchor: Point)
        /// The disc: turn about `centre`.
        case turn(centre: Point)
    }

    func grip(at point: Point) -> Grip? {
        if point.distance(to: turnHandle) <= Self.reach { return .turn(centre: centre) }
        let corners = corners
        for (index, corner) in corners.enumerated() where point.distance(to: corner) <= Self.reach {
            return .corner(anchor: corners[(index + 2) % 4])
        }
        return nil
    }

    /// The transform (view coordinates) a handle taken at `start` and
    /// dragged to `point` makes: a corner scales each axis by how far it
    /// moved from its anchor (both by the larger when `keepingProportions`),
    /// the disc turns by the angle it went round the centre.
    static func transform(for grip: Grip, from start: Point, to point: Point,
                                 keepingProportions: Bool) -> AffineTransform {
        switch grip {
        case .corner(let anchor):
            var sx = (point.x - anchor.x) / (start.x - anchor.x)
            var sy = (point.y - anchor.y) / (start.y - anchor.y)
            if keepingProportions {
                sx = max(sx, sy)
                sy = sx
            }
            return AffineTransform(translationX: -anchor.x, y: -anchor.y)
                .concatenating(AffineTransform(scaleX: sx, y: sy))
                .concatenating(AffineTransform(translationX: anchor.x, y: anchor.y))
        case .turn(let centre):
            let angle = Double.atan2(y: point.y - centre.y, x: point.x - centre.x)
                - Double.atan2(y: start.y - centre.y, x: start.x - centre.x)
            return AffineTransform(translationX: -centre.x, y: -centre.y)
                .concatenating(AffineTransform(rotationAngle: angle))
                .concatenating(AffineTransform(translationX: centre.x, y: centre.y))
        }
    }
}
