import TouchCore

/// A row of mutually exclusive choices (libadwaita's `AdwToggleGroup`): a
/// grey trough with each choice's title, the chosen one on a white raised
/// face. The choices share the row's width equally and are the row's full
/// height, at least `AdwaitaStyle.minimumHitSide`, so a finger finds them.
///
/// A press chooses the choice it is released over, as a button's does
/// (`HeaderButton`): one that slides off chooses nothing. Choosing calls
/// `onChange`; setting `selectedIndex` from code does not. While
/// `isEnabled` is false (a choice that does not apply now), it is drawn
/// dimmed and takes no press.
public final class ToggleGroupView: View {
    public let titles: [String]
    public var selectedIndex: Int {
        didSet { if selectedIndex != oldValue { setNeedsDisplay() } }
    }
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { setNeedsDisplay() } }
    }
    /// Called with the index chosen by a press.
    public var onChange: ((Int) -> Void)?
    /// The press in progress: its touch, and the choice it went down on.
    private var press: (touch: Touch, index: Int)?
    /// The choice held down now (the press is over it), for its look.
    private var pressedIndex: Int? {
        didSet { if pressedIndex != oldValue { setNeedsDisplay() } }
    }

    static let troughRadius = 9.0
    static let faceInset = 3.0
    static let font = AdwaitaStyle.bodyFont
    static let selectedFont = Font(size: AdwaitaStyle.bodyFont.size, bold: true)

    public init(titles: [String], selectedIndex: Int = 0, frame: Rect) {
        precondition(!titles.isEmpty && titles.indices.contains(selectedIndex), "a choice is chosen")
        self.titles = titles
        self.selectedIndex = selectedIndex
        super.init(frame: frame)
    }

    /// The part of the row that choice `index` takes, in its coordinates.
    public func segment(_ index: Int) -> Rect {
        let width = bounds.width / Double(titles.count)
        return Rect(x: bounds.minX + Double(index) * width, y: bounds.minY, width: width, height: bounds.height)
    }

    private func index(at point: Point) -> Int? {
        titles.indices.first { segment($0).contains(point) }
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard press == nil, isEnabled, let touch = touches.first,
              let index = index(at: touch.location(in: self)) else { return }
        press = (touch, index)
        pressedIndex = index
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        pressedIndex = segment(press.index).contains(press.touch.location(in: self)) ? press.index : nil
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        self.press = nil
        pressedIndex = nil
        guard isEnabled, segment(press.index).contains(press.touch.location(in: self)),
              press.index != selectedIndex else { return }
        selectedIndex = press.index
        onChange?(press.index)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        guard let press, touches.contains(press.touch) else { return }
        self.press = nil
        pressedIndex = nil
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        if !isEnabled { context.beginTransparencyLayer() }
        context.setFillColor(AdwaitaStyle.checkedFill)
        context.beginPath()
        context.addRoundedRect(bounds, radius: Self.troughRadius)
        context.fillPath()
        for (index, title) in titles.enumerated() {
            let face = segment(index).insetBy(dx: Self.faceInset, dy: Self.faceInset)
            if index == selectedIndex {
                context.setFillColor(AdwaitaStyle.popoverShadow)
                context.beginPath()
                context.addRoundedRect(face.offsetBy(dx: 0, dy: 1), radius: Self.troughRadius - Self.faceInset)
                context.fillPath()
                context.setFillColor(.white)
                context.beginPath()
                context.addRoundedRect(face, radius: Self.troughRadius - Self.faceInset)
                context.fillPath()
            } else if index == pressedIndex {
                context.setFillColor(AdwaitaStyle.pressedFill)
                context.beginPath()
                context.addRoundedRect(face, radius: Self.troughRadius - Self.faceInset)
                context.fillPath()
            }
            context.draw(title, centredAt: face.center, font: index == selectedIndex ? Self.selectedFont : Self.font,
                         color: AdwaitaStyle.foreground)
        }
        if !isEnabled { context.endTransparencyLayer(alpha: AdwaitaStyle.dimmedOpacity) }
    }
}
