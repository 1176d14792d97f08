import Timing
import TouchCore

/// The zoom, shown for a moment in the middle of the canvas while it
/// changes ("150 %"), as map and image viewers show it: a person pinching
/// sees how far they went without looking away from their fingers. It
/// takes no touches, and goes `shownFor` seconds after the last change.
final class ZoomIndicatorView: View {
    /// Seconds it stays after the zoom last changed.
    static let shownFor = 1.0
    static let size = Size(width: 96, height: 40)
    /// GNOME's on-screen-display look: dark, rounded, translucent.
    static let fill = Color(red: 0, green: 0, blue: 0, alpha: 0.65)
    static let font = Font(size: 16, bold: true)

    /// What it shows: "150 %".
    private(set) var text = ""
    private var hideTimer: TimerHandle?

    init() {
        super.init(frame: Rect(origin: .zero, size: Self.size))
        isHidden = true
        isUserInteractionEnabled = false
    }

    /// Shows `zoom` centred in `area` (its superview's coordinates) until
    /// `shownFor` seconds pass on `timers` without another change.
    func show(_ viewport: CanvasViewport, centredIn area: Rect, timers: TimerQueue?) {
        let text = "\(viewport.percentage) %"
        if text != self.text {
            self.text = text
            setNeedsDisplay()
        }
        let frame = Rect(x: (area.midX - Self.size.width / 2).rounded(), y: (area.midY - Self.size.height / 2).rounded(),
                         width: Self.size.width, height: Self.size.height)
        if self.frame != frame { self.frame = frame }
        isHidden = false
        hideTimer?.cancel()
        hideTimer = timers?.schedule(after: Self.shownFor) { [weak self] in
            self?.isHidden = true
            self?.hideTimer = nil
        }
    }

    override func draw(_ rect: Rect, in context: DrawingContext) {
        context.setFillColor(Self.fill)
        context.beginPath()
        context.addRoundedRect(bounds, radius: bounds.height / 2)
        context.fillPath()
        context.draw(text, centredAt: bounds.center, font: Self.font, color: .white)
    }
}
