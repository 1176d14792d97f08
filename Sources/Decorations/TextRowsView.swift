import TouchCore

/// Lines of text in sections, in columns side by side where the room
/// allows: what the Keyboard Shortcuts and About dialogs show. A row is a
/// text, or a key and what it does (said on the left, the key on the
/// right, as GNOME's shortcuts window has it); a section may have a heading.
public final class TextRowsView: View {
    public struct Row: Hashable, Sendable {
        /// The text, or the key.
        public var text: String
        /// What the key does; nil for a row of text.
        public var detail: String?
        public var style: Style

        public enum Style: Hashable, Sendable {
            /// Body text, from the left.
            case body
            /// Large and bold (the app's name).
            case headline
            /// Grey, smaller.
            case dim
            /// In the accent colour, as a link.
            case link
            /// Body text, centred.
            case centred
        }

        public init(_ text: String, detail: String? = nil, style: Style = .body) {
            self.text = text
            self.detail = detail
            self.style = style
        }
    }

    public struct Section: Hashable, Sendable {
        public var heading: String?
        public var rows: [Row]

        public init(heading: String? = nil, rows: [Row]) {
            self.heading = heading
            self.rows = rows
        }
    }

    static let rowHeight = 28.0
    static let headingHeight = 34.0
    static let columnGap = 24.0
    static let headlineFont = Font(size: 16, bold: true)
    static let keyFont = Font(.monospace, size: 10, bold: true)

    public let sections: [Section]
    /// Where each section starts, in this view's coordinates.
    private var origins: [Point] = []
    private let columnWidth: Double

    /// Lays `sections` out in columns `columnWidth` wide, starting a new
    /// column when the next section would go below `maximumSize.height`
    /// and another column still fits in `maximumSize.width`; else the
    /// column grows (and its dialog scrolls).
    public init(sections: [Section], columnWidth: Double, maximumSize: Size) {
        self.sections = sections
        self.columnWidth = columnWidth
        super.init(frame: .zero)
        var x = 0.0, y = 0.0, height = 0.0
        for section in sections {
            let sectionHeight = Self.height(of: section)
            if y > 0, y + sectionHeight > maximumSize.height,
               x + 2 * columnWidth + Self.columnGap <= maximumSize.width {
                x += columnWidth + Self.columnGap
                y = 0
            }
            origins.append(Point(x: x, y: y))
            y += sectionHeight
            height = max(height, y)
        }
        bounds = Rect(x: 0, y: 0, width: x + columnWidth, height: height)
    }

    static func height(of section: Section) -> Double {
        (section.heading == nil ? 0 : headingHeight) + section.rows.reduce(0) {
            $0 + ($1.style == .headline ? 2 * rowHeight : rowHeight)
        }
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        for (section, origin) in zip(sections, origins) {
            var y = origin.y
            if let heading = section.heading {
                let size = context.size(of: heading, font: AdwaitaStyle.titleFont)
                context.draw(heading, at: Point(x: origin.x, y: y + Self.headingHeight - size.height - 6),
                             font: AdwaitaStyle.titleFont, color: AdwaitaStyle.dimForeground)
                y += Self.headingHeight
            }
            for row in section.rows {
                let height = row.style == .headline ? 2 * Self.rowHeight : Self.rowHeight
                drawRow(row, in: Rect(x: origin.x, y: y, width: columnWidth, height: height), context: context)
                y += height
            }
        }
    }

    private func drawRow(_ row: Row, in frame: Rect, context: DrawingContext) {
        if let detail = row.detail {
            let keySize = context.size(of: row.text, font: Self.keyFont)
            context.draw(row.text, at: Point(x: frame.maxX - keySize.width, y: frame.midY - keySize.height / 2),
                         font: Self.keyFont, color: AdwaitaStyle.dimForeground)
            let size = context.size(of: detail, font: AdwaitaStyle.bodyFont)
            context.draw(detail, at: Point(x: frame.minX, y: frame.midY - size.height / 2),
                         font: AdwaitaStyle.bodyFont, color: AdwaitaStyle.foreground,
                         width: frame.width - keySize.width - 12, truncation: .end)
            return
        }
        let (font, colour): (Font, Color) = switch row.style {
        case .body, .centred: (AdwaitaStyle.bodyFont, AdwaitaStyle.foreground)
        case .headline: (Self.headlineFont, AdwaitaStyle.foreground)
        case .dim: (Font(size: 10), AdwaitaStyle.dimForeground)
        case .link: (AdwaitaStyle.bodyFont, AdwaitaStyle.accent)
        }
        let size = context.size(of: row.text, font: font, width: frame.width)
        let x = row.style == .body ? frame.minX : frame.midX - size.width / 2
        context.draw(row.text, at: Point(x: x, y: frame.midY - size.height / 2), font: font, color: colour,
                     width: frame.width, truncation: .end)
    }
}
