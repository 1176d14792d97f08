import TouchCore

/// The bar along the top of the window, laid out as libadwaita's
/// `AdwHeaderBar`: the start buttons (Undo, Redo), the title in the middle,
/// then the end buttons (the tool, the colour, the main menu) and, where
/// the app draws its own decorations, the window buttons.
///
/// Two styles. `.headerBar`, where the compositor leaves decorations to the
/// app (weston, GNOME): the bar is also the window's title bar, so a press
/// on it and a drag move the window, a double click or double tap toggles
/// maximize, and a pointer press near the window's edges resizes it
/// (fingers near the edges, outside the bar, go to the canvas beneath, so
/// strokes can start at the very edge of a tablet). `.toolbar`, where the
/// compositor draws the title bar (KWin): the same buttons in a slim bar,
/// and nothing else.
///
/// It only decides what a press on the bar means and says so through
/// `onRequest`; the app turns requests into `xdg_toplevel` requests. It
/// knows nothing of Wayland or Cairo: `WindowEdge` is its own. Its buttons
/// send their commands through the responder chain themselves
/// (`HeaderButton`).
///
/// A bar too narrow for every button and the title hides the
/// `collapsibleButtons` (`isCollapsed`); the app then offers what they do
/// elsewhere (in the main menu). Nothing is cut off.
///
/// The view's hit area also takes in the window's border (of its
/// superview, the window), which is why it must be the front-most view.
public final class HeaderBarView: View {
    public enum Style: Hashable, Sendable {
        case headerBar, toolbar
    }

    /// How far from the window's edges a pointer press resizes.
    static let resizeBorder = 8.0
    /// How far along an edge from a corner a press resizes both ways.
    static let resizeCorner = 16.0
    /// How far a press on the bar moves before the window follows, so a
    /// click that trembles is still a click.
    static let dragThreshold = 3.0
    /// Space kept between the title and the buttons beside it.
    static let titleMargin = 6.0

    /// The window buttons' actions; the bar performs them itself.
    static let minimizeWindow = Action("minimizeWindow")
    static let toggleMaximizeWindow = Action("toggleMaximizeWindow")
    static let closeWindow = Action("closeWindow")

    /// What a press on the bar or border means, once it means something.
    public enum Request: Equatable, Sendable {
        /// `xdg_toplevel.move` with the press's seat and serial.
        case move
        /// `xdg_toplevel.resize` from these edges.
        case resize(WindowEdge)
        case toggleMaximize
        case minimize
        case close
    }

    /// What lies under a point.
    public enum Part: Equatable, Sendable {
        case dragArea
        /// A button's hit area.
        case control
        case resizeBorder(WindowEdge)
    }

    /// Called when a press lands on the bar or the border, before any
    /// request it leads to: the moment to note which press it was.
    public var onPress: (() -> Void)?
    public var onRequest: ((Request) -> Void)?
    /// Called when the collapsible buttons are hidden or shown again.
    var onCollapseChange: ((Bool) -> Void)?

