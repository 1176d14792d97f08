import TouchCore

/// The two pictures of the gesture tutorial, a monkey and a banana, and
/// PinchZoom's robot, as vector art of our own: paths filled and outlined, in any rectangle, so
/// they stay sharp at every scale a pinch gives them.
enum PictureArt {
    static let fur = Color(red: 0.55, green: 0.35, blue: 0.19)
    static let furShade = Color(red: 0.40, green: 0.24, blue: 0.12)
    static let skin = Color(red: 0.96, green: 0.80, blue: 0.62)
    static let ink = Color(red: 0.18, green: 0.10, blue: 0.05)
    static let peel = Color(red: 0.98, green: 0.84, blue: 0.20)
    static let peelShade = Color(red: 0.85, green: 0.64, blue: 0.08)
    static let stem = Color(red: 0.42, green: 0.30, blue: 0.12)

    /// A monkey's face, filling `rect`.
    static func monkey(_ context: DrawingContext, in rect: Rect) {
        func p(_ x: Double, _ y: Double) -> Point { Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height) }
        func circle(_ x: Double, _ y: Double, _ r: Double, _ color: Color, outline: Bool = true) {
            context.beginPath()
            context.addEllipse(in: Rect(x: rect.minX + (x - r) * rect.width, y: rect.minY + (y - r) * rect.height,
                                        width: 2 * r * rect.width, height: 2 * r * rect.height))
            context.setFillColor(color)
            context.fillPath()
            guard outline else { return }
            context.beginPath()
            context.addEllipse(in: Rect(x: rect.minX + (x - r) * rect.width, y: rect.minY + (y - r) * rect.height,
                                        width: 2 * r * rect.width, height: 2 * r * rect.height))
            context.strokePath()
        }
        let line = max(1, rect.width / 60)
        context.setLineWidth(line)
        context.setLineJoin(.round)
        context.setLineCap(.round)
        context.setStrokeColor(ink)
        // Ears, then the head over them.
        for x in [0.14, 0.86] {
            circle(x, 0.46, 0.13, fur)
            circle(x, 0.46, 0.075, skin, outline: false)
        }
        circle(0.5, 0.47, 0.36, fur)
        // A tuft of hair.
        context.beginPath()
        context.move(to: p(0.40, 0.14))
        context.addQuadCurve(to: p(0.52, 0.02), control: p(0.44, 0.05), from: p(0.40, 0.14))
        context.addQuadCurve(to: p(0.58, 0.13), control: p(0.52, 0.10), from: p(0.52, 0.02))
        context.setFillColor(furShade)
        context.fillPath()
        // The face: a muzzle and two eye patches in one light shape.
        context.beginPath()
        context.addEllipse(in: Rect(x: rect.minX + 0.24 * rect.width, y: rect.minY + 0.44 * rect.height,
                                    width: 0.52 * rect.width, height: 0.38 * rect.height))
        context.addEllipse(in: Rect(x: rect.minX + 0.25 * rect.width, y: rect.minY + 0.25 * rect.height,
                                    width: 0.26 * rect.width, height: 0.30 * rect.height))
        context.addEllipse(in: Rect(x: rect.minX + 0.49 * rect.width, y: rect.minY + 0.25 * rect.height,
                                    width: 0.26 * rect.width, height: 0.30 * rect.height))
        context.setFillColor(skin)
        context.fillPath()
        // Eyes with a glint.
        for x in [0.39, 0.61] {
            circle(x, 0.41, 0.05, ink, outline: false)
            circle(x + 0.015, 0.395, 0.016, .white, outline: false)
        }
        // Nostrils.
        for x in [0.46, 0.54] { circle(x, 0.57, 0.018, ink, outline: false) }
        // A wide grin.
        context.beginPath()
        context.move(to: p(0.36, 0.65))
        context.addCurve(to: p(0.64, 0.65), control1: p(0.42, 0.76), control2: p(0.58, 0.76))
        context.setLineWidth(2 * line)
        context.strokePath()
        context.setLineWidth(line)
    }

    /// A banana, lying in `rect`.
    static func banana(_ context: DrawingContext, in rect: Rect) {
        func p(_ x: Double, _ y: Double) -> Point { Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height) }
        let line = max(1, rect.width / 70)
        context.setLineWidth(line)
        context.setLineJoin(.round)
        context.setLineCap(.round)
        func crescent() {
            context.beginPath()
            context.move(to: p(0.06, 0.30))
            context.addCurve(to: p(0.90, 0.22), control1: p(0.16, 1.02), control2: p(0.80, 1.00))
            context.addCurve(to: p(0.06, 0.30), control1: p(0.74, 0.66), control2: p(0.24, 0.72))
            context.closePath()
        }
        crescent()
        context.setFillColor(peel)
        context.fillPath()
        // The shade along the inner curve.
        context.beginPath()
        context.move(to: p(0.10, 0.36))
        context.addCurve(to: p(0.86, 0.28), control1: p(0.26, 0.80), control2: p(0.72, 0.76))
        context.setStrokeColor(peelShade)
        context.setLineWidth(3 * line)
        context.strokePath()
        context.setLineWidth(line)
        crescent()
        context.setStrokeColor(ink)
        context.strokePath()
        // The stem and the dark tip.
        context.beginPath()
        context.move(to: p(0.86, 0.26))
        context.addLine(to: p(0.93, 0.10))
        context.addLine(to: p(0.98, 0.12))
        context.addLine(to: p(0.92, 0.27))
        context.closePath()
        context.setFillColor(stem)
        context.fillPath()
        context.beginPath()
        context.addEllipse(in: Rect(x: rect.minX + 0.035 * rect.width, y: rect.minY + 0.26 * rect.height,
                                    width: 0.05 * rect.width, height: 0.08 * rect.height))
        context.fillPath()
    }

    static let metal = Color(red: 0.70, green: 0.74, blue: 0.80)
    static let metalShade = Color(red: 0.50, green: 0.55, blue: 0.63)
    static let glow = Color(red: 0.35, green: 0.85, blue: 0.95)
    static let signal = Color(red: 0.95, green: 0.35, blue: 0.30)

    /// A robot standing in `rect`: the PinchZoom page's picture.
    static func robot(_ context: DrawingContext, in rect: Rect) {
        func p(_ x: Double, _ y: Double) -> Point { Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height) }
        func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
            Rect(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height,
                 width: width * rect.width, height: height * rect.height)
        }
        let line = max(1, rect.width / 60)
        context.setLineWidth(line)
        context.setLineJoin(.round)
        context.setLineCap(.round)
        context.setStrokeColor(ink)
        /// Fills a rounded box with `color` and outlines it.
        func part(_ frame: Rect, radius: Double, _ color: Color) {
            context.beginPath()
            context.addRoundedRect(frame, radius: radius * rect.width)
            context.setFillColor(color)
            context.fillPath()
            context.beginPath()
            context.addRoundedRect(frame, radius: radius * rect.width)
            context.strokePath()
        }
        // The antenna, its light, then legs and arms under the body.
        context.beginPath()
        context.move(to: p(0.5, 0.13))
        context.addLine(to: p(0.5, 0.05))
        context.strokePath()
        context.beginPath()
        context.addCircle(center: p(0.5, 0.045), radius: 0.03 * rect.width)
        context.setFillColor(signal)
        context.fillPath()
        for x in [0.34, 0.56] { part(box(x, 0.76, 0.10, 0.18), radius: 0.02, metalShade) }
        for x in [0.14, 0.76] { part(box(x, 0.44, 0.10, 0.28), radius: 0.04, metalShade) }
        // Body with a panel of lights.
        part(box(0.24, 0.42, 0.52, 0.38), radius: 0.05, metal)
        part(box(0.36, 0.50, 0.28, 0.16), radius: 0.02, metalShade)
        for (index, x) in [0.42, 0.50, 0.58].enumerated() {
            context.beginPath()
            context.addCircle(center: p(x, 0.58), radius: 0.025 * rect.width)
            context.setFillColor(index == 1 ? signal : glow)
            context.fillPath()
        }
        // Head: two glowing eyes and a grille for a mouth.
        part(box(0.28, 0.13, 0.44, 0.27), radius: 0.06, metal)
        for x in [0.40, 0.60] {
            context.beginPath()
            context.addCircle(center: p(x, 0.24), radius: 0.05 * rect.width)
            context.setFillColor(glow)
            context.fillPath()
            context.beginPath()
            context.addCircle(center: p(x, 0.24), radius: 0.05 * rect.width)
            context.strokePath()
        }
        context.beginPath()
        for x in [0.40, 0.45, 0.50, 0.55, 0.60] {
            context.move(to: p(x, 0.31))
            context.addLine(to: p(x, 0.36))
        }
        context.strokePath()
    }
}
