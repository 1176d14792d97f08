import Timing
import TouchCore

/// One picture of the gesture tutorial: drag it (pan), pinch it (scale)
/// and turn it (rotation) at once, with its own three recognizers that
/// recognize simultaneously (its delegate says so); let go while moving and
/// it glides on and slows down, staying on screen; tap it and it chomps
/// (the tap requires the pan to fail, so a slow drag does not); tickle it
/// (`TickleGestureRecognizer`) and it laughs.
///
/// Scale and rotation are about the fingers' centroid, so the picture stays
/// under the fingers. It draws itself with its `art`, in its own
/// coordinates; the transform does the rest.
public final class PictureView: View, GestureRecognizerDelegate {
    public let pan = PanGestureRecognizer()
    public let pinch = PinchGestureRecognizer()
    public let rotation = RotationGestureRecognizer()
    public let tap = TapGestureRecognizer()
    let tickle = TickleGestureRecognizer()

    /// The picture's name ("monkey"); its recognizers are named after it.
    public let name: String
    /// Draws the picture over the bounds.
    private let art: (DrawingContext, Rect) -> Void
    /// Asked for a sound (and its visual cue) by a tap or a tickle.
    public var onSound: ((PictureView, PlaygroundSound) -> Void)?

    /// Whether a gesture moved, scaled or turned the picture yet: until
    /// then its page may place it anew for a new size.
    private(set) var hasBeenMoved = false
    /// The glide after the last pan, while it runs.
    public private(set) var glide: Glide?
    private var displayLink: DisplayLink?

    /// The smallest and largest scale pinching gives.
    static let scaleRange = 0.35...4.0
    /// Slower than this (points per second) at the end of a pan, the
    /// picture stops where it is let go.
    static let minimumGlideSpeed = 60.0

    init(name: String, size: Size, art: @escaping (DrawingContext, Rect) -> Void) {
        self.name = name
        self.art = art
        super.init(frame: Rect(origin: .zero, size: size))
        pan.name = "\(name).pan"
        pinch.name = "\(name).pinch"
        rotation.name = "\(name).rotation"
        tap.name = "\(name).tap"
        tickle.name = "\(name).tickle"
        // The tutorial's recognizers leave the view's own touch handling
        // alone (the picture has none), but must not cancel each other.
        for recognizer in recognizers {
            recognizer.delegate = self
            addGestureRecognizer(recognizer)
        }
        pan.maximumNumberOfTouches = 2
        pan.addTarget(self, action: Action("pan")) { picture, _ in picture.panned() }
        pinch.addTarget(self, action: Action("pinch")) { picture, _ in picture.pinched() }
        rotation.addTarget(self, action: Action("rotate")) { picture, _ in picture.rotated() }
        tap.require(toFail: pan)
        tap.addTarget(self, action: Action("chomp")) { picture, _ in picture.onSound?(picture, .chomp) }
        tickle.addTarget(self, action: Action("laugh")) { picture, _ in picture.onSound?(picture, .laugh) }
    }

    /// The picture's recognizers, for the side panel: pan, pinch, rotation,
    /// tap, tickle.
    public var recognizers: [GestureRecognizer] { [pan, pinch, rotation, tap, tickle] }

    /// How much the picture is scaled now.
    public var scale: Double { (transform.a * transform.a + transform.b * transform.b).squareRoot() }
    /// How far it is turned now, radians.
    public var angle: Double { Double.atan2(y: transform.b, x: transform.a) }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        art(context, bounds)
    }

    /// A picture is hit inside the ellipse its bounds hold, the shape of
    /// both pictures, so a corner of one does not steal the other's touch.
    public override func point(inside point: Point, with event: Event?) -> Bool {
        let dx = (point.x - bounds.midX) / (bounds.width / 2), dy = (point.y - bounds.midY) / (bounds.height / 2)
        return dx * dx + dy * dy <= 1.1
    }

    // MARK: Gestures

    private func panned() {
        guard let container = superview else { return }
        switch pan.state {
        case .began, .changed:
            if pan.state == .began {
                stopGliding()
                container.bringSubviewToFront(self)
                // The picture catches up with the finger's first moves (the
                // pan's hysteresis), so it stays under the finger.
                pan.setTranslation(pan.translationBeforeBegan(in: container), in: container)
            }
            let offset = pan.translation(in: container)
            pan.setTranslation(.zero, in: container)
            center = center + offset
            hasBeenMoved = true
        case .ended:
            let velocity = pan.velocity(in: container)
            glide(velocity: velocity.length >= Self.minimumGlideSpeed ? velocity : .zero)
        case .cancelled:
            glide(velocity: .zero)
        case .possible, .failed:
            break
        }
    }

    private func pinched() {
        guard pinch.state == .began || pinch.state == .changed, let container = superview else { return }
        let wanted = pinch.scale
        pinch.scale = 1
        let factor = min(max(scale * wanted, Self.scaleRange.lowerBound), Self.scaleRange.upperBound) / scale
        apply(AffineTransform(scaleX: factor, y: factor), about: pinch.location(in: container))
    }

    private func rotated() {
        guard rotation.state == .began || rotation.state == .changed, let container = superview else { return }
        let turn = rotation.rotation
        rotation.rotation = 0
        apply(AffineTransform(rotationAngle: turn), about: rotation.location(in: container))
    }

    /// Applies `change` (a scale or a rotation) about `anchor`, a point of
    /// the superview, which stays where it is.
    private func apply(_ change: AffineTransform, about anchor: Point) {
        hasBeenMoved = true
        let offset = (center - anchor).applying(change)
        transform = transform.concatenating(change)
        center = anchor + offset
    }

    /// The recognizers of one picture recognize together; the tap waits for
    /// the pan to fail (`require(toFail:)`) and so does not.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        other.view === self && gestureRecognizer !== tap && other !== tap
    }

    // MARK: Gliding

    /// Glides on at `velocity` (points per second, in the superview) to a
    /// stop that keeps the picture inside its superview, paced by the
    /// window's frames. With zero velocity it only comes back on screen if
    /// it was let go partly off it.
    public func glide(velocity: Vector) {
        guard let container = superview, let window = self.window else { return }
        let allowed = Glide.allowedCenters(for: frame, in: container.bounds)
        let glide = Glide(from: center, velocity: velocity, at: window.timers.clock.now, keepingInside: allowed)
        guard glide.moves else {
            stopGliding()
            return
        }
        self.glide = glide
        let link = displayLink ?? DisplayLink { [unowned self] link in step(at: link.timestamp) }
        displayLink = link
        link.add(to: window)
    }

    private func step(at time: Double) {
        guard let glide else { return stopGliding() }
        center = glide.position(at: time)
        if glide.isAtRest(at: time) { stopGliding() }
    }

    /// Stops where it is (a new pan caught it, or it arrived).
    func stopGliding() {
        glide = nil
        displayLink?.invalidate()
        displayLink = nil
    }

    /// Whether a glide is running.
    var isGliding: Bool { glide != nil }

    public override func didMoveToWindow() {
        if window == nil { stopGliding() }
    }
}
