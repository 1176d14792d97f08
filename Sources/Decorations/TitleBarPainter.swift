import TouchCore

/// Draws the app's own title bar, for compositors that leave decorations to
/// the client (weston, GNOME): a dark bar, the title centred, and minimize,
/// maximize and close glyphs at the right end. The active window's bar is
/// darker with brighter text, as desktops mark the focused window.
/// `TitleBarView` draws with it.
public enum TitleBarPainter {
    public static let activeBackground = Color(red: 0.17, green: 0.17, blue: 0.19)
    public static let inactiveBackground = Color(red: 0.32, green: 0.32, blue: 0.34)
    public static let activeForeground = Color(red: 0.96, green: 0.96, blue: 0.96)
    public static let inactiveForeground = Color(red: 0.68, green: 0.68, blue: 0.70)
    /// Under a pressed button; the close button turns red instead.
    public static let pressedFill = Color(red: 1, green: 1, blue: 1, alpha: 0.22)
    public static let pressedCloseFill = Color(red: 0.82, green: 0.22, blue: 0.20)
    /// Side of the square each glyph fits in, in points.
    static let glyphSize = 10.0
    /// Space kept between the title and the bar's ends or the buttons.
    static let titleMargin = 12.0

    /// Draws `bar` on `context`, whose coordinates are those of the bar's
    /// frames.
    public static func draw(_ bar: TitleBarAppearance, in context: DrawingContext) {
        context.fill(bar.frame, with: bar.isActive ? activeBackground : inactiveBackground)
        let foreground = bar.isActive ? activeForeground : inactiveForeground
        for slot in bar.buttons {
            if slot.button == bar.pressedButton {
                context.setFillColor(slot.button == .close ? pressedCloseFill : pressedFill)
                let radius = min(slot.frame.width, slot.frame.height) / 2 - 4
                context.beginPath()
                context.addCircle(center: slot.frame.center, radius: radius)
                context.fillPath()
            }
            drawGlyph(slot.button, maximized: bar.isMaximized, centredAt: slot.frame.center,
                      colour: foreground, in: context)
        }
        let buttonsStart = bar.buttons.map(\.frame.minX).min() ?? bar.frame.maxX
        drawTitle(bar.title, in: bar.frame, leftOf: buttonsStart, colour: foreground, in: context)
    }

    private static func drawGlyph(_ button: TitleBarAppearance.Button, maximized: Bool, centredAt centre: Point,
                                  colour: Color, in context: DrawingContext) {
        let half = glyphSize / 2
        func point(_ dx: Double, _ dy: Double) -> Point { Point(x: centre.x + dx, y: centre.y + dy) }
        context.setStrokeColor(colour)
        context.setLineWidth(1.5)
        context.setLineCap(.round)
        context.beginPath()
        switch button {
        case .minimize:
            context.move(to: point(-half, half - 1))
            context.addLine(to: point(half, half - 1))
        case .maximize where maximized:
            // Restore: two overlapping windows.
            context.addRect(Rect(x: centre.x - half, y: centre.y - half + 3, width: glyphSize - 3,
                                 height: glyphSize - 3))
            context.move(to: point(-half + 3, -half + 3))
            context.addLine(to: point(-half + 3, -half))
            context.addLine(to: point(half, -half))
            context.addLine(to: point(half, half - 3))
            context.addLine(to: point(half - 3, half - 3))
        case .maximize:
            context.addRect(Rect(x: centre.x - half, y: centre.y - half, width: glyphSize, height: glyphSize))
        case .close:
            context.move(to: point(-half, -half))
            context.addLine(to: point(half, half))
            context.move(to: point(half, -half))
            context.addLine(to: point(-half, half))
        }
        context.strokePath()
    }

    /// Centres the title in the bar when it fits clear of the buttons, else
    /// in the space left of them, cut with "…".
    private static func drawTitle(_ title: String, in frame: Rect, leftOf buttonsStart: Double,
                                  colour: Color, in context: DrawingContext) {
        let available = buttonsStart - frame.minX - 2 * titleMargin
        guard available > 0, !title.isEmpty else { return }
        let size = context.size(of: title, font: .system, width: available)
        var x = frame.midX - size.width / 2
        if x + size.width > buttonsStart - titleMargin {
            x = frame.minX + titleMargin + (available - size.width) / 2
        }
        context.draw(title, at: Point(x: x, y: frame.midY - size.height / 2), font: .system, color: colour,
                     width: available, truncation: .end)
    }
}
