import TouchCore

/// What a popover and a dialog share (GTK's popovers and `AdwDialog` grab
/// input alike): a white card over the window holding a content view,
/// which scrolls when the window is too short for it.
///
/// While open it covers the whole window: a press outside the card closes
/// it and goes no further, unless `takerOfPressOutside` names a view to
/// pass it on to (a popover's drag over the canvas draws), and Escape
/// closes it. It is the first responder
/// meanwhile, and the responder it took that from is its `next`, so the
/// responder chain (and with it what its items validate and send) is the
/// one of the window before it opened. Subclasses place the card
/// (`cardFrame`, the scroll view's frame) and draw it.
public class OverlayView: View {
    public let contentView: View
    /// The content's own size, before any window limits it.
    let preferredContentSize: Size
    let scrollView: ScrollView
    /// The card, in this view's (the window's) coordinates.
    var cardFrame = Rect.zero
    /// Called once it closed.
    public var onClose: (() -> Void)?
    /// The view, if any, that takes on a press that began outside the card
    /// (at this window point) and closed it: it gets the press's touches
    /// from then on, as a view hit by them would, but no gesture sees
    /// them. Nil (a dialog): the press is used up.
    public var takerOfPressOutside: ((Point) -> View?)?
    /// The presses passed on, and who took each.
    private var pressesPassedOn: [ObjectIdentifier: View] = [:]
    /// The first responder before it opened.
    private weak var presenter: Responder?

    init(contentView: View) {
        self.contentView = contentView
        preferredContentSize = contentView.bounds.size
        scrollView = ScrollView(contentView: contentView)
        super.init(frame: .zero)
        addSubview(scrollView)
    }

    public var isOpen: Bool { superview != nil }

    /// Covers `window` (or its new size) and takes the first responder,
    /// once its subclass placed the card.
    func present(in window: Window) {
        frame = window.bounds
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

    /// A press outside the card closes it and is used up, or passed on.
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        let outside = touches.filter { !cardFrame.contains($0.location(in: self)) }
        guard !outside.isEmpty else { return }
        close()
        // Asked once closed, so that what lies under the point is what
        // the press would have hit without it.
        for touch in outside.inOrderOfBeginning {
            guard let taker = takerOfPressOutside?(touch.location(in: nil)) else { continue }
            pressesPassedOn[ObjectIdentifier(touch)] = taker
            taker.touchesBegan([touch], with: event)
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        for (taker, passed) in passedOn(touches) { taker.touchesMoved(passed, with: event) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for (taker, passed) in passedOn(touches, finishing: true) { taker.touchesEnded(passed, with: event) }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        for (taker, passed) in passedOn(touches, finishing: true) { taker.touchesCancelled(passed, with: event) }
    }

    /// Those of `touches` passed on, grouped by who took them; `finishing`
    /// forgets them.
    private func passedOn(_ touches: Set<Touch>, finishing: Bool = false) -> [(View, Set<Touch>)] {
        var groups: [(View, Set<Touch>)] = []
        for touch in touches {
            guard let taker = pressesPassedOn[ObjectIdentifier(touch)] else { continue }
            if finishing { pressesPassedOn[ObjectIdentifier(touch)] = nil }
            if let index = groups.firstIndex(where: { $0.0 === taker }) {
                groups[index].1.insert(touch)
            } else {
                groups.append((taker, [touch]))
            }
        }
        return groups
    }

    /// A soft shadow under the card: its rounded rectangle, lowered by
    /// `drop` and spread by each of `spreads` in turn.
    func drawShadow(in context: DrawingContext, radius: Double, drop: Double, spreads: [Double]) {
        for spread in spreads {
            context.setFillColor(AdwaitaStyle.popoverShadow)
            context.beginPath()
            context.addRoundedRect(cardFrame.offsetBy(dx: 0, dy: drop).insetBy(dx: -spread, dy: -spread),
                                   radius: radius + spread)
            context.fillPath()
        }
    }
}
