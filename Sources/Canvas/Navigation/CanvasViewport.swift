import TouchCore

/// Where the window looks at the drawing: the drawing is a plane in drawing
/// coordinates (what files store), and the canvas view shows it zoomed by
/// `zoom` with the drawing point `origin` at its top-left corner. A view
/// point is `(drawing point − origin) × zoom`.
///
/// Everything the drawing holds (lines, their widths) scales with the zoom;
/// everything a person feels (drag thresholds, tap distances, the eraser's
/// reach, where menus go) stays in view points, so code that compares a
/// distance with a line converts it (`drawingDistance(fromView:)`).
public struct CanvasViewport: Hashable, Sendable, CustomStringConvertible {
    /// 10 %: a drawing ten windows wide fits in one.
    static let minimumZoom = 0.1
    /// 1000 %: a 2 pt line is 20 pt wide, enough to write small.
    public static let maximumZoom = 10.0
    /// Room left around a fitted drawing, in view points, so its outermost
    /// lines do not touch the window's edges.
    public static let fitMargin = 24.0

    /// View points per drawing point, within `minimumZoom...maximumZoom`.
    public private(set) var zoom: Double
    /// The drawing point at the view's top-left corner.
    public var origin: Point

    /// 100 %, the drawing's origin at the top-left corner: the view of a
    /// drawing that has never been moved around.
    public static let actualSize = CanvasViewport(zoom: 1, origin: .zero)

    /// `zoom` is clamped to the limits.
    public init(zoom: Double, origin: Point) {
        self.zoom = Self.clamped(zoom)
        self.origin = origin
    }

    public static func clamped(_ zoom: Double) -> Double {
        guard zoom.isFinite else { return 1 }
        return min(max(zoom, minimumZoom), maximumZoom)
    }

    /// The zoom as a person reads it: 100 for 100 %.
    public var percentage: Int { Int((zoom * 100).rounded()) }

    public var description: String { "\(percentage)% at \(origin)" }

    // MARK: Conversions

    func viewPoint(fromDrawing point: Point) -> Point {
        Point(x: (point.x - origin.x) * zoom, y: (point.y - origin.y) * zoom)
    }

    func drawingPoint(fromView point: Point) -> Point {
        Point(x: point.x / zoom + origin.x, y: point.y / zoom + origin.y)
    }

    public func viewRect(fromDrawing rect: Rect) -> Rect {
        guard !rect.isNull else { return rect }
        let rect = rect.standardized
        return Rect(origin: viewPoint(fromDrawing: rect.origin),
                    size: Size(width: rect.width * zoom, height: rect.height * zoom))
    }

    public func drawingRect(fromView rect: Rect) -> Rect {
        guard !rect.isNull else { return rect }
        let rect = rect.standardized
        return Rect(origin: drawingPoint(fromView: rect.origin),
                    size: Size(width: rect.width / zoom, height: rect.height / zoom))
    }

    /// A distance a person feels (view points) as a distance on the drawing.
    func drawingDistance(fromView distance: Double) -> Double { distance / zoom }

    /// A movement on screen as a movement on the drawing.
    func drawingVector(fromView vector: Vector) -> Vector { vector / zoom }

    /// Drawing coordinates to view coordinates, for a drawing context.
    public var transform: AffineTransform {
        AffineTransform(a: zoom, b: 0, c: 0, d: zoom, tx: -origin.x * zoom, ty: -origin.y * zoom)
    }

    // MARK: Moving around

    /// The view at `zoom` (clamped) that keeps the drawing point under the
    /// view point `anchor` where it is: a pinch's fingers stay on the lines
    /// they hold.
    public func zoomed(to zoom: Double, about anchor: Point) -> CanvasViewport {
        let held = drawingPoint(fromView: anchor)
        let zoom = Self.clamped(zoom)
        return CanvasViewport(zoom: zoom, origin: Point(x: held.x - anchor.x / zoom, y: held.y - anchor.y / zoom))
    }

    /// `zoomed(to:about:)` by a factor of the present zoom.
    public func zoomed(by factor: Double, about anchor: Point) -> CanvasViewport {
        zoomed(to: zoom * factor, about: anchor)
    }

    /// The view after the content moved by `translation` view points (a
    /// finger dragging the paper to the right shows what lies to its left).
    public func panned(by translation: Vector) -> CanvasViewport {
        CanvasViewport(zoom: zoom, origin: origin - drawingVector(fromView: translation))
    }

    /// The view that shows all of `bounds` (drawing coordinates) centred in
    /// a view of `size`, `margin` view points clear of every edge, as large
    /// as the zoom limits and `largestZoom` allow.
    public static func fitting(_ bounds: Rect, in size: Size, margin: Double = fitMargin,
                               largestZoom: Double = maximumZoom) -> CanvasViewport {
        let bounds = bounds.standardized
        let room = Size(width: max(1, size.width - 2 * margin), height: max(1, size.height - 2 * margin))
        let fit = min(room.width / max(bounds.width, 1e-9), room.height / max(bounds.height, 1e-9))
        let zoom = clamped(min(fit, largestZoom))
        return CanvasViewport(zoom: zoom, origin: Point(x: bounds.midX - size.width / 2 / zoom,
                                                        y: bounds.midY - size.height / 2 / zoom))
    }
}
