/// Draws the visible context menu the way iOS draws its edit menu: a dark
/// rounded bubble, light titles, thin separators between items, a ‹ and a
/// › chevron where there are pages before or after, and a lighter fill
/// under the highlighted item or arrow. `MenuView` draws with it.
public enum MenuPainter {
    public static let bubble = Color(red: 0.11, green: 0.11, blue: 0.12, alpha: 0.94)
    static let highlight = Color(red: 0.33, green: 0.33, blue: 0.36)
    public static let separator = Color(red: 1, green: 1, blue: 1, alpha: 0.25)
    public static let title = Color(red: 1, green: 1, blue: 1)
    public static let cornerRadius = 8.0
    /// Half the height of an arrow's chevron, and how far it points.
    static let chevronSize = Size(width: 4, height: 7)

    /// Draws page `page` of `layout` on `context`, whose coordinates are
    /// those of the layout's frames (the window's).
    public static func draw(_ layout: MenuLayout, page: Int, highlighted: MenuLayout.Part?,
                            in context: DrawingContext) {
        guard layout.pages.indices.contains(page) else { return }
        let shown = layout.pages[page]
        context.saveState()
        context.beginPath()
        context.addRoundedRect(layout.frame, radius: cornerRadius)
        context.clipToPath()
        context.fill(layout.frame, with: bubble)

        // The page's parts from left to right, each after a separator.
        var parts: [(part: MenuLayout.Part, frame: Rect)] = []
        if let arrow = shown.previousArrow { parts.append((.previousPage, arrow)) }
        parts += shown.items.map { (.item($0), layout.items[$0].frame) }
        if let arrow = shown.nextArrow { parts.append((.nextPage, arrow)) }
        for (position, (part, frame)) in parts.enumerated() {
            if part == highlighted {
                context.fill(frame, with: highlight)
            }
            if position > 0 {
                context.setStrokeColor(separator)
                context.setLineWidth(1)
                context.beginPath()
                context.move(to: Point(x: frame.minX, y: frame.minY + 6))
                context.addLine(to: Point(x: frame.minX, y: frame.maxY - 6))
                context.strokePath()
            }
            switch part {
            case .item(let index):
                // A title wider than a whole page is cut at its item's edges.
                context.saveState()
                context.clip(to: frame)
                context.draw(layout.items[index].title, centredAt: frame.center, color: title)
                context.restoreState()
            case .previousPage:
                drawChevron(in: frame, pointingLeft: true, in: context)
            case .nextPage:
                drawChevron(in: frame, pointingLeft: false, in: context)
            }
        }
        context.restoreState()
    }

    /// A ‹ or › drawn as two strokes, centred in `frame`.
    private static func drawChevron(in frame: Rect, pointingLeft: Bool, in context: DrawingContext) {
        let centre = frame.center
        let tipX = pointingLeft ? centre.x - chevronSize.width : centre.x + chevronSize.width
        let backX = pointingLeft ? centre.x + chevronSize.width : centre.x - chevronSize.width
        context.setStrokeColor(title)
        context.setLineWidth(2)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        context.beginPath()
        context.move(to: Point(x: backX, y: centre.y - chevronSize.height))
        context.addLine(to: Point(x: tipX, y: centre.y))
        context.addLine(to: Point(x: backX, y: centre.y + chevronSize.height))
        context.strokePath()
    }
}
