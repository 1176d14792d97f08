import TouchCore

/// The touch-events guide's PinchZoom, as the guide writes it: the page's
/// own touch methods and `event.allTouches`, no recognizer.
/// - While exactly two fingers are down, each move changes the zoom by
///   Δd/d: d is the distance between the fingers at the move before and Δd
///   how much it changed since, so spreading them grows the picture and
///   pinching them in shrinks it. As the guide's `zoomFactor =
///   fabs(zoomFactor)`, a zoom that would go below zero is taken as its
///   magnitude: pinching in past zero grows the picture back.
/// - A tap adds to the zoom by its `tapCount` as it lifts: the second tap of
///   a run +0.4, the third +0.6, the fourth +0.8 (so a triple tap adds 1.0
///   in all); a first tap, and a fifth or later, add nothing.
/// The picture, a robot (`RobotView`), scales about its centre, in the
/// middle of the page. The page changes by the bar (or ←/→) only, as the
/// guide has no swipe; with no recognizer, the side panel is empty here.
public final class PinchZoomPage: PlaygroundPage {
    /// The zoomed picture.
    let robot = RobotView()

    /// What a tap adds to the zoom, by its `tapCount`.
    static let tapSteps: [Int: Double] = [2: 0.4, 3: 0.6, 4: 0.8]

    /// How much the picture is zoomed.
    public private(set) var zoom = 1.0
    /// The distance between the two fingers at the latest move, while
    /// exactly two are down.
    private var lastDistance: Double?

    init() {
        super.init(title: "PinchZoom")
        // Its touch methods measure two fingers, as the guide's view is
        // multiple-touch enabled.
        isMultipleTouchEnabled = true
        backgroundColor = Color(red: 0.12, green: 0.14, blue: 0.20)
        addSubview(robot)
    }

    public override func layoutSubviews() {
        let side = min(bounds.width, bounds.height) * 0.6
        robot.bounds = Rect(x: 0, y: 0, width: side, height: side)
        robot.center = bounds.center
    }

    /// How to use the page, along its bottom.
    public override func draw(_ rect: Rect, in context: DrawingContext) {
        context.draw("pinch: zoom by Δd/d (past zero it flips back up) · taps add: 2nd +0.4, 3rd +0.6, 4th +0.8",
                     at: Point(x: bounds.minX + 8, y: bounds.maxY - 20), font: Font(size: 9),
                     color: Color(red: 0.75, green: 0.78, blue: 0.85), width: bounds.width - 16, truncation: .end)
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        lastDistance = Self.distanceBetweenTwoFingers(of: event)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        let distance = Self.distanceBetweenTwoFingers(of: event)
        if let distance, let last = lastDistance, last > 0 {
            change(by: (distance - last) / last)
        }
        lastDistance = distance
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for touch in touches.inOrderOfBeginning {
            if let step = Self.tapSteps[touch.tapCount] { change(by: step) }
        }
        lastDistance = Self.distanceBetweenTwoFingers(of: event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        lastDistance = Self.distanceBetweenTwoFingers(of: event)
    }

    /// The distance between the fingers (window points) when exactly two
    /// of the event's touches are down (`allTouches` also holds those that
    /// lift in this very event), nil otherwise.
    static func distanceBetweenTwoFingers(of event: Event) -> Double? {
        let down = event.allTouches.filter { $0.phase != .ended && $0.phase != .cancelled }
        guard down.count == 2 else { return nil }
        let pair = down.inOrderOfBeginning
        return pair[0].location(in: nil).distance(to: pair[1].location(in: nil))
    }

    /// Adds `amount` to the zoom and keeps its magnitude (the guide's `fabs`).
    private func change(by amount: Double) {
        let target = abs(zoom + amount)
        guard target != zoom else { return }
        zoom = target
        robot.transform = AffineTransform(scaleX: zoom, y: zoom)
    }
}
