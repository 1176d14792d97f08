import TouchCore

/// What an empty place says about how to fill it (libadwaita's
/// `AdwStatusPage`): the app's icon, a bold title and a few short lines,
/// centred and light grey. Its words wrap to its width rather than being
/// cut, and the icon goes first when the height runs short.
///
/// It only shows: every press passes through it to the view beneath (the
/// canvas draws under an empty drawing's page).
public final class StatusPageView: View {
    public let title: String
    public let lines: [String]

    static let titleFont = Font(size: 16, bold: true)
    static let lineFont = AdwaitaStyle.bodyFont
    /// The icon's side where the page has room, and where it has less.
    static let largeIconSide = 128.0, smallIconSide = 64.0
    static let iconGap = 24.0, titleGap = 12.0, lineGap = 4.0
    /// The text's widest measure, and the least room kept to the sides.
    static let maximumTextWidth = 480.0, sideMargin = 24.0
    /// The page's grey: libadwaita's dim label, lighter, so it reads as a
    /// hint under the ink to come, not as content.
    static let colour = AdwaitaStyle.dimForeground.withAlpha(0.45)
    static let iconOpacity = 0.45

    public init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
        super.init(frame: .zero)
    }

    /// Where each piece goes in `bounds`, as `measure` sizes wrapped text:
    /// the icon (nil when the height leaves no room for it), the title's
    /// box and each line's box. Every box holds its text whole.
    public func layout(measuredBy measure: (String, Font, Double) -> Size)
        -> (icon: Rect?, title: Rect, lines: [Rect]) {
        let width = max(0, min(Self.maximumTextWidth, bounds.width - 2 * Self.sideMargin))
        let titleSize = measure(title, Self.titleFont, width)
        let lineSizes = lines.map { measure($0, Self.lineFont, width) }
        let textHeight = titleSize.height + lineSizes.reduce(0) { $0 + Self.lineGap + $1.height } + Self.titleGap
            - (lines.isEmpty ? Self.titleGap : Self.lineGap)
        let room = bounds.height - 2 * Self.sideMargin - textHeight - Self.iconGap
        let iconSide: Double? = if min(bounds.width, bounds.height) >= 3 * Self.largeIconSide, room >= Self.largeIconSide {
            Self.largeIconSide
        } else if room >= Self.smallIconSide {
            Self.smallIconSide
        } else {
            nil
        }
        let height = textHeight + (iconSide.map { $0 + Self.iconGap } ?? 0)
        var y = max(bounds.minY, bounds.midY - height / 2).rounded()
        let x = bounds.midX - width / 2
        var icon: Rect?
        if let iconSide {
            icon = Rect(x: bounds.midX - iconSide / 2, y: y, width: iconSide, height: iconSide)
            y += iconSide + Self.iconGap
        }
        let titleBox = Rect(x: x, y: y, width: width, height: titleSize.height)
        y += titleSize.height + Self.titleGap
        var lineBoxes: [Rect] = []
        for size in lineSizes {
            lineBoxes.append(Rect(x: x, y: y, width: width, height: size.height))
            y += size.height + Self.lineGap
        }
        return (icon, titleBox, lineBoxes)
    }

    public override func hitTest(_ point: Point, with event: Event?) -> View? { nil }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        let placed = layout { context.size(of: $0, font: $1, wrappedTo: $2) }
        if let icon = placed.icon {
            context.beginTransparencyLayer()
            AppIcon.draw(in: icon, context: context)
            context.endTransparencyLayer(alpha: Self.iconOpacity)
        }
        context.draw(title, at: placed.title.origin, font: Self.titleFont, color: Self.colour,
                     wrappedTo: placed.title.width, alignment: .centre)
        for (line, box) in zip(lines, placed.lines) {
            context.draw(line, at: box.origin, font: Self.lineFont, color: Self.colour,
                         wrappedTo: box.width, alignment: .centre)
        }
    }
}
