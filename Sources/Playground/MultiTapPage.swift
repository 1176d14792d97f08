import Timing
import TouchCore

/// The touch-events guide's MultiTap, the way the guide writes it: with
/// touch methods and a timer, no recognizer. A single tap turns the square
/// red, a double tap blue. The single tap's action waits 0.10 s on the
/// app's timers (`singleTapDelay`, the guide's
/// `performSelector:afterDelay:0.10`), and the second tap's `touchesBegan`
/// cancels it. A second tap that comes later than that, though still a
/// double tap by `tapCount`, shows red first, then blue, as in the guide.
public final class MultiTapPage: PlaygroundPage {
    public let square = MultiTapView()

    init() {
        super.init(title: "MultiTap")
        backgroundColor = Color(red: 0.93, green: 0.92, blue: 0.88)
        addSubview(square)
        square.onRecord = { [unowned self] in record($0) }
    }

    override var ownRows: [String] { [MultiTapView.singleRow, MultiTapView.doubleRow] }

    public override func layoutSubviews() {
        let side = max(40, min(bounds.width, bounds.height - 50) * 0.7)
        square.frame = Rect(x: bounds.midX - side / 2, y: bounds.midY - side / 2 + 20, width: side, height: side)
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        let lines = ["One tap: red, after the double-tap wait.", "Two taps: blue; the second cancels the wait."]
        for (index, line) in lines.enumerated() {
            context.draw(line, at: Point(x: 10, y: 8 + 17 * Double(index)), font: Font(size: 9.5),
                         color: Color(red: 0.3, green: 0.3, blue: 0.3), width: bounds.width - 20, truncation: .end)
        }
    }

    override func willDisappear() {
        square.cancelPendingSingleTap()
    }
}

/// The square of the MultiTap demo.
public final class MultiTapView: View {
    public enum Shade: Equatable, Sendable {
        case plain, red, blue
    }

    /// The panel's rows for the delayed single-tap action and the double tap.
    static let singleRow = "single.timer"
    static let doubleRow = "double.tap"

    /// How long the single tap's action waits for a second tap: the
    /// guide's `afterDelay:0.10`.
    static let singleTapDelay = 0.10

    public private(set) var shade = Shade.plain {
        didSet { if shade != oldValue { setNeedsDisplay() } }
    }
    /// The single tap's action, waiting for a second tap that may not come.
    private(set) var pendingSingleTap: TimerHandle?
    /// How many single and double taps it acted on, for the curious.
    private(set) var singleTaps = 0, doubleTaps = 0
    var onRecord: ((TraceRecord) -> Void)?

    init() {
        super.init(frame: .zero)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        // The second tap of a double tap: the single tap's action must not run.
        if touches.contains(where: { $0.tapCount == 2 }) { cancelPendingSingleTap() }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let touch = touches.first else { return }
        switch touch.tapCount {
        case 1:
            cancelPendingSingleTap()
            onRecord?(.state(recognizer: Self.singleRow, from: .possible, to: .began))
            pendingSingleTap = window?.timers.schedule(after: Self.singleTapDelay) { [weak self] in
                self?.performSingleTap()
            }
        case 2:
            doubleTaps += 1
            shade = .blue
            onRecord?(.state(recognizer: Self.doubleRow, from: .possible, to: .ended))
            onRecord?(.state(recognizer: Self.doubleRow, from: .ended, to: .possible))
        default:
            break
        }
    }

    private func performSingleTap() {
        pendingSingleTap = nil
        singleTaps += 1
        shade = .red
        onRecord?(.state(recognizer: Self.singleRow, from: .began, to: .ended))
        onRecord?(.state(recognizer: Self.singleRow, from: .ended, to: .possible))
    }

    /// Cancels the single tap's action if it is waiting.
    func cancelPendingSingleTap() {
        guard let pending = pendingSingleTap else { return }
        pendingSingleTap = nil
        guard pending.isActive else { return }
        pending.cancel()
        onRecord?(.state(recognizer: Self.singleRow, from: .began, to: .cancelled))
        onRecord?(.state(recognizer: Self.singleRow, from: .cancelled, to: .possible))
    }

    static func color(of shade: Shade) -> Color {
        switch shade {
        case .plain: Color(red: 0.80, green: 0.80, blue: 0.78)
        case .red: Color(red: 0.86, green: 0.16, blue: 0.14)
        case .blue: Color(red: 0.14, green: 0.36, blue: 0.86)
        }
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        context.beginPath()
        context.addRoundedRect(bounds.insetBy(dx: 1, dy: 1), radius: 14)
        context.setFillColor(Self.color(of: shade))
        context.fillPath()
        let caption = switch shade {
        case .plain: "tap me"
        case .red: "single tap"
        case .blue: "double tap"
        }
        context.draw(caption, centredAt: bounds.center, font: Font(size: 14, bold: true),
                     color: shade == .plain ? Color(red: 0.3, green: 0.3, blue: 0.3) : .white)
    }
}
