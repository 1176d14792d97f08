/// Draws the visible context menu the way iOS draws its edit menu: a dark
/// rounded bubble, light titles, thin separators between items, and a
/// lighter fill under the highlighted item. `MenuView` draws with it.
public enum MenuPainter {
    public static let bubble = Color(red: 0.11, green: 0.11, blue: 0.12, alpha: 0.94)
    public static let highlight = Color(red: 0.33, green: 0.33, blue: 0.36)
    public static let separator = Color(red: 1, green: 1, blue: 1, alpha: 0.25)
    public static let title = Color(red: 1, green: 1, blue: 1)
    public static let cornerRadius = 8.0

    /// Draws `layout` on `context`, whose coordinates are those of the
    /// layout's frames (the window's).
    public static func draw(_ layout: MenuLayout, highlightedIndex: Int?, in context: DrawingContext) {
        context.saveState()
        context.beginPath()
        context.addRoundedRect(layout.frame, radius: cornerRadius)
        context.clipToPath()
        context.fill(layout.frame, with: bubble)
        for (index, item) in layout.items.enumerated() {
            if index == highlightedIndex {
                context.fill(item.frame, with: highlight)
            }
            if index > 0 {
                context.setStrokeColor(separator)
                context.setLineWidth(1)
                context.beginPath()
                switch layout.axis {
                case .horizontal:
                    context.move(to: Point(x: item.frame.minX, y: item.frame.minY + 6))
                    context.addLine(to: Point(x: item.frame.minX, y: item.frame.maxY - 6))
                case .vertical:
                    context.move(to: Point(x: item.frame.minX + 6, y: item.frame.minY))
                    context.addLine(to: Point(x: item.frame.maxX - 6, y: item.frame.minY))
                }
                context.strokePath()
            }
            context.draw(item.title, centredAt: item.frame.center, color: title)
        }
        context.restoreState()
    }
}
