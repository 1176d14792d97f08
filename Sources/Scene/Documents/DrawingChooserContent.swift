import Decorations
import TouchCore

/// What the in-app chooser (Open…, Open Recent, Save As…, Rename… where
/// the desktop's chooser is not there) holds: for naming, a name field
/// that takes the keyboard; a line saying what is wrong, when something
/// is; the drawings to choose from, a finger-sized row each with its
/// thumbnail, name and where it is; and the button that does it.
///
/// A tap on a row opens it (Open) or takes its name (Save As); ↑ and ↓
/// move the highlight, Enter does what the button does, Backspace and
/// typing edit the name; Escape closes the dialog (`OverlayView`).
package final class DrawingChooserContent: View {
    package enum Mode: Equatable {
        case open
        case openRecent
        case saveAs
        case rename

        var title: String {
            switch self {
            case .open: "Open Drawing"
            case .openRecent: "Open Recent"
            case .saveAs: "Save As"
            case .rename: "Rename Drawing"
            }
        }

        var buttonTitle: String {
            switch self {
            case .open, .openRecent: "Open"
            case .saveAs: "Save"
            case .rename: "Rename"
            }
        }

        var hasNameField: Bool { self == .saveAs || self == .rename }
        /// Renaming keeps the drawing in its folder: other drawings are no help.
        var listsDrawings: Bool { self != .rename }
    }

    let mode: Mode
    let entries: [ChooserEntry]
    /// The name typed so far (Save As, Rename).
    private(set) var name: String {
        didSet { updateButton() }
    }
    /// The row ↑ ↓ moved to, or the last one tapped.
    private(set) var highlighted: Int?
    /// What went wrong with the last try, shown until the next.
    private(set) var problem: String?
    /// The row a finger is on, while it is.
    private var pressedRow: (touch: Touch, row: Int)?
    let button: SuggestedActionButton

    /// A drawing chosen (Open): the chooser shows what went wrong, if something did.
    var onOpen: (ChooserEntry) -> Void = { _ in }
    /// The name confirmed (Save As, Rename).
    var onName: (String) -> Void = { _ in }

    static let fieldHeight = AdwaitaStyle.minimumHitSide
    static let problemHeight = 34.0
    static let rowHeight = 56.0
    static let thumbnailSide = 44.0
    static let buttonHeight = 44.0
    static let buttonWidth = 160.0
    static let gap = 12.0
    static let preferredWidth = 360.0
    static let emptyText = "No drawings yet."
    static let problemColour = Color(red: 0xC0 / 255, green: 0x1C / 255, blue: 0x28 / 255)

    init(mode: Mode, entries: [ChooserEntry], name: String, width: Double) {
        self.mode = mode
        self.entries = mode.listsDrawings ? entries : []
        self.name = name
        highlighted = self.entries.isEmpty || mode.hasNameField ? nil : 0
        let listTop = (mode.hasNameField ? Self.fieldHeight : 0) + Self.problemHeight
        let listHeight = mode.listsDrawings ? Double(max(1, self.entries.count)) * Self.rowHeight : 0
        let buttonTop = listTop + listHeight + Self.gap
        let buttonWidth = min(Self.buttonWidth, width)
        button = SuggestedActionButton(title: mode.buttonTitle,
                                       frame: Rect(x: ((width - buttonWidth) / 2).rounded(), y: buttonTop,
                                                   width: buttonWidth, height: Self.buttonHeight))
        super.init(frame: Rect(x: 0, y: 0, width: width, height: buttonTop + Self.buttonHeight))
        button.onPress = { [unowned self] in confirm() }
        addSubview(button)
        updateButton()
    }

    /// The button is insensitive while it has nothing to act on, as GTK's
    /// file chooser's is: an Open with no drawing listed, a name field with
    /// no name. Enter still says why (`confirm`).
    private func updateButton() {
        button.isEnabled = mode.hasNameField
            ? !name.allSatisfy(\.isWhitespace)
            : !entries.isEmpty
    }

    private var listTop: Double { (mode.hasNameField ? Self.fieldHeight : 0) + Self.problemHeight }

    /// Row `index`'s place.
    func rowFrame(_ index: Int) -> Rect {
        Rect(x: 0, y: listTop + Double(index) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
    }

    var nameFieldFrame: Rect { Rect(x: 0, y: 0, width: bounds.width, height: Self.fieldHeight) }

    /// Says what went wrong, under the name field (or above the list).
    func show(_ problem: String?) {
        self.problem = problem
        setNeedsDisplay()
    }

    /// What the button does: opens the highlighted drawing, or takes the name.
    func confirm() {
        if mode.hasNameField {
            onName(name)
        } else if let highlighted, entries.indices.contains(highlighted) {
            onOpen(entries[highlighted])
        } else {
            show(entries.isEmpty ? Self.emptyText : "Choose a drawing.")
        }
    }

    private func choose(row: Int) {
        highlighted = row
        setNeedsDisplay()
        if mode.hasNameField {
            name = entries[row].name
            show(nil)
        } else {
            onOpen(entries[row])
        }
    }

    // MARK: Keys

    package override var canBecomeFirstResponder: Bool { true }

    package override func keyPressed(_ press: KeyPress) -> Bool {
        let typing = press.modifiers.isDisjoint(with: [.control, .alt, .logo])
        switch press.key {
        case .up, .down:
            guard !entries.isEmpty else { return true }
            let step = press.key == .up ? -1 : 1
            highlighted = min(max(0, (highlighted ?? (step > 0 ? -1 : entries.count)) + step), entries.count - 1)
            if mode.hasNameField, let highlighted { name = entries[highlighted].name }
            setNeedsDisplay()
        case .enter:
            confirm()
        case .backspace where mode.hasNameField:
            if !name.isEmpty { name.removeLast() }
            show(nil)
        case .character(let text) where mode.hasNameField && typing:
            name += text
            show(nil)
        default:
            return super.keyPressed(press)
        }
        return true
    }

    // MARK: Touches

    private func row(at point: Point) -> Int? {
        guard mode.listsDrawings, point.y >= listTop else { return nil }
        let row = Int((point.y - listTop) / Self.rowHeight)
        return entries.indices.contains(row) ? row : nil
    }

    package override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard pressedRow == nil, let touch = touches.first, let row = row(at: touch.location(in: self)) else { return }
        pressedRow = (touch, row)
        setNeedsDisplay(rowFrame(row))
    }

    package override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let pressedRow, touches.contains(pressedRow.touch),
              row(at: pressedRow.touch.location(in: self)) != pressedRow.row else { return }
        // Slid off the row: no choice (a drag scrolls the list instead).
        self.pressedRow = nil
        setNeedsDisplay(rowFrame(pressedRow.row))
    }

    package override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let pressedRow, touches.contains(pressedRow.touch) else { return }
        self.pressedRow = nil
        setNeedsDisplay(rowFrame(pressedRow.row))
        if row(at: pressedRow.touch.location(in: self)) == pressedRow.row { choose(row: pressedRow.row) }
    }

    package override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        guard let pressedRow, touches.contains(pressedRow.touch) else { return }
        self.pressedRow = nil
        setNeedsDisplay(rowFrame(pressedRow.row))
    }

    // MARK: Drawing

    package override func draw(_ rect: Rect, in context: DrawingContext) {
        let font = AdwaitaStyle.bodyFont
        if mode.hasNameField {
            let field = nameFieldFrame.insetBy(dx: 1, dy: 1)
            context.setFillColor(AdwaitaStyle.checkedFill)
            context.beginPath()
            context.addRoundedRect(field, radius: AdwaitaStyle.buttonRadius)
            context.fillPath()
            context.setStrokeColor(AdwaitaStyle.accent)
            context.setLineWidth(2)
            context.beginPath()
            context.addRoundedRect(field, radius: AdwaitaStyle.buttonRadius)
            context.strokePath()
            let size = context.size(of: name.isEmpty ? " " : name, font: font)
            let textY = field.midY - size.height / 2
            let shown = name.isEmpty ? 0 : size.width
            context.draw(name, at: Point(x: field.minX + 10, y: textY), font: font, color: AdwaitaStyle.foreground)
            // The caret, after the text.
            context.fill(Rect(x: field.minX + 11 + shown, y: textY, width: 1.5, height: size.height),
                         with: AdwaitaStyle.foreground)
        }
        let problemTop = mode.hasNameField ? Self.fieldHeight : 0
        if let problem {
            context.draw(problem, at: Point(x: 0, y: problemTop + 6), font: font, color: Self.problemColour,
                         wrappedTo: bounds.width, alignment: .leading)
        }
        guard mode.listsDrawings else { return }
        if entries.isEmpty {
            let size = context.size(of: Self.emptyText, font: font)
            context.draw(Self.emptyText, at: Point(x: (bounds.width - size.width) / 2,
                                                   y: listTop + (Self.rowHeight - size.height) / 2),
                         font: font, color: AdwaitaStyle.dimForeground)
        }
        for (index, entry) in entries.enumerated() {
            let frame = rowFrame(index)
            guard frame.intersects(rect) else { continue }
            drawRow(entry, in: frame, pressed: pressedRow?.row == index, highlighted: highlighted == index,
                    context: context)
        }
    }

    private func drawRow(_ entry: ChooserEntry, in frame: Rect, pressed: Bool, highlighted: Bool,
                         context: DrawingContext) {
        if pressed || highlighted {
            context.setFillColor(pressed ? AdwaitaStyle.pressedFill : AdwaitaStyle.checkedFill)
            context.beginPath()
            context.addRoundedRect(frame.insetBy(dx: 0, dy: 2), radius: AdwaitaStyle.menuRowRadius)
            context.fillPath()
        }
        let box = Rect(x: frame.minX + 6, y: frame.midY - Self.thumbnailSide / 2,
                       width: Self.thumbnailSide, height: Self.thumbnailSide)
        context.fill(box, with: .white)
        context.setStrokeColor(AdwaitaStyle.popoverBorder)
        context.setLineWidth(1)
        context.beginPath()
        context.addRect(box.insetBy(dx: 0.5, dy: 0.5))
        context.strokePath()
        entry.thumbnail?.draw(in: box.insetBy(dx: 5, dy: 5), context: context, color: AdwaitaStyle.foreground)
        let textX = box.maxX + 12
        let width = frame.maxX - textX - 6
        let nameSize = context.size(of: entry.name, font: AdwaitaStyle.titleFont, width: width)
        context.draw(entry.name, at: Point(x: textX, y: frame.midY - nameSize.height - 1), font: AdwaitaStyle.titleFont,
                     color: AdwaitaStyle.foreground, width: width, truncation: .end)
        context.draw(entry.detail, at: Point(x: textX, y: frame.midY + 1), font: AdwaitaStyle.bodyFont,
                     color: AdwaitaStyle.dimForeground, width: width, truncation: .end)
    }
}
