import Timing
import TouchCore

/// A flat button of the header bar (GtkButton with libadwaita's `flat`
/// look): a symbolic icon, a colour swatch, or a window button's circle.
///
/// It stands for a `Command`: a release over it sends the command's action
/// to its `target`, or with none (the usual case) to the first responder
/// through the responder chain (`Application.sendAction(_:to:from:)`), as
/// UIKit's controls do. `update()` has the chain validate the command, so
/// the button shows what pressing it would do now: greyed when nothing can
/// perform it, the tool in use, the colour in use.
///
/// Touch, mouse and pen press it alike. As in GTK, a press is only a press
/// if it is released over the button: one that slides off lets go of it
/// (and shows so), and coming back takes it up again. Its hit area is at
/// least `AdwaitaStyle.minimumHitSide` square around what is drawn, so a
/// finger finds it.
///
/// Its `tooltip` says its name and key: `TooltipController` shows it for
/// a resting pointer or pen, and a finger held on the button shows it too;
/// that press then only showed the tooltip, and its release presses nothing.
public final class HeaderButton: View {
    /// What is drawn.
    public enum Content: Hashable, Sendable {
        case glyph(Glyph)
        /// One glyph while the command is off, another while it is on.
        case toggle(off: Glyph, on: Glyph)
        /// The colour and width of the command's value (`Swatch`).
        case swatch
        /// A window button: the glyph on a small grey circle.
        case windowButton(Glyph)
        /// A colour to choose: a disc of it, ringed in the accent colour
        /// while its command is on.
        case colourChoice(Color)
        /// A width to choose: a stroke that wide, on a held-down face
        /// while its command is on.
        case widthChoice(Double)
        /// A short reading, its command's value as a string ("150%": the
        /// zoom), in place of a glyph.
        case readout
        /// One of several choices, the one at the index its command's value
        /// holds (the tool in use, on the button that opens the tools):
        /// its glyph, and its word when labels are shown.
        case choice([Choice])
    }

    /// A choice of a `.choice` button: what it shows while it is the one.
    public struct Choice: Hashable, Sendable {
        public var glyph: Glyph
        public var label: String

        public init(_ glyph: Glyph, _ label: String) {
            self.glyph = glyph
            self.label = label
        }
    }

    public let command: Command
    public var content: Content {
        didSet { if content != oldValue { setNeedsDisplay() } }
    }
    /// Who performs the command; nil: the first responder that can.
    public weak var target: Responder?
    /// The window is the active one: drawn in full, else dimmed.
    public var isActive = true {
        didSet { if isActive != oldValue { setNeedsDisplay() } }
    }
    /// Words for a toggle's states ("Lines", "Freehand"), or the same word
    /// twice for a plain glyph ("Drawing"), drawn after its glyph when the
    /// bar has room for them (`isLabelShown`), as GTK's buttons with an
    /// icon and a label.
    public var labels: (off: String, on: String)?
    /// The label is drawn after the glyph, on a face as wide as the button
    /// (the bar makes it `labelledWidth` wide).
    var isLabelShown = false {
        didSet { if isLabelShown != oldValue { setNeedsDisplay() } }
    }
    /// Its name and key ("Undo (Ctrl+Z)"), shown by `tooltips`; nil: none.
    public var tooltip: String?
    public weak var tooltips: TooltipController?
    /// Shows the tooltip if the finger pressing is still held.
    private var longPressTimer: TimerHandle?
    /// The press in progress showed the tooltip: its release presses nothing.
    private var pressShowedTooltip = false
    /// The press in progress, and whether it is over the button now.
    private var press: (touch: Touch, inside: Bool)? {
        didSet { if press?.inside != oldValue?.inside { setNeedsDisplay() } }
    }

    public init(_ command: Command, content: Content, target: Responder? = nil) {
        self.command = command
        self.content = content
        self.target = target
        super.init(frame: Rect(x: 0, y: 0, width: AdwaitaStyle.buttonSide, height: AdwaitaStyle.buttonSide))
    }

    /// The words for the command's state (a choice's: its value) now, if it has labels.
    public var label: String? {
        if case .choice(let choices) = content { return currentChoice(of: choices)?.label }
        return labels.map { command.state == .on ? $0.on : $0.off }
    }

    /// The choice the command's value names, if it names one.
    private func currentChoice(of choices: [Choice]) -> Choice? {
        guard let index = command.value as? Int, choices.indices.contains(index) else { return nil }
        return choices[index]
    }

