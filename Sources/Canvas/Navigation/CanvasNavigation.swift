import Timing
import TouchCore

/// How a person moves around the canvas (issue 23): the gesture
/// recognizers that pan and zoom its `viewport`, the fling that glides on
/// after a finger lets go, and whether the view is in motion.
///
/// - Fingers navigate only when `fingersNavigate` is on (a pen is in use,
///   or the person asked): then one finger pans, two pinch about their
///   centroid and pan as they move, and the finger's release flings the
///   paper on with UIKit's deceleration. Otherwise fingers draw, and these
///   recognizers never see them. Pens, erasers and the mouse never navigate
///   by touch.
/// - A touchpad's pinch and Ctrl+wheel (indirect pinches) zoom about the
///   pointer in either mode.
/// - The wheel and a touchpad's two-finger scroll pan (`scroll(by:)`).
///
/// While the view moves (`isMoving`), the renderer scales and shifts the
/// last sharp frame instead of drawing every line again; when it rests, the
/// canvas redraws sharp.
public final class CanvasNavigation: GestureRecognizerDelegate {
    /// A wheel or scroll that has been quiet this long (seconds) has
    /// come to rest: the canvas redraws sharp.
    static let scrollRestDelay = 0.15

    private unowned let canvas: CanvasView
    /// One or more fingers: move the paper.
    let panRecognizer = PanGestureRecognizer()
    /// Two fingers, a touchpad pinch or Ctrl+wheel: zoom about their centre.
    let pinchRecognizer = PinchGestureRecognizer()

    /// Whether fingers move the view instead of drawing.
    public var fingersNavigate = false {
        didSet {
            // Fingers on the glass keep doing what they began doing: the
            // recognizers only judge touches as they begin.
            if fingersNavigate != oldValue { onFingersNavigateChange?(fingersNavigate) }
        }
    }
    /// Called when `fingersNavigate` changes (the app remembers it).
    public var onFingersNavigateChange: ((Bool) -> Void)?

    /// True while a gesture, a fling or a scroll moves the view.
    public var isMoving: Bool { gesturesMoving || fling != nil || scrollRest != nil }
    private var gesturesMoving = false

    private var fling: (motion: ViewportFling, travelled: Vector, link: DisplayLink)?
    /// Whether the running gesture has zoomed: it ends without a fling.
    private var pinched = false
    private var scrollRest: TimerHandle?

    init(canvas: CanvasView) {
        self.canvas = canvas
        panRecognizer.name = "navigatePan"
        pinchRecognizer.name = "navigatePinch"
        // The drag threshold a person feels, in window points at any zoom.
        panRecognizer.hysteresis = CanvasView.dragThreshold
        pinchRecognizer.hysteresis = CanvasView.dragThreshold
        panRecognizer.addTarget(self, action: Action("navigatePan")) { navigation, _ in navigation.pan() }
        pinchRecognizer.addTarget(self, action: Action("navigatePinch")) { navigation, _ in navigation.pinch() }
        for recognizer in [panRecognizer, pinchRecognizer] {
            recognizer.delegate = self
            canvas.addGestureRecognizer(recognizer)
        }
    }

    // MARK: Gestures

    private func pan() {
        switch panRecognizer.state {
        case .began:
            stopFling()
            pinched = false
            updateMotion()
            // The paper catches up with the fingers' first moves (the pan's
            // hysteresis), so it stays under them.
            panRecognizer.setTranslation(panRecognizer.translationBeforeBegan(in: canvas), in: canvas)
            fallthrough
        case .changed:
            let translation = panRecognizer.translation(in: canvas)
            panRecognizer.setTranslation(.zero, in: canvas)
            guard !canvas.isHoldingLine else { return }
            canvas.viewport = canvas.viewport.panned(by: translation)
        case .ended:
            // Fingers that pinched lift one by one: the last one's speed is no flick.
            if !canvas.isHoldingLine, !pinched { startFling(velocity: panRecognizer.velocity(in: canvas)) }
            updateMotion()
        case .cancelled, .failed:
            updateMotion()
        case .possible:
            break
        }
    }

