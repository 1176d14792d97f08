import TouchCore

/// Where the contacts' labels go (issue 36): beside their own rings and
/// never over another contact's ring, so with fingers close together
/// every ring stays in sight. Each label takes the first place, in the
/// order of `labelCandidates`, that is inside the canvas and clear of the
/// other rings, and if it can, of the labels placed before it. A label
/// depends on where every contact is: a moving finger may send a
/// neighbour's label aside, and the overlay damages that too.
extension InspectorLayout {
    /// The square a ring at `location` paints in, antialiasing included.
    static func ringBounds(at location: Point) -> Rect {
        let reach = ringRadius + ringWidth / 2 + 1
        return Rect(x: location.x - reach, y: location.y - reach, width: 2 * reach, height: 2 * reach)
    }

    /// The label of each contact at `locations` (in order) on a canvas at
    /// `canvasFrame`.
    static func labelFrames(at locations: [Point], in canvasFrame: Rect) -> [Rect] {
        let rings = locations.map(ringBounds)
        var labels: [Rect] = []
        labels.reserveCapacity(locations.count)
        for (index, location) in locations.enumerated() {
            func clearOfRings(_ label: Rect) -> Bool {
                !rings.indices.contains { $0 != index && rings[$0].intersects(label) }
            }
            let candidates = labelCandidates(at: location, in: canvasFrame)
            let label = candidates.first { candidate in
                clearOfRings(candidate) && !labels.contains { $0.intersects(candidate) }
            } ?? candidates.first(where: clearOfRings) ?? candidates[0]
            labels.append(label)
        }
        return labels
    }

    /// Everything each contact at `locations` paints on a canvas at
    /// `canvasFrame`, its ring and its label: what to damage when it
    /// appears, moves, changes or goes.
    static func contactBounds(at locations: [Point], in canvasFrame: Rect) -> [Rect] {
        zip(locations, labelFrames(at: locations, in: canvasFrame)).map { ringBounds(at: $0).union($1) }
    }

    /// The places a label of the contact at `location` may take, best
    /// first: to the ring's right with its first line level with the
    /// centre, to its left, under it, over it (moved along to stay inside
    /// the canvas); then the same a ring's width further out each time, up
    /// to three times. Only those inside the canvas, unless none is: then
    /// the right, or the left where the right would leave the canvas.
    static func labelCandidates(at location: Point, in canvasFrame: Rect) -> [Rect] {
        let size = labelSize
        let gap = ringRadius + 6, step = 2 * ringRadius
        let levelTop = location.y - PanelStyle.lineHeight / 2 - 2
        let centredX = min(max(location.x - size.width / 2, canvasFrame.minX), canvasFrame.maxX - size.width)
        var candidates: [Rect] = []
        candidates.reserveCapacity(16)
        for distance in 0..<4 {
            let out = gap + Double(distance) * step
            for origin in [Point(x: location.x + out, y: levelTop),
                           Point(x: location.x - out - size.width, y: levelTop),
                           Point(x: centredX, y: location.y + out),
                           Point(x: centredX, y: location.y - out - size.height)] {
                // On whole points, so its text lands on whole pixels at integer scales.
                let frame = Rect(x: origin.x.rounded(), y: origin.y.rounded(), width: size.width, height: size.height)
                if canvasFrame.contains(frame) { candidates.append(frame) }
            }
        }
        guard candidates.isEmpty else { return candidates }
        let fitsRight = location.x + gap + size.width <= canvasFrame.maxX
        let x = fitsRight ? location.x + gap : location.x - gap - size.width
        return [Rect(x: x.rounded(), y: levelTop.rounded(), width: size.width, height: size.height)]
    }
}