    /// Space before the glyph and after the label, and between them.
    static let labelPadding = 10.0, labelGap = 6.0
    static let labelFont = AdwaitaStyle.bodyFont

    /// How wide the button is with its label shown: wide enough for the
    /// longest of its labels, so it keeps its width as its state changes.
    /// Nil without labels.
    func labelledWidth(measuredBy measurer: any TextMeasuring) -> Double? {
        let words: [String]
        if case .choice(let choices) = content {
            words = choices.map(\.label)
        } else if let labels {
            words = [labels.off, labels.on]
        } else {
            return nil
        }
        let text = words.map { measurer.size(of: $0).width }.max() ?? 0
        return Self.labelPadding + AdwaitaStyle.iconSize + Self.labelGap + text + Self.labelPadding
    }

    /// Held down, with the press over it (not a finger held for the tooltip).
    public var isPressed: Bool { press?.inside == true && !pressShowedTooltip }

    /// Asks the responder chain (or the target) how the command looks now,
    /// and redraws if that changed.
    public func update() {
        let before = (command.title, command.state, command.isEnabled, command.value)
        if let target {
            command.isEnabled = target.canPerformAction(command.action, withSender: self)
            if command.isEnabled { target.validate(command) }
        } else if let application = window?.application {
            application.validateCommand(command, sender: self)
        }
        if before != (command.title, command.state, command.isEnabled, command.value) { setNeedsDisplay() }
    }

    // MARK: Hit area

    /// The bounds grown to `minimumHitSide` in each direction they fall short.
    var hitArea: Rect {
        let minimum = AdwaitaStyle.minimumHitSide
        let dx = max(0, minimum - bounds.width) / 2, dy = max(0, minimum - bounds.height) / 2
        return bounds.insetBy(dx: -dx, dy: -dy)
    }

    public override func point(inside point: Point, with event: Event?) -> Bool {
        hitArea.contains(point)
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard press == nil, let touch = touches.first else { return }
        if touch.kind == .finger, tooltip != nil, let tooltips, let timers = window?.timers {
            pressShowedTooltip = false
            longPressTimer = timers.schedule(after: TooltipController.delay) { [unowned self, unowned tooltips] in
                pressShowedTooltip = true
                tooltips.show(for: self)
                setNeedsDisplay()
            }
        } else {
            tooltips?.pressed()
        }
        guard command.isEnabled else { return }
        press = (touch, true)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        let inside = hitArea.contains(press.touch.location(in: self))
        // A finger that slides off before its tooltip showed was not held on the button.
        if !inside, !pressShowedTooltip { endLongPress() }
        self.press = (press.touch, inside)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        let onlyShowedTooltip = endLongPress()
        self.press = nil
        guard hitArea.contains(press.touch.location(in: self)), command.isEnabled, !onlyShowedTooltip else { return }
        window?.application?.sendAction(command.action, to: target, from: self)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        endLongPress()
        self.press = nil
    }

