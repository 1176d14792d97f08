import TouchCore

/// Lines of text in sections, in columns side by side where the room
/// allows: what the Keyboard Shortcuts and About dialogs show. A row is a
/// text, or a key and what it does (said on the left, the key on the
/// right, as GNOME's shortcuts window has it); a section may have a heading.
///
/// Nothing is ever cut: every text wraps to its box (Pango's word
/// wrapping, through `TextMeasuring`) and its row grows to hold it; a
/// narrow column gives a key a box of its own on the right, at most
/// `keyShare` of the row, where it wraps between its keys.
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
            /// The app's icon, centred (its text is not shown).
            case appIcon
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

    /// One text where it is drawn: its box (this view's coordinates) holds
    /// it whole, wrapped to the box's width.
    public struct PlacedText: Hashable, Sendable {
        public var text: String
        public var font: Font
        public var colour: Color
        public var alignment: TextAlignment
        public var box: Rect
    }

    static let rowHeight = 28.0
    /// Above and below a row's text when it wraps onto more lines.
    static let rowPadding = 5.0
    static let headingHeight = 34.0
    static let columnGap = 24.0
    static let keyGap = 12.0
    /// The most of a row's width a key's box takes.
    static let keyShare = 0.45
    static let appIconSide = 64.0
    static let headlineFont = Font(size: 16, bold: true)
    static let keyFont = Font(.monospace, size: 10, bold: true)
    static let dimFont = Font(size: 10)

    public let sections: [Section]
    /// Every text, where it is drawn.
    private(set) var placedTexts: [PlacedText] = []
    /// Where the app's icon is drawn, if a row shows it.
    private(set) var appIconFrames: [Rect] = []
    private let measurer: any TextMeasuring

    /// Lays `sections` out in columns `columnWidth` wide (narrower when
    /// `maximumSize` is), starting a new column when the next section
    /// would go below `maximumSize.height` and another column still fits
    /// in `maximumSize.width`; else the column grows (and its dialog scrolls).
    public init(sections: [Section], columnWidth: Double, maximumSize: Size, measurer: any TextMeasuring) {
        self.sections = sections
        self.measurer = measurer
        super.init(frame: .zero)
        let width = max(1, min(columnWidth, maximumSize.width))
        var x = 0.0, y = 0.0, height = 0.0
        for section in sections {
            let laidOut = layOut(section, width: width)
            if y > 0, y + laidOut.height > maximumSize.height, x + 2 * width + Self.columnGap <= maximumSize.width {
                x += width + Self.columnGap
                y = 0
            }
            placedTexts += laidOut.texts.map { var text = $0; text.box = text.box.offsetBy(dx: x, dy: y); return text }
            appIconFrames += laidOut.icons.map { $0.offsetBy(dx: x, dy: y) }
            y += laidOut.height
            height = max(height, y)
        }
        bounds = Rect(x: 0, y: 0, width: x + width, height: height)
    }

    /// `section`'s texts and icons from its top-left corner, and its height.
    private func layOut(_ section: Section, width: Double) -> (texts: [PlacedText], icons: [Rect], height: Double) {
        var texts: [PlacedText] = []
        var icons: [Rect] = []
        var y = 0.0
        if let heading = section.heading {
            let size = measurer.size(of: heading, font: AdwaitaStyle.titleFont, wrappedTo: width)
            let height = max(Self.headingHeight, size.height + Self.rowPadding + 6)
            texts.append(PlacedText(text: heading, font: AdwaitaStyle.titleFont, colour: AdwaitaStyle.dimForeground,
                                    alignment: .leading,
                                    box: Rect(x: 0, y: y + height - size.height - 6, width: width, height: size.height)))
            y += height
        }
        for row in section.rows {
            let rowTexts = place(row, width: width)
            if row.style == .appIcon {
                let height = Self.appIconSide + 2 * Self.rowPadding
                icons.append(Rect(x: (width - Self.appIconSide) / 2, y: y + Self.rowPadding,
                                  width: Self.appIconSide, height: Self.appIconSide))
                y += height
                continue
            }
            let textHeight = rowTexts.map(\.box.height).max() ?? 0
            let least = row.style == .headline ? 2 * Self.rowHeight : Self.rowHeight
            let height = max(least, textHeight + 2 * Self.rowPadding)
            // Each text centred on the row's height.
            texts += rowTexts.map {
                var text = $0
                text.box.origin.y = y + (height - text.box.height) / 2
                return text
            }
            y += height
        }
        return (texts, icons, y)
    }

    /// A row's texts, boxes at y 0, sized as they wrap in `width`.
    private func place(_ row: Row, width: Double) -> [PlacedText] {
        if let detail = row.detail {
            let keyWidth = min(measurer.size(of: row.text, font: Self.keyFont, wrappedTo: .infinity).width,
                               (width * Self.keyShare).rounded(.down))
            let key = measurer.size(of: row.text, font: Self.keyFont, wrappedTo: keyWidth)
            let detailWidth = width - keyWidth - Self.keyGap
            let said = measurer.size(of: detail, font: AdwaitaStyle.bodyFont, wrappedTo: detailWidth)
            return [
                PlacedText(text: detail, font: AdwaitaStyle.bodyFont, colour: AdwaitaStyle.foreground,
                           alignment: .leading, box: Rect(x: 0, y: 0, width: detailWidth, height: said.height)),
                PlacedText(text: row.text, font: Self.keyFont, colour: AdwaitaStyle.dimForeground,
                           alignment: .trailing,
                           box: Rect(x: width - keyWidth, y: 0, width: keyWidth, height: key.height)),
            ]
        }
        guard row.style != .appIcon else { return [] }
        let (font, colour, alignment): (Font, Color, TextAlignment) = switch row.style {
        case .body: (AdwaitaStyle.bodyFont, AdwaitaStyle.foreground, .leading)
        case .centred: (AdwaitaStyle.bodyFont, AdwaitaStyle.foreground, .centre)
        case .headline: (Self.headlineFont, AdwaitaStyle.foreground, .centre)
        case .dim: (Self.dimFont, AdwaitaStyle.dimForeground, .centre)
        case .link: (AdwaitaStyle.bodyFont, AdwaitaStyle.accent, .centre)
        case .appIcon: preconditionFailure("the icon has no text")
        }
        let size = measurer.size(of: row.text, font: font, wrappedTo: width)
        return [PlacedText(text: row.text, font: font, colour: colour, alignment: alignment,
                           box: Rect(x: 0, y: 0, width: width, height: size.height))]
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        for text in placedTexts where text.box.intersects(rect) {
            context.draw(text.text, at: text.box.origin, font: text.font, color: text.colour,
                         wrappedTo: text.box.width, alignment: text.alignment)
        }
        for frame in appIconFrames where frame.intersects(rect) {
            AppIcon.draw(in: frame, context: context)
        }
    }
}
