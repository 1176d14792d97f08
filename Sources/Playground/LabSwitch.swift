import TouchCore

/// A switch of the recognizer lab: a press released over it flips it, as
/// the bar's buttons act (a finger can slide off to change its mind); a
/// pill shows on or off, the title what it sets.
public final class LabSwitch: View {
    public let title: String
    public var isOn: Bool {
        didSet { if isOn != oldValue { setNeedsDisplay() } }
    }
    /// Called after a press flipped it, with the new value.
    public var onChange: ((Bool) -> Void)?
    private var press: Touch?

    static let font = Font(size: 8.5)
    static let onColor = Color(red: 0x35 / 255.0, green: 0x84 / 255.0, blue: 0xE4 / 255.0)
    static let offColor = Color(red: 0.62, green: 0.62, blue: 0.64)

    init(title: String, isOn: Bool) {
        self.title = title
        self.isOn = isOn
        super.init(frame: .zero)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard press == nil, let touch = touches.first else { return }
        press = touch
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press) else { return }
        self.press = nil
        guard bounds.contains(press.location(in: self)) else { return }
        isOn.toggle()
        onChange?(isOn)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press) else { return }
        self.press = nil
    }

    /// The pill, at the switch's left.
    var pill: Rect { Rect(x: 4, y: bounds.midY - 7, width: 26, height: 14) }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        context.beginPath()
        context.addRoundedRect(pill, radius: 7)
        context.setFillColor(isOn ? Self.onColor : Self.offColor)
        context.fillPath()
        context.beginPath()
        context.addCircle(center: Point(x: isOn ? pill.maxX - 7 : pill.minX + 7, y: pill.midY), radius: 5)
        context.setFillColor(.white)
        context.fillPath()
        let size = context.size(of: title, font: Self.font)
        context.draw(title, at: Point(x: pill.maxX + 6, y: bounds.midY - size.height / 2), font: Self.font,
                     color: Color(red: 0.2, green: 0.2, blue: 0.22), width: bounds.width - pill.maxX - 8,
                     truncation: .end)
    }
}
