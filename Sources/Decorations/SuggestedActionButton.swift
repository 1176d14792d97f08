import TouchCore

/// A dialog's main button (a GtkButton with libadwaita's `pill` and
/// `suggested-action` looks): its title in white on the accent colour, as
/// tall as a finger needs (the frame given, at least
/// `AdwaitaStyle.minimumHitSide`).
///
/// A release over it calls `onPress`; a press that slides off lets go, as
/// `HeaderButton`'s does. While there is nothing for it to do it is
/// insensitive (`isEnabled` false): drawn at half opacity, as libadwaita
/// draws an insensitive widget, and deaf to presses.
public final class SuggestedActionButton: View {
    public let title: String
    public var onPress: (() -> Void)?
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { press = nil }
            setNeedsDisplay()
        }
    }
    /// The press in progress, and whether it is over the button now.
    private var press: (touch: Touch, inside: Bool)? {
        didSet { if press?.inside != oldValue?.inside { setNeedsDisplay() } }
    }

    static let font = Font(size: AdwaitaStyle.bodyFont.size, bold: true)
    /// The accent darkened while held, as libadwaita's `:active`.
    static let pressedColour = Color(red: 0x1C / 255, green: 0x71 / 255, blue: 0xD8 / 255)
    /// libadwaita's `:disabled` opacity.
    static let insensitiveOpacity = 0.5

    public init(title: String, frame: Rect) {
        self.title = title
        super.init(frame: frame)
    }

    public var isPressed: Bool { press?.inside == true }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard isEnabled, press == nil, let touch = touches.first else { return }
        press = (touch, true)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        self.press = (press.touch, bounds.contains(press.touch.location(in: self)))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        self.press = nil
        if bounds.contains(press.touch.location(in: self)) { onPress?() }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        self.press = nil
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        let opacity = isEnabled ? 1 : Self.insensitiveOpacity
        context.setFillColor((isPressed ? Self.pressedColour : AdwaitaStyle.accent).withAlpha(opacity))
        context.beginPath()
        context.addRoundedRect(bounds, radius: bounds.height / 2)
        context.fillPath()
        context.draw(title, centredAt: bounds.center, font: Self.font, color: Color.white.withAlpha(opacity))
    }
}