    /// The finger lifted: the tooltip it showed goes. Returns whether it showed one.
    @discardableResult
    private func endLongPress() -> Bool {
        longPressTimer?.cancel()
        longPressTimer = nil
        let showed = pressShowedTooltip
        pressShowedTooltip = false
        if showed { tooltips?.hide() }
        return showed
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        let dimmed = !command.isEnabled || !isActive
        if dimmed { context.beginTransparencyLayer() }
        let centre = bounds.center
        switch content {
        case .windowButton(let glyph):
            let diameter = AdwaitaStyle.windowButtonDiameter
            context.setFillColor(isPressed ? AdwaitaStyle.pressedFill.withAlpha(0.3) : AdwaitaStyle.windowButtonFill)
            context.beginPath()
            context.addCircle(center: centre, radius: diameter / 2)
            context.fillPath()
            glyph.draw(centredAt: centre, colour: AdwaitaStyle.foreground, in: context)
        case .colourChoice(let colour):
            drawColourChoice(colour, centredAt: centre, in: context)
        case .glyph, .toggle, .swatch, .widthChoice, .readout, .choice:
            // A width's face spans its cell, so the thickest sample fits on it.
            let side = AdwaitaStyle.buttonSide
            let face = if case .widthChoice = content { bounds.insetBy(dx: 3, dy: 5) }
                else if isLabelShown { Rect(x: bounds.minX, y: centre.y - side / 2, width: bounds.width, height: side) }
                else { Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side) }
            // A glyph button whose command is on (the main menu open, the
            // tools open) looks held, as GTK's toggle and menu buttons do.
            let isChecked: Bool = switch content {
            case .glyph, .widthChoice, .choice: command.state == .on
            case .toggle, .swatch, .windowButton, .colourChoice, .readout: false
            }
            if isPressed || isChecked {
                context.setFillColor(isPressed ? AdwaitaStyle.pressedFill : AdwaitaStyle.checkedFill)
                context.beginPath()
                context.addRoundedRect(face, radius: AdwaitaStyle.buttonRadius)
                context.fillPath()
            }
            switch content {
            case .glyph(let glyph):
                drawGlyph(glyph, on: face, in: context)
            case .toggle(let off, let on):
                drawGlyph(command.state == .on ? on : off, on: face, in: context)
            case .choice(let choices):
                if let choice = currentChoice(of: choices) { drawGlyph(choice.glyph, on: face, in: context) }
            case .swatch:
                if let swatch = command.value as? Swatch { Self.drawSwatch(swatch, centredAt: centre, in: context) }
            case .widthChoice(let width):
                // As long as the round caps stay on the face: the widest
                // is almost a disc.
                let halfLength = max(0, min(12, face.width / 2 - width / 2 - 3))
                context.setStrokeColor(AdwaitaStyle.foreground)
                context.setLineWidth(width)
                context.setLineCap(.round)
                context.beginPath()
                context.move(to: Point(x: centre.x - halfLength, y: centre.y))
                context.addLine(to: Point(x: centre.x + halfLength, y: centre.y))
                context.strokePath()
            case .readout:
                if let text = command.value as? String {
                    context.draw(text, centredAt: centre, font: Self.readoutFont, color: AdwaitaStyle.foreground)
                }
            case .windowButton, .colourChoice:
                break
            }
        }
        if dimmed { context.endTransparencyLayer(alpha: AdwaitaStyle.dimmedOpacity) }
    }

    /// Small enough for "1000%" on a button's face.
    static let readoutFont = Font(size: 9, bold: true)

    private func drawColourChoice(_ colour: Color, centredAt centre: Point, in context: DrawingContext) {
        if isPressed || command.state == .on {
            context.setStrokeColor(isPressed && command.state != .on ? AdwaitaStyle.pressedFill : AdwaitaStyle.accent)
            context.setLineWidth(2.5)
            context.beginPath()
            context.addCircle(center: centre, radius: 16)
            context.strokePath()
        }
        context.setFillColor(colour)
        context.beginPath()
        context.addCircle(center: centre, radius: 12)
        context.fillPath()
        if command.state == .on { Glyph.check.draw(centredAt: centre, colour: .white, in: context) }
    }

    /// A disc of the colour, outlined so white or a pale colour still
    /// shows, with the width's points under it: eight widths from 1 to 30
    /// are too many for a bar scaled onto a button to tell apart.
    /// A glyph in the middle of `face`, or, with the label shown, at its
    /// start with the words after it.
    private func drawGlyph(_ glyph: Glyph, on face: Rect, in context: DrawingContext) {
        guard isLabelShown, let label else {
            glyph.draw(centredAt: face.center, colour: AdwaitaStyle.foreground, in: context)
            return
        }
        let glyphCentre = Point(x: face.minX + Self.labelPadding + AdwaitaStyle.iconSize / 2, y: face.midY)
        glyph.draw(centredAt: glyphCentre, colour: AdwaitaStyle.foreground, in: context)
        let x = glyphCentre.x + AdwaitaStyle.iconSize / 2 + Self.labelGap
        let room = face.maxX - Self.labelPadding - x
        let size = context.size(of: label, font: Self.labelFont, width: room)
        context.draw(label, at: Point(x: x, y: face.midY - size.height / 2), font: Self.labelFont,
                     color: AdwaitaStyle.foreground, width: room, truncation: .end)
    }

    static func drawSwatch(_ swatch: Swatch, centredAt centre: Point, in context: DrawingContext) {
        let disc = Point(x: centre.x, y: centre.y - 5)
        context.setFillColor(swatch.colour)
        context.beginPath()
        context.addCircle(center: disc, radius: 6)
        context.fillPath()
        context.setStrokeColor(AdwaitaStyle.shade.withAlpha(0.3))
        context.setLineWidth(1)
        context.beginPath()
        context.addCircle(center: disc, radius: 6.5)
        context.strokePath()
        let points = swatch.width.rounded() == swatch.width ? String(Int(swatch.width)) : String(swatch.width)
        context.draw(points, centredAt: Point(x: centre.x, y: centre.y + 9), font: readoutFont,
                     color: AdwaitaStyle.foreground)
    }
}
