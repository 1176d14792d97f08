import TouchCore

/// A dashed path cut into its dashes: the drawing interface has no dash
/// pattern, so the lasso's loop and the selection's box are stroked as the
/// pieces this gives.
enum Dashes {
    /// The dashes along the polyline through `points`: `on` long, `off`
    /// apart, the pattern carried on round corners.
    static func pieces(along points: [Point], on: Double, off: Double) -> [(Point, Point)] {
        precondition(on > 0 && off > 0, "a dash and a gap have a length")
        var pieces: [(Point, Point)] = []
        // Where in the pattern the path is: 0..<on draws, on..<on+off skips.
        var phase = 0.0
        for (begin, end) in zip(points, points.dropFirst()) {
            let length = begin.distance(to: end)
            guard length > 0 else { continue }
            var travelled = 0.0
            while travelled < length {
                let drawing = phase < on
                let step = min(length - travelled, (drawing ? on : on + off) - phase)
                if drawing {
                    let from = begin + (end - begin) * (travelled / length)
                    let to = begin + (end - begin) * ((travelled + step) / length)
                    pieces.append((from, to))
                }
                travelled += step
                phase += step
                if phase >= on + off { phase = 0 }
            }
        }
        return pieces
    }
}
