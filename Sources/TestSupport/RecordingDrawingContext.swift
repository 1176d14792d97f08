import TouchCore

/// A `DrawingContext` that draws nothing and remembers what was drawn, in
/// the coordinates of the pass's root (the window's): each fill, stroke and
/// text with its colour, and the transform in force. Text is measured as
/// `FixedWidthTextMeasurer` does.
public final class RecordingDrawingContext: DrawingContext {
    public enum Operation: Equatable {
        /// A filled path: its bounding box in root coordinates, and colour.
        case fill(Rect, Color)
        /// A stroked path: its bounding box (of the path, not the stroke).
        case stroke(Rect, Color)
        /// Text: where its origin lies in root coordinates.
        case text(String, Point)
        case beginLayer
        case endLayer(alpha: Double)
    }

    public private(set) var operations: [Operation] = []
    /// User space to root coordinates.
    public private(set) var transform = AffineTransform.identity
    /// The clip, as a bounding box in root coordinates (nil: none).
    public private(set) var clip: Rect?
    private var fillColor = Color.black, strokeColor = Color.black
    private var stack: [(AffineTransform, Rect?, Color, Color)] = []
    private var path: [Point] = []
    private var current: Point?
    private let measurer = FixedWidthTextMeasurer()

    public init() {}

    /// Maps `point` of the current user space to root coordinates.
    public func toRoot(_ point: Point) -> Point { point.applying(transform) }

    public func removeAll() { operations = [] }

    public func saveState() { stack.append((transform, clip, fillColor, strokeColor)) }

    public func restoreState() {
        guard let (transform, clip, fill, stroke) = stack.popLast() else { return }
        self.transform = transform
        self.clip = clip
        fillColor = fill
        strokeColor = stroke
    }

    public func concatenate(_ transform: AffineTransform) {
        self.transform = transform.concatenating(self.transform)
    }

    public func clip(to rect: Rect) {
        let inRoot = rect.applying(transform)
        clip = clip.map { $0.intersection(inRoot) } ?? inRoot
    }

    public func clipToPath() {
        let box = Rect(enclosing: path)
        clip = clip.map { $0.intersection(box) } ?? box
        beginPath()
    }

    public func beginTransparencyLayer() { operations.append(.beginLayer) }
    public func endTransparencyLayer(alpha: Double) { operations.append(.endLayer(alpha: alpha)) }
    public func setFillColor(_ color: Color) { fillColor = color }
    public func setStrokeColor(_ color: Color) { strokeColor = color }
    public func setLineWidth(_ width: Double) {}
    public func setLineCap(_ cap: LineCap) {}
    public func setLineJoin(_ join: LineJoin) {}

    public func beginPath() {
        path = []
        current = nil
    }

    public func move(to point: Point) { add(point) }
    public func addLine(to point: Point) { add(point) }

    public func addCurve(to point: Point, control1: Point, control2: Point) {
        add(control1)
        add(control2)
        add(point)
    }

    public func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, decreasing: Bool) {
        // The circle's box: enough for bounding boxes.
        for (dx, dy) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
            add(Point(x: center.x + dx * radius, y: center.y + dy * radius))
        }
    }

    public func closePath() {}

    public func fillPath() {
        operations.append(.fill(Rect(enclosing: path), fillColor))
        beginPath()
    }

    public func strokePath() {
        operations.append(.stroke(Rect(enclosing: path), strokeColor))
        beginPath()
    }

    public func size(of text: String, font: Font, width: Double?) -> Size {
        let size = measurer.size(of: text)
        return Size(width: min(size.width, width ?? .infinity), height: size.height)
    }

    public func draw(_ text: String, at origin: Point, font: Font, color: Color, width: Double?,
                     truncation: TextTruncation) {
        operations.append(.text(text, toRoot(origin)))
    }

    public func size(of text: String, font: Font, wrappedTo width: Double) -> Size {
        measurer.size(of: text, font: font, wrappedTo: width)
    }

    public func draw(_ text: String, at origin: Point, font: Font, color: Color, wrappedTo width: Double,
                     alignment: TextAlignment) {
        operations.append(.text(text, toRoot(origin)))
    }

    private func add(_ point: Point) {
        let inRoot = toRoot(point)
        path.append(inRoot)
        current = inRoot
    }

    /// The texts drawn, in order.
    public var texts: [String] {
        operations.compactMap { if case .text(let text, _) = $0 { text } else { nil } }
    }

    /// The fills drawn, in order.
    public var fills: [(rect: Rect, color: Color)] {
        operations.compactMap { if case .fill(let rect, let color) = $0 { (rect, color) } else { nil } }
    }
}
