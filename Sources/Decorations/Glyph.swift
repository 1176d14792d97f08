import TouchCore

/// The symbolic icons of the header bar and its menus, drawn as paths in
/// the 16-point square GNOME's symbolic icons use, in one colour, so they
/// stay sharp at any scale: the shapes of `edit-undo-symbolic`,
/// `open-menu-symbolic`, the window buttons' and so on.
public enum Glyph: Hashable, Sendable {
    case undo, redo, menu
    /// The way back (`go-previous-symbolic`): a chevron pointing left.
    case back
    /// The two drawing tools: a straight line, a free curve.
    case lines, freehand
    /// The Select tool: a dashed loop, as the lasso draws it.
    case select
    case minimize, maximize, restore, close
    /// A menu item that is on.
    case check

    /// Draws the glyph centred at `centre` in `colour`.
    public func draw(centredAt centre: Point, colour: Color, in context: DrawingContext) {
        func point(_ dx: Double, _ dy: Double) -> Point { Point(x: centre.x + dx, y: centre.y + dy) }
        context.setStrokeColor(colour)
        context.setFillColor(colour)
        context.setLineWidth(2)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        context.beginPath()
        switch self {
        case .undo, .redo:
            // A hook: from the right end down and round to the left, the
            // arrowhead at its start. Redo is its mirror image.
            let s = self == .undo ? 1.0 : -1.0
            context.move(to: point(-5 * s, -3))
            context.addLine(to: point(2 * s, -3))
            context.addCurve(to: point(2 * s, 6), control1: point(8 * s, -3), control2: point(8 * s, 6))
            context.addLine(to: point(-2 * s, 6))
            context.strokePath()
            context.beginPath()
            context.move(to: point(-7 * s, -3))
            context.addLine(to: point(-2 * s, -7.5))
            context.addLine(to: point(-2 * s, 1.5))
            context.closePath()
            context.fillPath()
        case .menu:
            for dy in [-5.0, 0, 5] {
                context.move(to: point(-6, dy))
                context.addLine(to: point(6, dy))
            }
            context.strokePath()
        case .back:
            context.move(to: point(2.5, -6))
            context.addLine(to: point(-3.5, 0))
            context.addLine(to: point(2.5, 6))
            context.strokePath()
        case .lines:
            context.move(to: point(-5.5, 5.5))
            context.addLine(to: point(5.5, -5.5))
            context.strokePath()
            context.beginPath()
            context.addCircle(center: point(-5.5, 5.5), radius: 2)
            context.addCircle(center: point(5.5, -5.5), radius: 2)
            context.fillPath()
        case .freehand:
            context.move(to: point(-7, 4))
            context.addCurve(to: point(0, -1), control1: point(-5, -7), control2: point(-1, -6))
            context.addCurve(to: point(7, -3), control1: point(1, 5), control2: point(5, 7))
            context.strokePath()
        case .select:
            // A dashed square: two dashes a side, gaps at the corners' middles.
            for (start, end) in [((-6.0, -6.0), (-1.5, -6.0)), ((1.5, -6), (6, -6)), ((6, -3), (6, 3)),
                                 ((6, 6), (1.5, 6)), ((-1.5, 6), (-6, 6)), ((-6, 3), (-6, -3))] {
                context.move(to: point(start.0, start.1))
                context.addLine(to: point(end.0, end.1))
            }
            context.strokePath()
        case .minimize:
            context.setLineWidth(1.5)
            context.move(to: point(-4, 3.5))
            context.addLine(to: point(4, 3.5))
            context.strokePath()
        case .maximize:
            context.setLineWidth(1.5)
            context.addRoundedRect(Rect(x: centre.x - 4, y: centre.y - 4, width: 8, height: 8), radius: 1)
            context.strokePath()
        case .restore:
            context.setLineWidth(1.5)
            context.addRoundedRect(Rect(x: centre.x - 4.5, y: centre.y - 2, width: 6.5, height: 6.5), radius: 1)
            context.move(to: point(-2, -2.5))
            context.addLine(to: point(-2, -4.5))
            context.addLine(to: point(4.5, -4.5))
            context.addLine(to: point(4.5, 2))
            context.addLine(to: point(2.5, 2))
            context.strokePath()
        case .close:
            context.setLineWidth(1.5)
            context.move(to: point(-3.75, -3.75))
            context.addLine(to: point(3.75, 3.75))
            context.move(to: point(3.75, -3.75))
            context.addLine(to: point(-3.75, 3.75))
            context.strokePath()
        case .check:
            context.move(to: point(-5, 0.5))
            context.addLine(to: point(-1.5, 4))
            context.addLine(to: point(5, -3.5))
            context.strokePath()
        }
    }
}
