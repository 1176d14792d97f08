#if canImport(Glibc)
#endif
import TouchCore

/// The touch-events guide's PinchZoom: two fingers zoom the picture about
/// their centroid (and move it with them); a double tap zooms in one step
/// at the tap, a triple tap two steps (the double waits for the triple to
/// fail); at the largest zoom a double tap comes back to the whole
/// picture. A one-finger swipe left or right turns the page.
public final class PinchZoomPage: PlaygroundPage {
    public let pinch = PinchGestureRecognizer()
    public let doubleTap = TapGestureRecognizer()
    public let tripleTap = TapGestureRecognizer()
    public let swipeLeft = SwipeGestureRecognizer()
    public let swipeRight = SwipeGestureRecognizer()
    /// The zoomed picture.
    public let content = ZoomContentView()

    /// One zoom step of a tap.
    public static let step = 1.5
    public static let zoomRange = 1.0...8.0

    private var lastPinchLocation: Point?

    public init() {
        super.init(title: "PinchZoom")
        backgroundColor = Color(red: 0.12, green: 0.14, blue: 0.20)
        addSubview(content)
        pinch.name = "zoom.pinch"
        doubleTap.name = "zoom.doubleTap"
        tripleTap.name = "zoom.tripleTap"
        swipeLeft.name = "zoom.swipeLeft"
        swipeRight.name = "zoom.swipeRight"
        doubleTap.numberOfTapsRequired = 2
        tripleTap.numberOfTapsRequired = 3
        doubleTap.require(toFail: tripleTap)
        swipeLeft.direction = .left
        swipeRight.direction = .right
        for recognizer in recognizers { addGestureRecognizer(recognizer) }
        pinch.addTarget(self, action: Action("zoom")) { page, _ in page.pinched() }
        doubleTap.addTarget(self, action: Action("zoomStep")) { page, tap in page.tapped(tap, steps: 1) }
        tripleTap.addTarget(self, action: Action("zoomSteps")) { page, tap in page.tapped(tap, steps: 2) }
        swipeLeft.addTarget(self, action: Action("nextPage")) { page, _ in page.onTurnPage?(1) }
        swipeRight.addTarget(self, action: Action("previousPage")) { page, _ in page.onTurnPage?(-1) }
    }

    public override var recognizers: [GestureRecognizer] { [pinch, doubleTap, tripleTap, swipeLeft, swipeRight] }

    /// How much the picture is zoomed.
    public var zoomScale: Double { content.transform.a }

    public override func layoutSubviews() {
        content.transform = .identity
        content.frame = bounds
    }

    private func pinched() {
        let location = pinch.location(in: self)
        switch pinch.state {
        case .began, .changed:
            let factor = pinch.scale
            pinch.scale = 1
            if let last = lastPinchLocation { content.center = content.center + (location - last) }
            lastPinchLocation = location
            zoom(by: factor, about: location)
        case .ended, .cancelled, .failed, .possible:
            lastPinchLocation = nil
        }
    }

    private func tapped(_ tap: GestureRecognizer, steps: Int) {
        let location = tap.location(in: self)
        if zoomScale >= Self.zoomRange.upperBound - 1e-9 {
            zoom(by: Self.zoomRange.lowerBound / zoomScale, about: location)
        } else {
            zoom(by: Double.pow(Self.step, Double(steps)), about: location)
        }
    }

    /// Scales the picture by `factor` (within `zoomRange`) keeping the
    /// point under `anchor` (page coordinates) in place, then keeps the
    /// page covered.
    func zoom(by factor: Double, about anchor: Point) {
        let scale = zoomScale
        let target = min(max(scale * factor, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        let change = target / scale
        let offset = (content.center - anchor) * change
        content.transform = AffineTransform(scaleX: target, y: target)
        content.center = anchor + offset
        keepCovered()
    }

    /// The picture always covers the page: no empty margin after a zoom.
    private func keepCovered() {
        let frame = content.frame
        let x = min(max(content.center.x, bounds.maxX - frame.width / 2), bounds.minX + frame.width / 2)
        let y = min(max(content.center.y, bounds.maxY - frame.height / 2), bounds.minY + frame.height / 2)
        if x != content.center.x || y != content.center.y { content.center = Point(x: x, y: y) }
    }
}

/// The picture PinchZoom zooms: a target of rings and a grid, sharp at any
/// zoom because it is drawn, not scaled from pixels.
public final class ZoomContentView: View {
    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public convenience init() { self.init(frame: .zero) }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        let grid = Color(red: 0.30, green: 0.34, blue: 0.45)
        context.setStrokeColor(grid)
        context.setLineWidth(0.5)
        context.beginPath()
        var x = bounds.minX
        while x <= bounds.maxX {
            context.move(to: Point(x: x, y: bounds.minY))
            context.addLine(to: Point(x: x, y: bounds.maxY))
            x += 20
        }
        var y = bounds.minY
        while y <= bounds.maxY {
            context.move(to: Point(x: bounds.minX, y: y))
            context.addLine(to: Point(x: bounds.maxX, y: y))
            y += 20
        }
        context.strokePath()
        let center = bounds.center
        let colors = [Color(red: 0.95, green: 0.35, blue: 0.30), Color(red: 0.98, green: 0.80, blue: 0.25),
                      Color(red: 0.35, green: 0.75, blue: 0.45), Color(red: 0.30, green: 0.55, blue: 0.95)]
        let largest = min(bounds.width, bounds.height) * 0.42
        for ring in 0..<8 {
            context.beginPath()
            context.addCircle(center: center, radius: largest * (1 - Double(ring) / 8))
            context.setFillColor(colors[ring % colors.count])
            context.fillPath()
        }
        context.draw("zoom me", centredAt: center, font: Font(size: 6), color: .white)
        context.draw("pinch · double tap: ×1.5 · triple tap: ×2.25 · swipe ←/→: another page",
                     at: Point(x: bounds.minX + 8, y: bounds.maxY - 20),
                     font: Font(size: 9), color: Color(red: 0.75, green: 0.78, blue: 0.85), width: bounds.width - 16,
                     truncation: .end)
    }
}
