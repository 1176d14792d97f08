/// What a view draws into (UIKit's current CGContext): paths filled and
/// stroked in the view's own coordinates, text, and a graphics state of
/// transform, clip, colours and line style that `saveState()` and
/// `restoreState()` keep and bring back.
///
/// The core only describes drawing; the render layer implements it (with
/// Cairo, in the app) and tests record it. When a view's `draw(_:in:)` is
/// called, the context's user space is the view's bounds: its superviews'
/// transforms and its own are already applied, and drawing is clipped to
/// its bounds and to the area being redrawn.
///
/// Angles are in radians from +x towards +y, which is clockwise on screen
/// (y grows downwards), as in `AffineTransform(rotationAngle:)`.
public protocol DrawingContext: AnyObject {
    // MARK: Graphics state

    /// Pushes a copy of the graphics state (transform, clip, colours, line style).
    func saveState()
    /// Pops the state pushed by the matching `saveState()`.
    func restoreState()
    /// Applies `transform` before the current one: later coordinates pass
    /// through `transform` first.
    func concatenate(_ transform: AffineTransform)
    /// Intersects the clip with `rect` (current coordinates).
    func clip(to rect: Rect)
    /// Intersects the clip with the current path (non-zero winding) and
    /// forgets the path.
    func clipToPath()
    /// Starts drawing into a layer of its own, composited by the matching
    /// `endTransparencyLayer(alpha:)` with opacity `alpha` (a view's `alpha`).
    func beginTransparencyLayer()
    func endTransparencyLayer(alpha: Double)

    // MARK: Style

    func setFillColor(_ color: Color)
    func setStrokeColor(_ color: Color)
    func setLineWidth(_ width: Double)
    func setLineCap(_ cap: LineCap)
    func setLineJoin(_ join: LineJoin)

    // MARK: Paths

    /// Forgets the current path.
    func beginPath()
    func move(to point: Point)
    func addLine(to point: Point)
    /// A cubic Bézier curve from the current point.
    func addCurve(to point: Point, control1: Point, control2: Point)
    /// An arc of the circle at `center`, from `startAngle` to `endAngle`,
    /// turning with increasing angles (clockwise on screen) or, with
    /// `decreasing`, the other way. A line joins it to the current point.
    func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, decreasing: Bool)
    func closePath()
    /// Fills the current path (non-zero winding) with the fill colour and
    /// forgets it.
    func fillPath()
    /// Strokes the current path with the stroke colour and line style and
    /// forgets it.
    func strokePath()

    // MARK: Text

    /// The size of `text` set on one line in `font`, cut with "…" to
    /// `width` points when given.
    func size(of text: String, font: Font, width: Double?) -> Size
    /// Draws `text` on one line with its top-left corner at `origin`, cut
    /// with "…" (where `truncation` says) to `width` points when given.
    func draw(_ text: String, at origin: Point, font: Font, color: Color, width: Double?,
              truncation: TextTruncation)
    /// The size of `text` wrapped into lines at most `width` points wide:
    /// broken between words, and inside a word only where the word alone
    /// is wider. Nothing is cut; the text grows downwards instead.
    /// `.infinity`: on one line.
    func size(of text: String, font: Font, wrappedTo width: Double) -> Size
    /// Draws `text` wrapped as `size(of:font:wrappedTo:)` measures it, the
    /// top-left corner of its box at `origin`, each line placed in the box
    /// as `alignment` says.
    func draw(_ text: String, at origin: Point, font: Font, color: Color, wrappedTo width: Double,
              alignment: TextAlignment)
}

/// The end of an open stroke.
public enum LineCap: Hashable, Sendable {
    case butt, round, square
}

/// Where two segments of a stroke meet.
public enum LineJoin: Hashable, Sendable {
    case miter, round, bevel
}

/// Which end of a text too long for its width gives way to "…".
public enum TextTruncation: Hashable, Sendable {
    case end, start
}

/// Where the lines of wrapped text sit across their box.
public enum TextAlignment: Hashable, Sendable {
    case leading, centre, trailing
}

/// A font for `DrawingContext` text: the system's sans-serif or monospace
/// face at a size in points (as fontconfig and Pango count them).
public struct Font: Hashable, Sendable {
    public enum Family: Hashable, Sendable {
        case sans, monospace
    }

    public var family: Family
    public var size: Double
    public var isBold: Bool

    public init(_ family: Family = .sans, size: Double, bold: Bool = false) {
        self.family = family
        self.size = size
        isBold = bold
    }

    /// The menu's, the title bar's and the banner's: Sans 11.
    public static let system = Font(size: 11)
}

extension DrawingContext {
    public func addRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        closePath()
    }

    /// A closed circle, as its own sub-path.
    public func addCircle(center: Point, radius: Double) {
        move(to: Point(x: center.x + radius, y: center.y))
        addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, decreasing: false)
        closePath()
    }

    /// The ellipse that fits `rect`, as its own sub-path (four Bézier quarters).
    public func addEllipse(in rect: Rect) {
        let k = 0.5522847498  // 4/3 (√2 − 1): a quarter circle as one cubic
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry),
                 control2: Point(x: cx + k * rx, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry),
                 control2: Point(x: cx - rx, y: cy + k * ry))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry),
                 control2: Point(x: cx - k * rx, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry),
                 control2: Point(x: cx + rx, y: cy - k * ry))
        closePath()
    }

    /// A rectangle with its corners rounded to `radius` (at most half its
    /// shorter side), as its own sub-path.
    public func addRoundedRect(_ rect: Rect, radius: Double) {
        let radius = max(0, min(radius, rect.width / 2, rect.height / 2))
        let quarter = Double.pi / 2
        move(to: Point(x: rect.minX + radius, y: rect.minY))
        addArc(center: Point(x: rect.maxX - radius, y: rect.minY + radius), radius: radius,
               startAngle: -quarter, endAngle: 0, decreasing: false)
        addArc(center: Point(x: rect.maxX - radius, y: rect.maxY - radius), radius: radius,
               startAngle: 0, endAngle: quarter, decreasing: false)
        addArc(center: Point(x: rect.minX + radius, y: rect.maxY - radius), radius: radius,
               startAngle: quarter, endAngle: 2 * quarter, decreasing: false)
        addArc(center: Point(x: rect.minX + radius, y: rect.minY + radius), radius: radius,
               startAngle: 2 * quarter, endAngle: 3 * quarter, decreasing: false)
        closePath()
    }

    /// A quadratic Bézier curve, as the cubic that traces it.
    public func addQuadCurve(to point: Point, control: Point, from start: Point) {
        let c1 = Point(x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y))
        let c2 = Point(x: point.x + 2 / 3 * (control.x - point.x), y: point.y + 2 / 3 * (control.y - point.y))
        addCurve(to: point, control1: c1, control2: c2)
    }

    /// Fills `rect` with `color`.
    public func fill(_ rect: Rect, with color: Color) {
        setFillColor(color)
        beginPath()
        addRect(rect)
        fillPath()
    }

    /// Draws `text` at `origin`, whole.
    public func draw(_ text: String, at origin: Point, font: Font = .system, color: Color) {
        draw(text, at: origin, font: font, color: color, width: nil, truncation: .end)
    }

    public func size(of text: String, font: Font = .system) -> Size {
        size(of: text, font: font, width: nil)
    }

    /// Draws `text` centred on `point`, whole.
    public func draw(_ text: String, centredAt point: Point, font: Font = .system, color: Color) {
        let size = size(of: text, font: font, width: nil)
        draw(text, at: Point(x: point.x - size.width / 2, y: point.y - size.height / 2), font: font, color: color)
    }
}
