import TouchCore

/// A popover (GtkPopover, libadwaita's look): a white card with rounded
/// corners and an arrow, opened under the control it belongs to and
/// holding a content view (a menu, the colour chooser), which scrolls
/// when the window is too short for it.
///
/// While open it covers the whole window, as GTK's popovers grab input: a
/// press outside the card closes it and goes no further, and Escape closes
/// it. It is the first responder meanwhile, and the responder it took that
/// from is its `next`, so the responder chain (and with it what its items
/// validate and send) is the one of the window before it opened.
public final class PopoverView: View {
    public let contentView: View
    /// The content's own size, before any window limits it.
    public let preferredContentSize: Size
    private let scrollView: ScrollView
    /// The card, arrow excluded, in this view's (the window's) coordinates.
    public private(set) var cardFrame = Rect.zero
    /// Called once it closed.
    public var onClose: (() -> Void)?
    /// The first responder before it opened.
    private weak var presenter: Responder?
    private var arrowX = 0.0

    public init(contentView: View) {
        self.contentView = contentView
        preferredContentSize = contentView.bounds.size
        scrollView = ScrollView(contentView: contentView)
        super.init(frame: .zero)
        addSubview(scrollView)
    }

    public var isOpen: Bool { superview != nil }

    /// Opens over `window`, pointing at `anchor` (window coordinates):
    /// under it, its arrow at the anchor's middle, moved sideways as needed
    /// to stay inside the window, and no taller than the room below the
    /// anchor (the content scrolls).
    public func open(in window: Window, pointingAt anchor: Rect) {
        let padding = AdwaitaStyle.popoverPadding, margin = AdwaitaStyle.popoverMargin
        let size = preferredContentSize
        let width = size.width + 2 * padding
        let x = max(window.bounds.minX + margin, min(anchor.midX - width / 2, window.bounds.maxX - margin - width))
        let y = anchor.maxY + AdwaitaStyle.popoverArrow
        let visibleHeight = max(0, min(size.height, window.bounds.maxY - margin - y - 2 * padding))
        cardFrame = Rect(x: x, y: y, width: width, height: visibleHeight + 2 * padding)
        arrowX = anchor.midX
        frame = window.bounds
        scrollView.frame = Rect(x: cardFrame.minX + padding, y: cardFrame.minY + padding, width: size.width,
                                height: visibleHeight)
        if superview !== window {
            presenter = window.firstResponder
            window.addSubview(self)
        }
        becomeFirstResponder()
        setNeedsDisplay()
    }

    /// Closes it, giving the first responder back; harmless when closed.
    public func close() {
        guard isOpen else { return }
        let presenter = presenter
        self.presenter = nil
        resignFirstResponder()
        removeFromSuperview()
        presenter?.becomeFirstResponder()
        onClose?()
    }

    public override var canBecomeFirstResponder: Bool { true }

    public override var next: Responder? { presenter ?? super.next }

    public override func keyPressed(_ press: KeyPress) -> Bool {
        guard press.key == .escape else { return super.keyPressed(press) }
        close()
        return true
    }

    /// A press outside the card closes the popover and is used up.
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if touches.contains(where: { !cardFrame.contains($0.location(in: self)) }) { close() }
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        let card = cardFrame, arrow = AdwaitaStyle.popoverArrow
        let tipX = max(card.minX + AdwaitaStyle.popoverRadius + arrow,
                       min(arrowX, card.maxX - AdwaitaStyle.popoverRadius - arrow))
        func outline() {
            context.beginPath()
            context.addRoundedRect(card, radius: AdwaitaStyle.popoverRadius)
            context.move(to: Point(x: tipX - arrow, y: card.minY + 0.5))
            context.addLine(to: Point(x: tipX, y: card.minY - arrow))
            context.addLine(to: Point(x: tipX + arrow, y: card.minY + 0.5))
            context.closePath()
        }
        // A soft shadow: the outline spread a little, twice.
        for spread in [3.0, 1.5] {
            context.setFillColor(AdwaitaStyle.popoverShadow)
            context.beginPath()
            context.addRoundedRect(card.offsetBy(dx: 0, dy: 1).insetBy(dx: -spread, dy: -spread),
                                   radius: AdwaitaStyle.popoverRadius + spread)
            context.fillPath()
        }
        context.setStrokeColor(AdwaitaStyle.popoverBorder)
        context.setLineWidth(2)
        outline()
        context.strokePath()
        context.setFillColor(AdwaitaStyle.popoverBackground)
        outline()
        context.fillPath()
    }
}
