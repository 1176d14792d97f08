import TouchCore

/// Draws `ToastOverlay`'s toast as libadwaita does: a dark, fully rounded
/// bar centred at the bottom of its area, the title in white and the
/// button, if any, at its end. Hidden while there is no toast.
///
/// The bar takes the presses that land on it (they must not draw under
/// it); the button is pressed as a `HeaderButton` is: released over it,
/// and sliding off lets go. It is `minimumHitSide` tall, for a finger.
public final class ToastView: View {
    public let overlay: ToastOverlay
    private let measurer: any TextMeasuring
    /// Where toasts go: the bottom of the canvas, above the banner.
    private var area = Rect.zero
    /// The button's frame in this view's coordinates; nil: no button.
    private(set) var buttonFrame: Rect?
    /// The press in progress on the button, and whether it is over it now.
    private var press: (touch: Touch, inside: Bool)? {
        didSet { if press?.inside != oldValue?.inside { setNeedsDisplay() } }
    }

    /// The bar's height: the button's and padding around it.
    public static let height = AdwaitaStyle.minimumHitSide + 2 * padding
    static let padding = 4.0
    /// Between the bar and the edges of its area (`toast { margin: 12px }`).
    public static let margin = 12.0
    static let titleInset = 18.0
    static let spacing = 6.0
    static let buttonTextInset = 14.0
    /// `osd_bg_color`: dark grey under white text, opaque so the ink under
    /// it never shows through the words.
    public static let background = Color(red: 0x35 / 255, green: 0x35 / 255, blue: 0x35 / 255)
    public static let foreground = Color.white
    static let buttonFill = Color.white.withAlpha(0.10)
    static let pressedButtonFill = Color.white.withAlpha(0.25)

    public init(overlay: ToastOverlay, measurer: any TextMeasuring) {
        self.overlay = overlay
        self.measurer = measurer
        super.init(frame: .zero)
        isHidden = true
    }

    /// Places toasts in `newArea` (window coordinates).
    public func place(in newArea: Rect) {
        guard newArea != area else { return }
        area = newArea
        update()
    }

    /// Follows the overlay: shows its toast (sized for its words), or hides.
    public func update() {
        press = nil
        guard let toast = overlay.current else {
            if !isHidden { setNeedsDisplay() }
            isHidden = true
            return
        }
        let titleWidth = measurer.size(of: toast.title).width
        let buttonWidth = toast.buttonTitle.map {
            max(AdwaitaStyle.minimumHitSide, measurer.size(of: $0).width + 2 * Self.buttonTextInset)
        }
        let trailing = buttonWidth.map { Self.spacing + $0 + Self.padding } ?? Self.titleInset
        let width = min(max(0, area.width - 2 * Self.margin), Self.titleInset + titleWidth + trailing)
        let height = min(Self.height, max(0, area.height - Self.margin))
        let newFrame = Rect(x: area.midX - width / 2, y: area.maxY - Self.margin - height, width: width, height: height)
        buttonFrame = buttonWidth.map {
            Rect(x: width - Self.padding - $0, y: (height - AdwaitaStyle.minimumHitSide) / 2,
                 width: $0, height: AdwaitaStyle.minimumHitSide)
        }
        if frame != newFrame { frame = newFrame }
        isHidden = false
        setNeedsDisplay()
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard press == nil, let buttonFrame, let touch = touches.first,
              buttonFrame.contains(touch.location(in: self)) else { return }
        press = (touch, true)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let press, let buttonFrame, touches.contains(press.touch) else { return }
        self.press = (press.touch, buttonFrame.contains(press.touch.location(in: self)))
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let press, let buttonFrame, touches.contains(press.touch) else { return }
        self.press = nil
        guard buttonFrame.contains(press.touch.location(in: self)) else { return }
        overlay.pressButton()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        self.press = nil
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        guard let toast = overlay.current else { return }
        context.setFillColor(Self.background)
        context.beginPath()
        context.addRoundedRect(bounds, radius: bounds.height / 2)
        context.fillPath()
        let titleEnd = buttonFrame.map { $0.minX - Self.spacing } ?? bounds.maxX - Self.titleInset
        let titleWidth = titleEnd - Self.titleInset
        if titleWidth > 0 {
            let size = context.size(of: toast.title, font: .system, width: titleWidth)
            context.draw(toast.title, at: Point(x: Self.titleInset, y: bounds.midY - size.height / 2), font: .system,
                         color: Self.foreground, width: titleWidth, truncation: .end)
        }
        guard let buttonFrame, let buttonTitle = toast.buttonTitle else { return }
        context.setFillColor(press?.inside == true ? Self.pressedButtonFill : Self.buttonFill)
        context.beginPath()
        context.addRoundedRect(buttonFrame, radius: buttonFrame.height / 2)
        context.fillPath()
        context.draw(buttonTitle, centredAt: buttonFrame.center, font: .system, color: Self.foreground)
    }
}
