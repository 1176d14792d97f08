import TouchCore

/// Draws the banner that tells the user the drawing is not being saved: a
/// red strip across the canvas with the reason in white, cut with "…" when
/// it does not fit. It stays on screen as long as saves fail, so a full
/// disk or a read-only folder is never discovered only after quitting.
/// `SaveFailureBanner` draws with it.
enum BannerPainter {
    static let background = Color(red: 0.75, green: 0.10, blue: 0.10)
    static let foreground = Color(red: 1, green: 1, blue: 1)
    /// The banner's height in points.
    static let height = 28.0
    static let textMargin = 10.0

    /// Draws the banner saying `text` over `frame` of `context`'s coordinates.
    static func draw(_ text: String, in frame: Rect, on context: DrawingContext) {
        context.fill(frame, with: background)
        let available = frame.width - 2 * textMargin
        guard available > 0, !text.isEmpty else { return }
        let size = context.size(of: text, font: .system, width: available)
        context.draw(text, at: Point(x: frame.minX + textMargin, y: frame.midY - size.height / 2), font: .system,
                     color: foreground, width: available, truncation: .end)
    }
}
