import TouchCore

/// One sample of a freehand line: where the pen, finger or mouse was, and
/// how hard it pressed there.
public struct FreehandPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    /// 0…1: a pen's pressure; fingers and the mouse press 1 (full width).
    public var pressure: Double

    public init(x: Double, y: Double, pressure: Double = 1) {
        self.x = x
        self.y = y
        self.pressure = pressure
    }

    public init(_ location: Point, pressure: Double = 1) {
        self.init(x: location.x, y: location.y, pressure: pressure)
    }

    public var location: Point { Point(x: x, y: y) }

    /// Coordinates finite, pressure finite and within 0…1.
    public var isValid: Bool {
        x.isFinite && y.isFinite && pressure.isFinite && pressure >= 0 && pressure <= 1
    }

    /// A touch's pressure as a freehand line keeps it: 1 when the touch has
    /// none (fingers, the mouse, pens without a pressure axis), else
    /// clamped to 0…1 and rounded to thousandths. A thousandth of the width
    /// is a hundredth of a point, far below what shows, and the file then
    /// spells each pressure in at most five characters ("0.734") instead
    /// of the seventeen digits a raw 16-bit fraction takes.
    public static func pressure(from touchPressure: Double?) -> Double {
        guard let touchPressure, !touchPressure.isNaN else { return 1 }
        return (min(1, max(0, touchPressure)) * 1000).rounded() / 1000
    }

    public var description: String { "(\(x), \(y), \(pressure))" }
}

/// The points of a freehand line, in drawing order, where the line is now
/// (its original samples moved by the line's offset).
public struct FreehandPoints: RandomAccessCollection, Sendable {
    let storage: FreehandStorage
    /// How far the line moved since it was drawn.
    public let offset: Vector

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.points.count }

    public subscript(index: Int) -> FreehandPoint {
        let point = storage.points[index]
        return FreehandPoint(x: point.x + offset.dx, y: point.y + offset.dy, pressure: point.pressure)
    }

    /// The samples as they were drawn, before the offset: what a file
    /// keeps, with the offset beside them, so that moves replay exactly.
    public var unmoved: ContiguousArray<FreehandPoint> { storage.points }
}

/// The samples of a freehand line and their bounding box, shared by every
/// copy of the line (a moved line shares them too: it only has a new
/// offset). Never changed once the line is finished; while it is drawn,
/// points are appended to storage only one line value holds (see
/// `Line.appendFreehandPoint`).
final class FreehandStorage: @unchecked Sendable {
    private(set) var points: ContiguousArray<FreehandPoint>
    /// The smallest rectangle holding every sample's location.
    private(set) var bounds: Rect

    init(_ points: ContiguousArray<FreehandPoint>) {
        precondition(!points.isEmpty, "a freehand line has at least one point")
        self.points = points
        bounds = Rect(enclosing: points.lazy.map(\.location))
    }

    func append(_ point: FreehandPoint) {
        points.append(point)
        bounds = bounds.union(Rect(origin: point.location, size: .zero))
    }

    /// Replaces the last point by one at the same place (its bounds stay).
    func replaceLast(_ point: FreehandPoint) {
        precondition(point.location == points[points.count - 1].location, "the last point stays where it is")
        points[points.count - 1] = point
    }

    /// A copy holding exactly its points, without the spare capacity
    /// appending left.
    func compacted() -> FreehandStorage {
        FreehandStorage(points.withUnsafeBufferPointer { ContiguousArray($0) })
    }
}
