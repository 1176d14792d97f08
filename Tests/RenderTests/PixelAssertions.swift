@testable import Render

/// Colour channels of a premultiplied ARGB pixel.
struct Pixel: Equatable, CustomStringConvertible {
    let value: UInt32
    var alpha: Int { Int(value >> 24) }
    var red: Int { Int(value >> 16 & 0xFF) }
    var green: Int { Int(value >> 8 & 0xFF) }
    var blue: Int { Int(value & 0xFF) }
    var description: String { "0x" + String(value, radix: 16) }

    static let white = Pixel(value: 0xFFFF_FFFF)
    static let black = Pixel(value: 0xFF00_0000)
    static let red = Pixel(value: 0xFFFF_0000)
    static let green = Pixel(value: 0xFF00_FF00)
    static let sentinel = Pixel(value: 0xFF12_3456)
    /// The selection's ring: GNOME's accent blue (#3584e4).
    static let accent = Pixel(value: 0xFF35_84E4)
    /// Palette red (GNOME red 4, #c01c28).
    static let paletteRed = Pixel(value: 0xFFC0_1C28)
}

extension PixelBuffer {
    func at(_ x: Int, _ y: Int) -> Pixel { Pixel(value: pixel(x: x, y: y)) }

    /// Whether the two buffers hold the same pixels.
    func samePixels(as other: PixelBuffer) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y) != other.pixel(x: x, y: y) { return false }
        }
        return true
    }
}
