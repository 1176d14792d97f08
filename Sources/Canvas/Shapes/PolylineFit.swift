import TouchCore

/// The polyline a stroke approximates, with as few corners as its turns
/// call for (a straight line has none), and how far the stroke strays from it.
///
/// 1. Ramer–Douglas–Peucker keeps the points the stroke strays more than
///    `simplificationTolerance` (of the stroke's size) from the chords
///    between them: the candidate corners.
/// 2. A candidate is a corner only where the stroke itself turns by
///    `minimumCornerTurn` (35°) or more between the stretches `cornerReach`
///    (5 % of the size) long either side of it (`LocalTurns`), measured along the stroke: a corner turns
///    sharply there, a curve (however its chords turn) and hand jitter turn
///    a little. The other candidates go, and so does one of two that make a
///    piece shorter than `shortestPiece` (a corner drawn with a wobble
///    yields two): the one that turns less.
/// 3. Each piece is refitted by least squares to the stroke's points
///    between its corners (`FittedLine`); the corners are where
///    neighbouring pieces cross, the ends the stroke's ends dropped onto
///    the first and last piece.
struct PolylineFit {
    static let simplificationTolerance = 0.02
    static let shortestPiece = 0.05
    static let cornerReach = 0.05
    /// Radians: 35°.
    static let minimumCornerTurn = 35 * Double.pi / 180
    /// Past this many candidates the stroke is a scribble: no need to go on.
    static let candidateLimit = 48

    /// The ends and corners, in drawing order.
    let vertices: [Point]
    /// Root mean square of the stroke's points' distances to the polyline.
    let rmsDistance: Double
    /// The largest of those distances.
    let maximumDistance: Double

    /// The corners between the ends; of a closed polyline, where the ends
    /// join counts as one too (a triangle has three).
    var cornerCount: Int { vertices.first == vertices.last ? vertices.count - 1 : vertices.count - 2 }

    /// The fit of `points` (at least two) of size `size` (the diagonal of
    /// their bounds); with `closing`, the last vertex joins the first (where
    /// the first and last pieces cross). Nil for a stroke with more than
    /// `candidateLimit` candidate corners.
    init?(_ points: UnsafeBufferPointer<Point>, size: Double, closing: Bool) {
        guard var kept = Self.simplified(points, tolerance: Self.simplificationTolerance * size) else { return nil }
        let turns = LocalTurns(points, reach: Self.cornerReach * size)
        kept.removeAll { $0 != 0 && $0 != points.count - 1 && turns.turn(at: $0) < Self.minimumCornerTurn }
        Self.dropShortPieces(&kept, points, shortest: Self.shortestPiece * size, turns: turns)
        let pieces = (0..<(kept.count - 1)).map { FittedLine(points, kept[$0]...kept[$0 + 1]) }
        var vertices = [pieces[0].projection(of: points[0])]
        for index in 1..<pieces.count {
            vertices.append(pieces[index - 1].intersection(with: pieces[index]) ?? points[kept[index]])
        }
        vertices.append(pieces[pieces.count - 1].projection(of: points[points.count - 1]))
        if closing {
            let join = pieces.count > 1 ? pieces[pieces.count - 1].intersection(with: pieces[0]) ?? vertices[0] : vertices[0]
            vertices[0] = join
            vertices[vertices.count - 1] = join
        }
        self.vertices = vertices
        let distances = Self.distances(of: points, toPolyline: vertices)
        rmsDistance = distances.rms
        maximumDistance = distances.maximum
    }

    /// Indices of the points Ramer–Douglas–Peucker keeps (the ends
    /// included), in order; nil past `candidateLimit`.
    private static func simplified(_ points: UnsafeBufferPointer<Point>, tolerance: Double) -> [Int]? {
        var isKept = [Bool](repeating: false, count: points.count)
        isKept[0] = true
        isKept[points.count - 1] = true
        var keptCount = 2
        var pending = [(0, points.count - 1)]
        let squaredTolerance = tolerance * tolerance
        while let (first, last) = pending.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first, farthestDistance = 0.0
            for index in (first + 1)..<last {
                let distance = Line.squaredDistance(from: points[index], toSegment: points[first], points[last])
                if distance > farthestDistance {
                    farthest = index
                    farthestDistance = distance
                }
            }
            guard farthestDistance > squaredTolerance else { continue }
            isKept[farthest] = true
            keptCount += 1
            if keptCount > candidateLimit { return nil }
            pending += [(first, farthest), (farthest, last)]
        }
        return isKept.indices.filter { isKept[$0] }
    }

    private static func dropShortPieces(_ kept: inout [Int], _ points: UnsafeBufferPointer<Point>, shortest: Double,
                                        turns: LocalTurns) {
        var piece = 0
        while piece < kept.count - 1 && kept.count > 2 {
            guard points[kept[piece]].distance(to: points[kept[piece + 1]]) < shortest else {
                piece += 1
                continue
            }
            // Of the piece's two ends, an interior one goes: the one that turns less.
            let candidates = [piece, piece + 1].filter { $0 > 0 && $0 < kept.count - 1 }
            guard let gentler = candidates.min(by: { turns.turn(at: kept[$0]) < turns.turn(at: kept[$1]) }) else {
                piece += 1
                continue
            }
            kept.remove(at: gentler)
        }
    }

    /// The root mean square and the largest of the distances from `points`
    /// to the polyline through `vertices`.
    private static func distances(of points: UnsafeBufferPointer<Point>,
                                  toPolyline vertices: [Point]) -> (rms: Double, maximum: Double) {
        var sum = 0.0, maximum = 0.0
        for point in points {
            var nearest = Double.infinity
            for index in 1..<vertices.count {
                nearest = min(nearest, Line.squaredDistance(from: point, toSegment: vertices[index - 1], vertices[index]))
            }
            sum += nearest
            maximum = max(maximum, nearest)
        }
        return ((sum / Double(points.count)).squareRoot(), maximum.squareRoot())
    }
}
