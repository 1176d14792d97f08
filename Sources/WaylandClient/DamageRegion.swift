/// An accumulated set of changed pixels: a few rects, or the whole buffer.
///
/// Kept coarse on purpose: past `maximumRects` the rects merge into their
/// bounding box, since repainting a little more is cheaper than tracking
/// many small areas.
struct DamageRegion: Equatable {
    static let maximumRects = 16

    private(set) var isFull = false
    private(set) var rects: [PixelRect] = []

    static let full: DamageRegion = {
        var region = DamageRegion()
        region.addFull()
        return region
    }()

    var isEmpty: Bool { !isFull && rects.isEmpty }

    mutating func add(_ rect: PixelRect) {
        guard !isFull, !rect.isEmpty else { return }
        if rects.contains(where: { $0.union(rect) == $0 }) { return }
        rects.append(rect)
        if rects.count > Self.maximumRects {
            rects = [rects.dropFirst().reduce(rects[0]) { $0.union($1) }]
        }
    }

    mutating func add(_ region: DamageRegion) {
        if region.isFull {
            addFull()
        } else {
            region.rects.forEach { add($0) }
        }
    }

    mutating func addFull() {
        isFull = true
        rects = []
    }

    /// The damaged rects inside a buffer of `width` × `height` pixels.
    func rects(width: Int, height: Int) -> [PixelRect] {
        let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        if isFull { return [bounds] }
        return rects.map { $0.clipped(to: bounds) }.filter { !$0.isEmpty }
    }
}
