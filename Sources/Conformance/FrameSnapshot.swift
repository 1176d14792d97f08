/// A copy of the pixels of a buffer the app presented, with what is needed
/// to read them in the canvas's coordinates: what the user saw, as the app
/// drew it (no compositor screenshot involved).
struct FrameSnapshot {
    /// Rows of `width` pixels, each 0xAARRGGBB (premultiplied; the canvas
    /// is opaque).
    let pixels: [UInt32]
    /// In buffer pixels.
    let width: Int
    let height: Int
    /// Buffer pixels per logical point.
    let scale: Double
    /// The canvas's top-left in the window, in logical points.
    let canvasOrigin: (x: Double, y: Double)

    struct Colour: Equatable, CustomStringConvertible {
        var red: Int, green: Int, blue: Int
        static let black = Colour(red: 0, green: 0, blue: 0)
        static let white = Colour(red: 255, green: 255, blue: 255)
        var description: String { "rgb(\(red), \(green), \(blue))" }

        func isNear(_ other: Colour, tolerance: Int) -> Bool {
            abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
                && abs(blue - other.blue) <= tolerance
        }
    }

    /// The colour at canvas point (x, y); nil outside the buffer.
    func colour(atCanvas x: Double, _ y: Double) -> Colour? {
        let px = Int(((x + canvasOrigin.x) * scale).rounded(.down))
        let py = Int(((y + canvasOrigin.y) * scale).rounded(.down))
        guard px >= 0, py >= 0, px < width, py < height else { return nil }
        let value = pixels[py * width + px]
        return Colour(red: Int(value >> 16 & 0xff), green: Int(value >> 8 & 0xff), blue: Int(value & 0xff))
    }

    /// How many buffer pixels within `tolerance` of `colour` lie in the
    /// canvas rectangle from (x0, y0) to (x1, y1).
    func count(_ colour: Colour, tolerance: Int, canvasX x0: Double, _ y0: Double, to x1: Double, _ y1: Double) -> Int {
        let left = max(0, Int(((x0 + canvasOrigin.x) * scale).rounded(.down)))
        let top = max(0, Int(((y0 + canvasOrigin.y) * scale).rounded(.down)))
        let right = min(width, Int(((x1 + canvasOrigin.x) * scale).rounded(.up)))
        let bottom = min(height, Int(((y1 + canvasOrigin.y) * scale).rounded(.up)))
        guard left < right, top < bottom else { return 0 }
        var found = 0
        for row in top..<bottom {
            for column in left..<right {
                let value = pixels[row * width + column]
                let here = Colour(red: Int(value >> 16 & 0xff), green: Int(value >> 8 & 0xff), blue: Int(value & 0xff))
                if here.isNear(colour, tolerance: tolerance) { found += 1 }
            }
        }
        return found
    }
}
