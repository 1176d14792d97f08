import Decorations
import Export
import TouchCore

/// What the Export dialog (☰ Export…) holds: a row a choice, its name at
/// the start and its toggle group filling the rest (Format: PNG, SVG,
/// PDF; for PNG, Scale: 1×, 2×, 4× and Background: Transparent, White; for
/// PDF, Page: Drawing, A4, Letter and Orientation: Portrait, Landscape),
/// then the Export button. Narrower than `sideBySideWidth` (a window
/// below 360 points), each name goes above its group instead, so the
/// groups keep the width their words need. The rows that do not apply to the format chosen
/// (or Orientation on the drawing's own page) are dimmed and take no
/// press, rather than hidden, so nothing moves under the finger.
final class ExportDialogContent: View {
    private(set) var choice: ExportChoice
    /// Called with the choice when Export is pressed.
    var onExport: ((ExportChoice) -> Void)?

    let format: ToggleGroupView
    let scale: ToggleGroupView
    let background: ToggleGroupView
    let page: ToggleGroupView
    let orientation: ToggleGroupView
    let exportButton: SuggestedActionButton
    /// Each row's name and group, top to bottom.
    private var rows: [(name: String, group: ToggleGroupView)] {
        [("Format", format), ("Scale", scale), ("Background", background), ("Page", page),
         ("Orientation", orientation)]
    }

    /// Rows are finger-sized (`AdwaitaStyle.minimumHitSide`), as is the button.
    static let rowHeight = AdwaitaStyle.minimumHitSide
    static let rowSpacing = 8.0
    static let nameWidth = 92.0
    static let buttonHeight = 44.0
    static let buttonGap = 16.0
    static let buttonWidth = 160.0
    /// The widest it needs to be; a narrower window gets a narrower one.
    static let preferredWidth = 360.0
    /// The least width with the names beside the groups: "Transparent"
    /// fits half of what is left.
    static let sideBySideWidth = 296.0
    /// A name's line above its group, when stacked.
    static let nameHeight = 20.0
    static let formats = ExportFormat.allCases
    static let papers: [ExportOptions.Paper?] = [nil] + ExportOptions.Paper.allCases
    static let backgrounds: [ExportOptions.Background] = [.transparent, .white]

    init(choice: ExportChoice, width: Double) {
        self.choice = choice
        let stacked = width < Self.sideBySideWidth
        let left = stacked ? 0 : Self.nameWidth, above = stacked ? Self.nameHeight : 0
        let rowPitch = above + Self.rowHeight + Self.rowSpacing
        func group(_ titles: [String], _ selected: Int, row: Int) -> ToggleGroupView {
            ToggleGroupView(titles: titles, selectedIndex: max(0, selected),
                            frame: Rect(x: left, y: Double(row) * rowPitch + above,
                                        width: width - left, height: Self.rowHeight))
        }
        format = group(Self.formats.map { $0.rawValue.uppercased() },
                       Self.formats.firstIndex(of: choice.format) ?? 0, row: 0)
        scale = group(ExportOptions.scales.map { "\($0)×" }, ExportOptions.scales.firstIndex(of: choice.scale) ?? 0,
                      row: 1)
        background = group(["Transparent", "White"], Self.backgrounds.firstIndex(of: choice.background) ?? 1, row: 2)
        page = group(["Drawing"] + ExportOptions.Paper.allCases.map(\.title),
                     Self.papers.firstIndex(of: choice.paper) ?? 0, row: 3)
        orientation = group(["Portrait", "Landscape"],
                            ExportOptions.Orientation.allCases.firstIndex(of: choice.orientation) ?? 0, row: 4)
        let buttonTop = 5 * rowPitch - Self.rowSpacing + Self.buttonGap
        let buttonWidth = min(Self.buttonWidth, width)
        exportButton = SuggestedActionButton(title: "Export",
                                             frame: Rect(x: ((width - buttonWidth) / 2).rounded(), y: buttonTop,
                                                         width: buttonWidth, height: Self.buttonHeight))
        super.init(frame: Rect(x: 0, y: 0, width: width, height: buttonTop + Self.buttonHeight))
        // `self.choice`: the parameter `choice` is the one the dialog opened with.
        format.onChange = { [unowned self] in self.choice.format = Self.formats[$0]; updateEnabledRows() }
        scale.onChange = { [unowned self] in self.choice.scale = ExportOptions.scales[$0] }
        background.onChange = { [unowned self] in self.choice.background = Self.backgrounds[$0] }
        page.onChange = { [unowned self] in self.choice.paper = Self.papers[$0]; updateEnabledRows() }
        orientation.onChange = { [unowned self] in self.choice.orientation = ExportOptions.Orientation.allCases[$0] }
        exportButton.onPress = { [unowned self] in onExport?(self.choice) }
        for (_, group) in rows { addSubview(group) }
        addSubview(exportButton)
        updateEnabledRows()
    }

    /// Dims the rows that do not shape a file of the chosen format.
    private func updateEnabledRows() {
        scale.isEnabled = choice.format == .png
        background.isEnabled = choice.format == .png
        page.isEnabled = choice.format == .pdf
        orientation.isEnabled = choice.format == .pdf && choice.paper != nil
        setNeedsDisplay()
    }

    override func draw(_ rect: Rect, in context: DrawingContext) {
        for (name, group) in rows {
            let size = context.size(of: name, font: AdwaitaStyle.bodyFont)
            // Beside its group, or above it when stacked (the group starts at the left).
            let y = group.frame.minX > 0 ? group.frame.midY - size.height / 2
                : group.frame.minY - Self.nameHeight / 2 - size.height / 2
            context.draw(name, at: Point(x: 0, y: y), font: AdwaitaStyle.bodyFont,
                         color: group.isEnabled ? AdwaitaStyle.foreground : AdwaitaStyle.dimForeground)
        }
    }
}
