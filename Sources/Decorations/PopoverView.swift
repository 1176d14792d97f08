import TouchCore

/// A popover (GtkPopover, libadwaita's look): a white card with rounded
/// corners and an arrow, opened under the control it belongs to and
/// holding a content view (a menu, the colour chooser). How it takes
/// input while open, and closes, is `OverlayView`'s.
public final class PopoverView: OverlayView {
    private var arrowX = 0.0

    public override init(contentView: View) {
        super.init(contentView: contentView)
    }

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
        scrollView.frame = Rect(x: cardFrame.minX + padding, y: cardFrame.minY + padding, width: size.width,
                                height: visibleHeight)
        present(in: window)
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
        // A soft shadow: the card spread a little, twice.
        drawShadow(in: context, radius: AdwaitaStyle.popoverRadius, drop: 1, spreads: [3.0, 1.5])
        context.setStrokeColor(AdwaitaStyle.popoverBorder)
        context.setLineWidth(2)
        outline()
        context.strokePath()
        context.setFillColor(AdwaitaStyle.popoverBackground)
        outline()
        context.fillPath()
    }
}
