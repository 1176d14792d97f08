import TouchCore

/// TouchTracker's icon (`data/icons/org.touchtracker.TouchTracker.svg`)
/// drawn as paths, at any size: a sheet of paper with the app's three
/// line colours and a fingertip. Drawn, not loaded, so it needs no file
/// at run time and stays sharp at every scale; keep it in step with the SVG.
public enum AppIcon {
    /// The SVG's own side: its coordinates below are in this square.
    static let side = 128.0

    /// Draws the icon filling the square `rect` (its smaller side, centred).
    public static func draw(in rect: Rect, context: DrawingContext) {
        let scale = min(rect.width, rect.height) / side
        context.saveState()
        context.concatenate(AffineTransform(translationX: rect.midX - side * scale / 2,
                                            y: rect.midY - side * scale / 2)
            .scaledBy(x: scale, y: scale))
        // The sheet under it, then the sheet with its edge.
        context.setFillColor(rgb(0xC0BFBC))
        context.beginPath()
        context.addRoundedRect(Rect(x: 12, y: 12, width: 104, height: 108), radius: 10)
        context.fillPath()
        let sheet = Rect(x: 12, y: 8, width: 104, height: 108)
        context.setFillColor(.white)
        context.beginPath()
        context.addRoundedRect(sheet, radius: 10)
        context.fillPath()
        context.setStrokeColor(rgb(0x9A9996))
        context.setLineWidth(2)
        context.beginPath()
        context.addRoundedRect(sheet, radius: 10)
        context.strokePath()
        context.setLineWidth(8)
        context.setLineCap(.round)
        for (from, to, colour) in [(Point(x: 28, y: 36), Point(x: 96, y: 28), 0x000000),
                                   (Point(x: 34, y: 96), Point(x: 60, y: 50), 0x26A269),
                                   (Point(x: 66, y: 92), Point(x: 96, y: 66), 0xE01B24)] {
            context.setStrokeColor(rgb(colour))
            context.beginPath()
            context.move(to: from)
            context.addLine(to: to)
            context.strokePath()
        }
        let fingertip = Point(x: 96, y: 66)
        context.setFillColor(rgb(0xF6D32D).withAlpha(0.55))
        context.beginPath()
        context.addCircle(center: fingertip, radius: 13)
        context.fillPath()
        context.setStrokeColor(rgb(0xC64600))
        context.setLineWidth(2.5)
        context.beginPath()
        context.addCircle(center: fingertip, radius: 13)
        context.strokePath()
        context.restoreState()
    }

    /// A colour written as the SVG writes it, 0xRRGGBB.
    private static func rgb(_ hex: Int) -> Color {
        Color(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }
}
