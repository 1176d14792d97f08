import TouchCore

/// A button of the page bar: acts when a press that began on it is
/// released over it, like the title bar's buttons; shown pressed meanwhile.
public final class PlaygroundButton: View {
    public let title: String
    var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsDisplay() } }
    }
    var onTap: (() -> Void)?
    private var press: Touch?
    private var isPressed = false {
        didSet { if isPressed != oldValue { setNeedsDisplay() } }
    }

    static let font = Font(size: 10, bold: true)

    init(title: String) {
        self.title = title
        super.init(frame: .zero)
    }

    /// The width the title needs, measured as the fixed-width core does
    /// (the bar lays out before anything is drawn).
    var preferredWidth: Double { Double(title.count) * 8 + 24 }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard press == nil, let touch = touches.first else { return }
        press = touch
        isPressed = true
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press) else { return }
        isPressed = bounds.contains(press.location(in: self))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press) else { return }
        self.press = nil
        let inside = bounds.contains(press.location(in: self))
        isPressed = false
        if inside { onTap?() }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press) else { return }
        self.press = nil
        isPressed = false
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        let fill = isPressed ? Color(red: 0.45, green: 0.55, blue: 0.80)
            : isSelected ? Color(red: 0.30, green: 0.42, blue: 0.72) : Color(red: 0.24, green: 0.25, blue: 0.30)
        context.beginPath()
        context.addRoundedRect(bounds.insetBy(dx: 3, dy: 6), radius: 7)
        context.setFillColor(fill)
        context.fillPath()
        // In a bar too narrow for every button, the title shrinks with its button.
        var font = Self.font
        font.size *= min(1, bounds.width / preferredWidth)
        context.draw(title, centredAt: bounds.center, font: font,
                     color: isSelected || isPressed ? .white : Color(red: 0.85, green: 0.86, blue: 0.90))
    }
}
