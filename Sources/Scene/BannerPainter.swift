import TouchCore

/// Draws the banner across the bottom of the canvas: a strip with white
/// text, cut with "…" when it does not fit. Red when the drawing is not
/// being saved (it stays on screen as long as saves fail, so a full disk or
/// a read-only folder is never discovered only after quitting); dark grey
/// for a notice, such as a large drawing still being opened. `Banner`
/// draws with it.
package enum BannerPainter {
    package enum Style: Sendable {
        case warning, notice

        var background: Color {
            switch self {
            case .warning: Color(red: 0.75, green: 0.10, blue: 0.10)
            case .notice: Color(red: 0.25, green: 0.25, blue: 0.28)
            }
        }
    }

    static let foreground = Color(red: 1, green: 1, blue: 1)
    /// The banner's height in points.
    static let height = 28.0
    static let textMargin = 10.0

    /// Draws the banner saying `text` in `style` over `frame` of `context`'s
    /// coordinates.
    static func draw(_ text: String, style: Style, in frame: Rect, on context: DrawingContext) {
        context.fill(frame, with: style.background)
        let available = frame.width - 2 * textMargin
        guard available > 0, !text.isEmpty else { return }
        let size = context.size(of: text, font: .system, width: available)
        context.draw(text, at: Point(x: frame.minX + textMargin, y: frame.midY - size.height / 2), font: .system,
                     color: foreground, width: available, truncation: .end)
    }
}