    public var style: Style {
        didSet { if style != oldValue { placeButtons(); setNeedsDisplay() } }
    }
    public var title: String {
        didSet { if title != oldValue { placeButtons(); setNeedsDisplay() } }
    }
    /// The window is the active one: drawn as such.
    public var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            for button in allButtons { button.isActive = isActive }
            setNeedsDisplay()
        }
    }
    /// A maximized window shows "restore" and has no resize border.
    public var isMaximized = false {
        didSet { windowButtons[1].content = .windowButton(isMaximized ? .restore : .maximize) }
    }
    /// Measures the title, to decide what fits.
    public var textMeasurer: any TextMeasuring = FixedWidthTextMeasurer() {
        didSet { placeButtons() }
    }

    /// At the start of the bar, in order.
    public private(set) var startButtons: [HeaderButton]
    /// At the end, before the window buttons, in order from the start.
    public private(set) var endButtons: [HeaderButton]
    /// Those end buttons that go when the bar is too narrow.
    public private(set) var collapsibleButtons: [HeaderButton]
    /// Minimize, maximize and close.
    let windowButtons: [HeaderButton]
    /// The collapsible buttons are hidden: the bar is too narrow for them.
    public private(set) var isCollapsed = false

    /// The touch this view follows, and what it is doing.
    private enum Tracking {
        case idle
        /// On the bar, not yet dragged past the threshold.
        case pressedOnBar(Touch, start: Point)
        /// The compositor took the rest of this touch (move, resize), or it
        /// already did what it meant (maximize on a double tap).
        case done(Touch)
    }
    private var tracking = Tracking.idle

    public init(title: String, style: Style = .headerBar, startButtons: [HeaderButton],
                endButtons: [HeaderButton], collapsibleButtons: [HeaderButton] = []) {
        precondition(collapsibleButtons.allSatisfy { button in endButtons.contains { $0 === button } },
                     "only end buttons collapse")
        self.title = title
        self.style = style
        self.startButtons = startButtons
        self.endButtons = endButtons
        self.collapsibleButtons = collapsibleButtons
        windowButtons = [
            HeaderButton(Command(title: "Minimize", action: Self.minimizeWindow), content: .windowButton(.minimize)),
            HeaderButton(Command(title: "Maximize", action: Self.toggleMaximizeWindow),
                         content: .windowButton(.maximize)),
            HeaderButton(Command(title: "Close", action: Self.closeWindow), content: .windowButton(.close)),
        ]
        super.init(frame: .zero)
        for button in windowButtons { button.target = self }
        for button in allButtons {
            button.isActive = isActive
            addSubview(button)
        }
    }

    private var allButtons: [HeaderButton] { startButtons + endButtons + windowButtons }

    /// Puts other buttons at the bar's ends, for a scene with controls of
    /// its own (the gesture playground's); the window buttons stay.
    public func setButtons(start: [HeaderButton], end: [HeaderButton], collapsible: [HeaderButton] = []) {
        precondition(collapsible.allSatisfy { button in end.contains { $0 === button } }, "only end buttons collapse")
        for button in startButtons + endButtons { button.removeFromSuperview() }
        (startButtons, endButtons, collapsibleButtons) = (start, end, collapsible)
        for button in start + end {
            button.isActive = isActive
            button.isHidden = false
            addSubview(button)
        }
        placeButtons()
        setNeedsDisplay()
    }

    // MARK: Geometry

    /// The bar's height in `style` at `scale` buffer pixels per point,
    /// rounded to whole pixels so the canvas below starts on a pixel row.
    public static func height(_ style: Style, scale: Double) -> Double {
        let points = style == .headerBar ? AdwaitaStyle.headerBarHeight : AdwaitaStyle.toolbarHeight
        return (points * scale).rounded() / scale
    }

    public override func layoutSubviews() {
        placeButtons()
    }

    /// Puts the buttons at the bar's ends, hiding the collapsible ones if
    /// the title would not fit between, and the window buttons in the
    /// toolbar style.
    private func placeButtons() {
        let side = AdwaitaStyle.buttonSide, spacing = AdwaitaStyle.barSpacing
        let top = style == .headerBar ? AdwaitaStyle.barPaddingTop : (bounds.height - side) / 2
        let showsWindowButtons = style == .headerBar
        for button in windowButtons { button.isHidden = !showsWindowButtons }
        func width(of count: Int) -> Double { count == 0 ? 0 : Double(count) * side + Double(count - 1) * spacing }
        let trailing = endButtons.count + (showsWindowButtons ? windowButtons.count : 0)
        let ends = 2 * AdwaitaStyle.barPaddingEnds
        let titleRoom = style == .headerBar ? textMeasurer.size(of: title).width + 2 * Self.titleMargin : spacing
        let full = ends + width(of: startButtons.count) + width(of: trailing) + titleRoom
        let collapsed = !collapsibleButtons.isEmpty && full > bounds.width
        // Words beside the icons only where everything fits with them too.
        let buttons = startButtons + endButtons
        let labelledWidths = buttons.map { $0.labelledWidth(measuredBy: textMeasurer) }
        let widening = labelledWidths.compactMap { $0.map { $0 - side } }.reduce(0, +)
        let showsLabels = !collapsed && full + widening <= bounds.width
        for (button, labelled) in zip(buttons, labelledWidths) {
            button.isLabelShown = showsLabels && labelled != nil
        }
        func widthOf(_ button: HeaderButton) -> Double {
            guard button.isLabelShown, let index = buttons.firstIndex(where: { $0 === button }),
                  let labelled = labelledWidths[index] else { return side }
            return labelled
        }
        var x = bounds.minX + AdwaitaStyle.barPaddingEnds
        for button in startButtons {
            let width = widthOf(button)
            button.frame = Rect(x: x, y: bounds.minY + top, width: width, height: side)
            x += width + spacing
        }
        x = bounds.maxX - AdwaitaStyle.barPaddingEnds
        let shownEnd = endButtons.filter { button in !(collapsed && collapsibleButtons.contains { $0 === button }) }
        for button in endButtons { button.isHidden = !shownEnd.contains { $0 === button } }
        for button in (shownEnd + (showsWindowButtons ? windowButtons : [])).reversed() {
            let width = widthOf(button)
            x -= width
            button.frame = Rect(x: x, y: bounds.minY + top, width: width, height: side)
            x -= spacing
        }
        if collapsed != isCollapsed {
            isCollapsed = collapsed
            onCollapseChange?(collapsed)
        }
    }

    /// Has the responder chain validate every button's command, so each
    /// shows what pressing it would do now (see `HeaderButton.update()`).
    public func updateButtons() {
        for button in startButtons + endButtons where !button.isHidden { button.update() }
    }

    /// The visible button whose hit area holds `point` (this view's
    /// coordinates), if any.
    public func button(at point: Point) -> HeaderButton? {
        allButtons.last { !$0.isHidden && $0.hitArea.contains($0.convert(point, from: self)) }
    }

    /// What is under `point` (this view's coordinates) for a press from a
    /// pointer (`pointer`) or a finger; nil for what is not the bar's.
    public func part(at point: Point, pointer: Bool) -> Part? {
        if bounds.contains(point), button(at: point) != nil { return .control }
        if pointer, let edges = resizeEdges(at: point) {
            return .resizeBorder(edges)
        }
        return bounds.contains(point) ? .dragArea : nil
    }

    /// The edges a press at `point` resizes, or nil away from them (and
    /// always for a maximized window, or in the toolbar style).
    private func resizeEdges(at point: Point) -> WindowEdge? {
        guard style == .headerBar, !isMaximized, let window = superview else { return nil }
        let inWindow = convert(point, to: window)
        let area = window.bounds
        guard area.contains(inWindow) else { return nil }
        func near(_ distance: Double) -> (left: Bool, right: Bool, top: Bool, bottom: Bool) {
            (inWindow.x < area.minX + distance, inWindow.x >= area.maxX - distance,
             inWindow.y < area.minY + distance, inWindow.y >= area.maxY - distance)
        }
        let edge = near(Self.resizeBorder), corner = near(Self.resizeCorner)
        guard edge.left || edge.right || edge.top || edge.bottom else { return nil }
        // On an edge, the last `resizeCorner` points before a corner take both ways.
        let left = edge.left || ((edge.top || edge.bottom) && corner.left)
        let right = edge.right || ((edge.top || edge.bottom) && corner.right)
        let top = edge.top || ((edge.left || edge.right) && corner.top)
        let bottom = edge.bottom || ((edge.left || edge.right) && corner.bottom)
        switch (left, right, top, bottom) {
        case (true, _, true, _): return .topLeft
        case (true, _, _, true): return .bottomLeft
        case (_, true, true, _): return .topRight
        case (_, true, _, true): return .bottomRight
        case (true, _, _, _): return .left
        case (_, true, _, _): return .right
        case (_, _, true, _): return .top
        case (_, _, _, true): return .bottom
        case (false, false, false, false): return nil
        }
    }

    /// Only a pointer resizes from the border: fingers near the edges go
    /// to the canvas.
    public override func point(inside point: Point, with event: Event?) -> Bool {
        part(at: point, pointer: event?.hitTestedKind == .pointer) != nil
    }

    /// The buttons take the presses on their hit areas; a pointer press on
    /// the resize border is the bar's even over a button's edge, so the
    /// window can be resized from anywhere along it.
    public override func hitTest(_ point: Point, with event: Event?) -> View? {
        guard !isHidden, isUserInteractionEnabled, self.point(inside: point, with: event) else { return nil }
        if event?.hitTestedKind != .pointer || resizeEdges(at: point) == nil, let button = button(at: point) {
            return button
        }
        return self
    }

    // MARK: Window buttons

    public override func handler(for action: Action) -> ((Any?) -> Void)? {
        switch action {
        case Self.minimizeWindow: { [unowned self] _ in onRequest?(.minimize) }
        case Self.toggleMaximizeWindow: { [unowned self] _ in onRequest?(.toggleMaximize) }
        case Self.closeWindow: { [unowned self] _ in onRequest?(.close) }
        default: super.handler(for: action)
        }
    }

    // MARK: Drawing

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        context.fill(bounds, with: isActive ? AdwaitaStyle.headerBarBackground : AdwaitaStyle.headerBarBackdrop)
        context.fill(Rect(x: bounds.minX, y: bounds.maxY - 1, width: bounds.width, height: 1),
                     with: AdwaitaStyle.shade)
        if style == .headerBar { drawTitle(in: context) }
    }

    /// Centres the title in the bar when it fits clear of the buttons, else
    /// in the space between them, cut with "…".
    private func drawTitle(in context: DrawingContext) {
        let visible = allButtons.filter { !$0.isHidden }
        func isStart(_ button: HeaderButton) -> Bool { startButtons.contains { $0 === button } }
        let startEdge = visible.filter(isStart).map(\.frame.maxX).max() ?? bounds.minX
        let endEdge = visible.filter { !isStart($0) }.map(\.frame.minX).min() ?? bounds.maxX
        let left = startEdge + Self.titleMargin, right = endEdge - Self.titleMargin
        let available = right - left
        guard available > 0, !title.isEmpty else { return }
        let font = AdwaitaStyle.titleFont
        let size = context.size(of: title, font: font, width: available)
        let x = min(max(bounds.midX - size.width / 2, left), right - size.width)
        let colour = isActive ? AdwaitaStyle.foreground : AdwaitaStyle.foreground.withAlpha(0.4)
        let top = style == .headerBar ? AdwaitaStyle.barPaddingTop : 0
        let middle = bounds.minY + top + AdwaitaStyle.buttonSide / 2
        context.draw(title, at: Point(x: x, y: middle - size.height / 2), font: font, color: colour,
                     width: available, truncation: .end)
    }

    // MARK: Touches on the bar itself

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches {
            switch tracking {
            case .pressedOnBar:
                // One press at a time; other fingers on the bar do nothing.
                continue
            case .idle, .done:
                // A touch handed to the compositor may never end here.
                begin(touch)
            }
        }
    }

    private func begin(_ touch: Touch) {
        let location = touch.location(in: self)
        guard style == .headerBar, let part = part(at: location, pointer: touch.kind == .pointer) else {
            tracking = .idle
            return
        }
        switch part {
        case .control:
            tracking = .idle
        case .resizeBorder(let edges):
            onPress?()
            tracking = .done(touch)
            onRequest?(.resize(edges))
        case .dragArea where touch.tapCount % 2 == 0:
            // Every second tap of a series: double, quadruple…
            tracking = .done(touch)
            onRequest?(.toggleMaximize)
        case .dragArea:
            onPress?()
            tracking = .pressedOnBar(touch, start: location)
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard case .pressedOnBar(let touch, let start) = tracking, touches.contains(touch),
              touch.location(in: self).distance(to: start) > Self.dragThreshold else { return }
        tracking = .done(touch)
        onRequest?(.move)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        tracking = .idle
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        tracking = .idle
    }

    private var trackedTouch: Touch? {
        switch tracking {
        case .idle: return nil
        case .pressedOnBar(let touch, _), .done(let touch): return touch
        }
    }
}
