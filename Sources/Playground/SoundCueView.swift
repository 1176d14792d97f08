import Timing
import TouchCore

/// The visual cue of a sound: a speech bubble with the sound's caption,
/// shown for `duration` near what made the sound, for people who cannot
/// hear it. It takes no touches.
public final class SoundCueView: View {
    public static let duration = 0.9
    static let fill = Color(red: 1, green: 1, blue: 1)
    static let outline = Color(red: 0.15, green: 0.15, blue: 0.2)
    static let text = Color(red: 0.75, green: 0.12, blue: 0.25)
    static let font = Font(size: 13, bold: true)

    /// The sound shown, while shown.
    public private(set) var sound: PlaygroundSound?
    private var timer: TimerHandle?

    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isHidden = true
    }

    convenience init() { self.init(frame: .zero) }

    /// Shows `sound`'s caption with its tail pointing at `point` (superview
    /// coordinates), kept inside the superview, until `duration` passes.
    public func show(_ sound: PlaygroundSound, pointingAt point: Point) {
        guard let container = superview else { return }
        self.sound = sound
        let width = Double(sound.caption.count) * 9 + 28, height = 40.0
        var x = point.x - width / 2, y = point.y - height - 6
        x = min(max(x, container.bounds.minX + 4), container.bounds.maxX - width - 4)
        y = min(max(y, container.bounds.minY + 4), container.bounds.maxY - height - 4)
        frame = Rect(x: x, y: y, width: width, height: height)
        isHidden = false
        setNeedsDisplay()
        container.bringSubviewToFront(self)
        timer?.cancel()
        timer = window?.timers.schedule(after: Self.duration) { [weak self] in self?.hide() }
    }

    public func hide() {
        timer?.cancel()
        timer = nil
        sound = nil
        isHidden = true
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        guard let sound else { return }
        let bubble = bounds.insetBy(dx: 2, dy: 2)
        let body = Rect(x: bubble.minX, y: bubble.minY, width: bubble.width, height: bubble.height - 8)
        context.beginPath()
        context.addRoundedRect(body, radius: 12)
        context.move(to: Point(x: body.midX - 7, y: body.maxY - 1))
        context.addLine(to: Point(x: body.midX, y: bubble.maxY))
        context.addLine(to: Point(x: body.midX + 7, y: body.maxY - 1))
        context.closePath()
        context.setFillColor(Self.fill)
        context.fillPath()
        context.beginPath()
        context.addRoundedRect(body, radius: 12)
        context.setStrokeColor(Self.outline)
        context.setLineWidth(1.5)
        context.strokePath()
        context.draw("♪ " + sound.caption, centredAt: body.center, font: Self.font, color: Self.text)
    }
}
