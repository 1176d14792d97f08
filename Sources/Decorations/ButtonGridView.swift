import TouchCore

/// Buttons in rows, each row as wide as the widest and its buttons
/// sharing it equally, a thin line between rows that start a new group:
/// the colour popover's swatches and widths. The buttons send their own
/// commands (`HeaderButton`); `update()` has them show what the chain says
/// is chosen.
public final class ButtonGridView: View {
    /// Rows of buttons; a row that begins a group has a line above it.
    public let rows: [[HeaderButton]]
    private var separatorYs: [Double] = []

    static let cellSide = 44.0
    static let separatorHeight = 13.0

    /// `groups`: each a list of rows.
    public init(groups: [[[HeaderButton]]]) {
        rows = Array(groups.joined())
        super.init(frame: .zero)
        let columns = rows.map(\.count).max() ?? 0
        let width = Double(columns) * Self.cellSide
        var y = 0.0
        for (index, group) in groups.enumerated() {
            if index > 0 {
                separatorYs.append(y + Self.separatorHeight / 2)
                y += Self.separatorHeight
            }
            for row in group {
                let cell = width / Double(max(1, row.count))
                for (column, button) in row.enumerated() {
                    button.frame = Rect(x: Double(column) * cell, y: y, width: cell, height: Self.cellSide)
                    addSubview(button)
                }
                y += Self.cellSide
            }
        }
        bounds = Rect(x: 0, y: 0, width: width, height: y)
    }

    public func update() {
        for button in rows.joined() { button.update() }
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        for y in separatorYs {
            context.fill(Rect(x: bounds.minX, y: y, width: bounds.width, height: 1), with: AdwaitaStyle.separator)
        }
    }
}
