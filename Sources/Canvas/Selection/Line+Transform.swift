import TouchCore

extension Line {
    /// The line moved, scaled or turned by `transform` (the selection's
    /// reshaping): the file stores the points this gives, not the transform.
    ///
    /// A straight line keeps its width (a person changes it with the width
    /// control). A freehand line is ink as drawn, so its width scales with
    /// it, by the square root of the transform's area factor, to the
    /// nearest width there is (`StrokeWidth.nearest(to:)`); its pressures
    /// stay.
    public func transformed(by transform: AffineTransform) -> Line {
        guard let points = freehandPoints else {
            return Line(begin: begin.applying(transform), end: end.applying(transform), style: style)
        }
        let moved = points.map {
            FreehandPoint($0.location.applying(transform), pressure: $0.pressure)
        }
        let areaFactor = abs(transform.a * transform.d - transform.b * transform.c)
        let width = StrokeWidth.nearest(to: width * areaFactor.squareRoot())
        return Line(freehand: moved, style: StrokeStyle(color: style.color, width: width))
    }

    /// Whether this and `other` are freehand lines drawn through the same
    /// samples, wherever each has moved since (a move or a restyle keeps
    /// them; a scale or a turn makes new ones). The journal writes a line
    /// whose samples changed whole, and a move as an offset.
    public func hasSameSamples(as other: Line) -> Bool {
        guard case .freehand(let mine, _) = shape, case .freehand(let theirs, _) = other.shape else { return false }
        return mine === theirs || mine.points == theirs.points
    }
}

extension StrokeWidth {
    /// The width closest to `points` (the thinner of two equally close).
    public static func nearest(to points: Double) -> StrokeWidth {
        allCases.min { abs($0.points - points) < abs($1.points - points) }!
    }
}
