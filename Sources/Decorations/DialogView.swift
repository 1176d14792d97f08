import TouchCore

/// A dialog inside the window (libadwaita's `AdwDialog` when it floats): the
/// window dimmed behind a white card with a bold title at its top, a close
/// button at the card's top end, and a content view, which scrolls when
/// the window is too short for it.
///
/// It closes on its close button, a press outside the card, or Escape;
/// how it takes input while open is `OverlayView`'s.
public final class DialogView: OverlayView {
    public let title: String
    let closeButton: HeaderButton

    static let closeAction = Action("closeDialog")
    /// The card's header (title and close button) and the padding around
    /// the content.
    static let headerHeight = 46.0
    static let padding = 18.0
    static let cornerRadius = 12.0
    /// The least room left around the card.
    public static let margin = 12.0

    public init(title: String, contentView: View) {
        self.title = title
        closeButton = HeaderButton(Command(title: "Close", action: Self.closeAction), content: .windowButton(.close))
        super.init(contentView: contentView)
        closeButton.target = self
        addSubview(closeButton)
    }

    /// The most room a dialog over a window of `bounds` gives its content
    /// without scrolling.
    public static func roomForContent(in bounds: Rect) -> Size {
        Size(width: bounds.width - 2 * margin - 2 * padding, height: bounds.height - 2 * margin - headerHeight - padding)
    }

    /// Opens centred over `window` (or refits it to the window's size).
    public func open(in window: Window) {
        let size = preferredContentSize
        let width = min(size.width + 2 * Self.padding, window.bounds.width - 2 * Self.margin)
        let height = min(Self.headerHeight + size.height + Self.padding, window.bounds.height - 2 * Self.margin)
        cardFrame = Rect(x: ((window.bounds.width - width) / 2).rounded(),
                         y: ((window.bounds.height - height) / 2).rounded(), width: width, height: height)
        scrollView.frame = Rect(x: cardFrame.minX + Self.padding, y: cardFrame.minY + Self.headerHeight,
                                width: width - 2 * Self.padding, height: height - Self.headerHeight - Self.padding)
        let side = AdwaitaStyle.buttonSide
        closeButton.frame = Rect(x: cardFrame.maxX - 6 - side, y: cardFrame.minY + 6, width: side, height: side)
        present(in: window)
    }

    public override func handler(for action: Action) -> ((Any?) -> Void)? {
        action == Self.closeAction ? { [unowned self] _ in close() } : super.handler(for: action)
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        context.fill(bounds, with: AdwaitaStyle.dialogBackdrop)
        drawShadow(in: context, radius: Self.cornerRadius, drop: 2, spreads: [4.0, 2.0])
        context.setFillColor(AdwaitaStyle.popoverBackground)
        context.beginPath()
        context.addRoundedRect(cardFrame, radius: Self.cornerRadius)
        context.fillPath()
        let size = context.size(of: title, font: AdwaitaStyle.titleFont)
        context.draw(title, at: Point(x: cardFrame.midX - size.width / 2,
                                      y: cardFrame.minY + Self.headerHeight / 2 - size.height / 2),
                     font: AdwaitaStyle.titleFont, color: AdwaitaStyle.foreground)
    }
}
