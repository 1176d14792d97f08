import TouchCore

/// A dialog inside the window (libadwaita's `AdwDialog` when it floats): the
/// window dimmed behind a white card with a bold title at its top, a close
/// button at the card's top end, and a content view, which scrolls when
/// the window is too short for it.
///
/// It closes on its close button, a press outside the card, or Escape.
/// While open it covers the window, takes every press, and is the first
/// responder, with the responder it took that from as its `next` (see
/// `PopoverView`).
public final class DialogView: View {
    public let title: String
    public let contentView: View
    private let scrollView: ScrollView
    private let preferredContentSize: Size
    public let closeButton: HeaderButton
    /// The card, in this view's (the window's) coordinates.
    public private(set) var cardFrame = Rect.zero
    private weak var presenter: Responder?

    public static let closeAction = Action("closeDialog")
    /// The card's header (title and close button) and the padding around
    /// the content.
    static let headerHeight = 46.0
    static let padding = 18.0
    static let cornerRadius = 12.0
    /// The least room left around the card.
    public static let margin = 12.0

    public init(title: String, contentView: View) {
        self.title = title
        self.contentView = contentView
        preferredContentSize = contentView.bounds.size
        scrollView = ScrollView(contentView: contentView)
        closeButton = HeaderButton(Command(title: "Close", action: Self.closeAction), content: .windowButton(.close))
        super.init(frame: .zero)
        closeButton.target = self
        addSubview(scrollView)
        addSubview(closeButton)
    }

    public var isOpen: Bool { superview != nil }

    /// The most room a dialog over a window of `bounds` gives its content
    /// without scrolling.
    public static func roomForContent(in bounds: Rect) -> Size {
        Size(width: bounds.width - 2 * margin - 2 * padding, height: bounds.height - 2 * margin - headerHeight - padding)
    }

    /// Opens centred over `window` (or refits it to the window's size).
    public func open(in window: Window) {
        frame = window.bounds
        let size = preferredContentSize
        let width = min(size.width + 2 * Self.padding, window.bounds.width - 2 * Self.margin)
        let height = min(Self.headerHeight + size.height + Self.padding, window.bounds.height - 2 * Self.margin)
        cardFrame = Rect(x: ((window.bounds.width - width) / 2).rounded(),
                         y: ((window.bounds.height - height) / 2).rounded(), width: width, height: height)
        scrollView.frame = Rect(x: cardFrame.minX + Self.padding, y: cardFrame.minY + Self.headerHeight,
                                width: width - 2 * Self.padding, height: height - Self.headerHeight - Self.padding)
        let side = AdwaitaStyle.buttonSide
        closeButton.frame = Rect(x: cardFrame.maxX - 6 - side, y: cardFrame.minY + 6, width: side, height: side)
        if superview !== window {
            presenter = window.firstResponder
            window.addSubview(self)
        }
        becomeFirstResponder()
        setNeedsDisplay()
    }

    public func close() {
        guard isOpen else { return }
        let presenter = presenter
        self.presenter = nil
        resignFirstResponder()
        removeFromSuperview()
        presenter?.becomeFirstResponder()
    }

    public override var canBecomeFirstResponder: Bool { true }

    public override var next: Responder? { presenter ?? super.next }

    public override func keyPressed(_ press: KeyPress) -> Bool {
        guard press.key == .escape else { return super.keyPressed(press) }
        close()
        return true
    }

    public override func handler(for action: Action) -> ((Any?) -> Void)? {
        action == Self.closeAction ? { [unowned self] _ in close() } : super.handler(for: action)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if touches.contains(where: { !cardFrame.contains($0.location(in: self)) }) { close() }
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        context.fill(bounds, with: AdwaitaStyle.dialogBackdrop)
        for spread in [4.0, 2.0] {
            context.setFillColor(AdwaitaStyle.popoverShadow)
            context.beginPath()
            context.addRoundedRect(cardFrame.offsetBy(dx: 0, dy: 2).insetBy(dx: -spread, dy: -spread),
                                   radius: Self.cornerRadius + spread)
            context.fillPath()
        }
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
