import Render

/// Colour channels of a premultiplied ARGB pixel.
public struct Pixel: Equatable, Sendable, CustomStringConvertible {
    public let value: UInt32

    public init(value: UInt32) {
        self.value = value
    }

    public var alpha: Int { Int(value >> 24) }
    public var red: Int { Int(value >> 16 & 0xFF) }
    public var green: Int { Int(value >> 8 & 0xFF) }
    public var blue: Int { Int(value & 0xFF) }
    public var description: String { "0x" + String(value, radix: 16) }

    public static let white = Pixel(value: 0xFFFF_FFFF)
    public static let black = Pixel(value: 0xFF00_0000)
    public static let red = Pixel(value: 0xFFFF_0000)
    public static let green = Pixel(value: 0xFF00_FF00)
    public static let sentinel = Pixel(value: 0xFF12_3456)
    /// The selection's ring: GNOME's accent blue (#3584e4).
    public static let accent = Pixel(value: 0xFF35_84E4)
    /// Palette red (GNOME red 4, #c01c28).
    public static let paletteRed = Pixel(value: 0xFFC0_1C28)
}

extension PixelBuffer {
    public func at(_ x: Int, _ y: Int) -> Pixel { Pixel(value: pixel(x: x, y: y)) }

    /// How many pixels of column `x` are ink (opaque, darker than mid grey).
    public func inkHeight(x: Int) -> Int {
        (0..<height).filter { at(x, $0).red < 128 && at(x, $0).alpha == 255 }.count
    }

    /// Whether the two buffers hold the same pixels.
    public func samePixels(as other: PixelBuffer) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y) != other.pixel(x: x, y: y) { return false }
        }
        return true
    }
}
