import TouchCore

/// The gesture reference's experiments, live, one panel at a time: first
/// the reference's own, two nested views with a tap recognizer each
/// (`NestedViewsPanel`), then a view with a single and a double tap
/// (`TapPairPanel`). A row of buttons at the top changes panel.
public final class RecognizerLabPage: PlaygroundPage {
    let nestedViews = NestedViewsPanel()
    let tapPair = TapPairPanel()
    public let panels: [RecognizerLabPanel]
    /// One per panel, a finger's height (`PlaygroundView.barHeight`).
    private(set) var panelButtons: [PlaygroundButton] = []
    private(set) var currentPanelIndex = 0

    static let buttonHeight = 40.0

    init() {
        panels = [nestedViews, tapPair]
        super.init(title: "Recognizer Lab")
        backgroundColor = Color(red: 0.96, green: 0.96, blue: 0.94)
        for (index, panel) in panels.enumerated() {
            let button = PlaygroundButton(title: panel.title)
            button.onTap = { [unowned self] in showPanel(index) }
            panelButtons.append(button)
            addSubview(button)
        }
        showPanel(0)
    }

    var currentPanel: RecognizerLabPanel { panels[currentPanelIndex] }

    /// Shows panel `index` in place of the current one; the side panel
    /// follows its recognizers from then on.
    func showPanel(_ index: Int) {
        precondition(panels.indices.contains(index), "no such panel")
        if currentPanel.superview === self {
            if index == currentPanelIndex { return }
            currentPanel.removeFromSuperview()
        }
        currentPanelIndex = index
        insertSubview(currentPanel, at: 0)
        for (buttonIndex, button) in panelButtons.enumerated() { button.isSelected = buttonIndex == index }
        layoutSubviews()
        recognizersDidChange()
    }

    public override var recognizers: [GestureRecognizer] { currentPanel.recognizers }

    public override func observe(_ record: TraceRecord) {
        currentPanel.observe(record)
    }

    public override func layoutSubviews() {
        let width = (bounds.width - 8) / Double(max(1, panelButtons.count))
        for (index, button) in panelButtons.enumerated() {
            button.frame = Rect(x: bounds.minX + 4 + width * Double(index), y: bounds.minY, width: width,
                                height: Self.buttonHeight)
        }
        let below = Rect(x: bounds.minX, y: bounds.minY + Self.buttonHeight, width: bounds.width,
                         height: max(0, bounds.height - Self.buttonHeight))
        if currentPanel.frame != below { currentPanel.frame = below }
    }
}
