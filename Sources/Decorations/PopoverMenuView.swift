import TouchCore

/// A menu in a popover (GtkPopoverMenu): rows of commands in sections,
/// a thin line between sections, a check mark at the end of a command that
/// is on, dimmed rows for commands nothing can perform now.
///
/// `validate(with:)` has the responder chain fill in every command before
/// the menu is shown. A row is chosen as a button is pressed: released
/// over the row it went down on (sliding off lets go). Choosing one closes
/// the popover and then sends the command's action to the first responder
/// through the chain, as the menu controller does.
public final class PopoverMenuView: View {
    public let sections: [[Command]]
    /// The row under a press, while the press is over it.
    private(set) var highlightedRow: Int? {
        didSet { if highlightedRow != oldValue { setNeedsDisplay() } }
    }
    private var press: (touch: Touch, row: Int)?
    /// Each row's frame, in this view's coordinates, in the order of
    /// `commands`.
    private(set) var rowFrames: [Rect] = []
    private var separatorYs: [Double] = []

    /// Space between sections, a line in its middle.
    static let separatorHeight = 13.0
    /// Room at a row's end for the check mark.
    static let checkRoom = 28.0

    /// Sizes the menu for its titles as `measurer` measures them.
    public init(sections: [[Command]], measurer: any TextMeasuring) {
        self.sections = sections.filter { !$0.isEmpty }
        super.init(frame: .zero)
        let titles = self.sections.joined().map { measurer.size(of: $0.title).width }
        let width = max(AdwaitaStyle.menuMinimumWidth,
                        (titles.max() ?? 0) + 2 * AdwaitaStyle.menuRowInset + Self.checkRoom)
        var y = 0.0
        for (index, section) in self.sections.enumerated() {
            if index > 0 {
                separatorYs.append(y + Self.separatorHeight / 2)
                y += Self.separatorHeight
            }
            for _ in section {
                rowFrames.append(Rect(x: 0, y: y, width: width, height: AdwaitaStyle.menuRowHeight))
                y += AdwaitaStyle.menuRowHeight
            }
        }
        bounds = Rect(x: 0, y: 0, width: width, height: y)
    }

    /// Every command, in the order of the rows.
    public var commands: [Command] { Array(sections.joined()) }

    /// Has the key window's responder chain fill in every command.
    public func validate(with application: Application) {
        for command in commands { application.validateCommand(command, sender: self) }
        setNeedsDisplay()
    }

    /// The row at `point` (this view's coordinates), if any.
    public func row(at point: Point) -> Int? {
        rowFrames.firstIndex { $0.contains(point) }
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard press == nil, let touch = touches.first,
              let row = row(at: touch.location(in: self)), commands[row].isEnabled else { return }
        press = (touch, row)
        highlightedRow = row
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        highlightedRow = rowFrames[press.row].contains(press.touch.location(in: self)) ? press.row : nil
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        self.press = nil
        highlightedRow = nil
        guard rowFrames[press.row].contains(press.touch.location(in: self)) else { return }
        choose(row: press.row)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        self.press = nil
        highlightedRow = nil
    }

    /// Closes the popover holding the menu, then sends the row's action.
    public func choose(row: Int) {
        let command = commands[row]
        guard command.isEnabled, let application = window?.application else { return }
        var ancestor = superview
        while let view = ancestor, !(view is PopoverView) { ancestor = view.superview }
        (ancestor as? PopoverView)?.close()
        application.sendAction(command.action, to: nil, from: self)
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        for y in separatorYs {
            context.fill(Rect(x: bounds.minX, y: y, width: bounds.width, height: 1), with: AdwaitaStyle.separator)
        }
        for (index, command) in commands.enumerated() {
            let frame = rowFrames[index]
            if index == highlightedRow {
                context.setFillColor(AdwaitaStyle.pressedFill)
                context.beginPath()
                context.addRoundedRect(frame, radius: AdwaitaStyle.menuRowRadius)
                context.fillPath()
            }
            let colour = command.isEnabled ? AdwaitaStyle.foreground
                : AdwaitaStyle.foreground.withAlpha(AdwaitaStyle.foreground.alpha * AdwaitaStyle.dimmedOpacity)
            let size = context.size(of: command.title, font: AdwaitaStyle.bodyFont)
            context.draw(command.title, at: Point(x: frame.minX + AdwaitaStyle.menuRowInset,
                                                  y: frame.midY - size.height / 2),
                         font: AdwaitaStyle.bodyFont, color: colour)
            if command.state == .on {
                Glyph.check.draw(centredAt: Point(x: frame.maxX - AdwaitaStyle.menuRowInset - 6, y: frame.midY),
                                 colour: colour, in: context)
            }
        }
    }
}