    private func pinch() {
        switch pinchRecognizer.state {
        case .began, .changed:
            if pinchRecognizer.state == .began { stopFling() }
            pinched = true
            let factor = pinchRecognizer.scale
            pinchRecognizer.scale = 1
            guard !canvas.isHoldingLine else { return }
            canvas.viewport = canvas.viewport.zoomed(by: factor, about: pinchRecognizer.location(in: canvas))
            updateMotion()
        case .ended, .cancelled, .failed:
            updateMotion()
        case .possible:
            break
        }
    }

    /// Whether a gesture is in progress; a change of motion tells the
    /// canvas (a rest redraws sharp).
    private func updateMotion() {
        let wasMoving = isMoving
        gesturesMoving = [panRecognizer, pinchRecognizer].contains { [.began, .changed].contains($0.state) }
        if wasMoving != isMoving { canvas.navigationMotionChanged() }
    }

    // MARK: Fling

    /// Starts the paper gliding from now, on the window's clock (the one
    /// its display links and a replay's timers run on), so where it is at
    /// any moment depends only on when the finger lifted, never on when
    /// frames came: a replay ends where the live session did.
    private func startFling(velocity: Vector) {
        guard let window = canvas.window, let motion = ViewportFling(velocity: velocity, at: window.timers.clock.now)
        else { return }
        let link = DisplayLink { [unowned self] link in
            if glide(to: link.timestamp) { endFling() }
        }
        fling = (motion, .zero, link)
        link.add(to: window)
    }

    /// Moves the paper to where the fling has it at `time`; returns
    /// whether it has come to rest there.
    private func glide(to time: Double) -> Bool {
        guard var current = fling else { return true }
        let travelled = current.motion.displacement(at: time)
        canvas.viewport = canvas.viewport.panned(by: travelled - current.travelled)
        current.travelled = travelled
        fling = current
        return current.motion.isFinished(at: time)
    }

    /// Stops the paper where it is now (a finger touching it again, as in
    /// UIKit, or another way of moving around).
    public func stopFling() {
        guard fling != nil else { return }
        if let now = canvas.window?.timers.clock.now { _ = glide(to: now) }
        endFling()
    }

    private func endFling() {
        guard let current = fling else { return }
        current.link.invalidate()
        fling = nil
        canvas.navigationMotionChanged()
    }

    // MARK: Scrolling

    /// The wheel or a two-finger scroll moved the content by `translation`
    /// view points; the view rests once they are quiet.
    public func scroll(by translation: Vector) {
        guard translation != .zero else { return }
        stopFling()
        let wasMoving = isMoving
        scrollRest?.cancel()
        scrollRest = canvas.window?.timers.schedule(after: Self.scrollRestDelay) { [weak self] in
            guard let self else { return }
            scrollRest = nil
            if !isMoving { canvas.navigationMotionChanged() }
        }
        canvas.viewport = canvas.viewport.panned(by: translation)
        if !wasMoving, isMoving { canvas.navigationMotionChanged() }
    }

    // MARK: Delegate

    /// Only fingers navigate, and only in navigate mode; pens draw.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        fingersNavigate && touch.kind == .finger
    }

    /// The pinch zooms for a touchpad's pinch and Ctrl+wheel in any mode.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldReceive gesture: IndirectGesture) -> Bool {
        gestureRecognizer === pinchRecognizer && gesture.kind == .pinch
    }

    /// Pan and pinch run together (two fingers pan as they pinch), and
    /// beside the taps and the line mover, which decide for themselves.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        let ours = [panRecognizer, pinchRecognizer]
        return ours.contains { $0 === gestureRecognizer } && ours.contains { $0 === other }
    }
}
