import Canvas
import TouchCore

/// A drawing in small: its lines as polylines fitted into a unit square
/// (aspect kept, centred), at most `pointBudget` points in all, so a
/// chooser row draws it in a few dozen path segments whatever its size.
struct DrawingThumbnail: Equatable {
    /// Each line's points, in 0…1 on both axes.
    let polylines: [[Point]]

    static let pointBudget = 600

    init(lines: [Line]) {
        guard let bounds = lines.map(\.bounds).reduce(nil, { (united: Rect?, next: Rect) in
            united.map { $0.union(next) } ?? next
        }) else {
            polylines = []
            return
        }
        let side = max(bounds.width, bounds.height, 1)
        let origin = Point(x: bounds.minX - (side - bounds.width) / 2, y: bounds.minY - (side - bounds.height) / 2)
        func fitted(_ point: Point) -> Point { Point(x: (point.x - origin.x) / side, y: (point.y - origin.y) / side) }
        let totalPoints = lines.reduce(0) { $0 + max(2, $1.freehandPointCount) }
        // Every n-th point of a freehand line, its last always.
        let stride = max(1, totalPoints / Self.pointBudget)
        var polylines: [[Point]] = []
        for line in lines.prefix(Self.pointBudget / 2) {
            if let points = line.freehandPoints {
                var kept = Swift.stride(from: 0, to: points.count, by: stride).map { fitted(points[$0].location) }
                if (points.count - 1) % stride != 0 { kept.append(fitted(points[points.count - 1].location)) }
                polylines.append(kept)
            } else {
                polylines.append([fitted(line.begin), fitted(line.end)])
            }
        }
        self.polylines = polylines
    }

    /// Strokes the lines into `rect` (the thumbnail's box, inset by the caller).
    func draw(in rect: Rect, context: DrawingContext, color: Color) {
        let side = min(rect.width, rect.height)
        let origin = Point(x: rect.midX - side / 2, y: rect.midY - side / 2)
        context.setStrokeColor(color)
        context.setLineWidth(1)
        context.beginPath()
        for polyline in polylines {
            guard let first = polyline.first else { continue }
            context.move(to: Point(x: origin.x + first.x * side, y: origin.y + first.y * side))
            for point in polyline.dropFirst() {
                context.addLine(to: Point(x: origin.x + point.x * side, y: origin.y + point.y * side))
            }
            if polyline.count == 1 {
                context.addLine(to: Point(x: origin.x + first.x * side + 0.5, y: origin.y + first.y * side))
            }
        }
        context.strokePath()
    }
}
