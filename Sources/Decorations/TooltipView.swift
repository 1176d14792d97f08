import TouchCore

/// A tooltip as GTK draws one: white text on a dark, rounded box, under
/// the control it names, kept inside the window. It only shows: presses
/// pass through it.
public final class TooltipView: View {
    public private(set) var text = ""
    static let font = AdwaitaStyle.bodyFont
    /// Around the text (`tooltip { padding: 6px 10px }`), the corner
    /// radius, the gap under the control and the least room to the window's edges.
    static let padding = (horizontal: 10.0, vertical: 6.0)
    static let radius = 6.0
    static let gap = 6.0
    static let margin = 6.0
    /// The widest a tooltip grows before its words wrap.
    static let maximumTextWidth = 280.0
    /// GTK's tooltip: dark grey, opaque, under white text.
    public static let background = Color(red: 0x35 / 255, green: 0x35 / 255, blue: 0x35 / 255)

    init() {
        super.init(frame: .zero)
        isHidden = true
    }

    /// Shows `text` under `control` (window coordinates) in a window of
    /// `windowBounds`, centred on it where the window allows.
    func show(_ text: String, under control: Rect, in windowBounds: Rect, measuredBy measurer: any TextMeasuring) {
        self.text = text
        let room = max(0, windowBounds.width - 2 * Self.margin - 2 * Self.padding.horizontal)
        let size = measurer.size(of: text, font: Self.font, wrappedTo: min(Self.maximumTextWidth, room))
        let width = size.width + 2 * Self.padding.horizontal
        let height = size.height + 2 * Self.padding.vertical
        let x = max(windowBounds.minX + Self.margin,
                    min(control.midX - width / 2, windowBounds.maxX - Self.margin - width))
        var y = control.maxY + Self.gap
        if y + height > windowBounds.maxY - Self.margin { y = max(windowBounds.minY, control.minY - Self.gap - height) }
        frame = Rect(x: x.rounded(), y: y.rounded(), width: width.rounded(.up), height: height.rounded(.up))
        isHidden = false
        setNeedsDisplay()
    }

    func hide() {
        isHidden = true
    }

    public override func hitTest(_ point: Point, with event: Event?) -> View? { nil }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        context.setFillColor(Self.background)
        context.beginPath()
        context.addRoundedRect(bounds, radius: Self.radius)
        context.fillPath()
        context.draw(text, at: Point(x: Self.padding.horizontal, y: Self.padding.vertical), font: Self.font,
                     color: .white, wrappedTo: bounds.width - 2 * Self.padding.horizontal, alignment: .leading)
    }
}
