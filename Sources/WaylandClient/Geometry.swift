/// A surface size in logical (surface-local) units, as in `xdg_toplevel.configure`.
public struct SurfaceSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}

/// A rectangle in logical (surface-local) coordinates.
public struct SurfaceRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}

/// A rectangle of whole buffer pixels, as sent in `wl_surface.damage_buffer`.
struct PixelRect: Equatable, Hashable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var isEmpty: Bool { width <= 0 || height <= 0 }
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    /// The smallest rect containing both.
    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = min(x, other.x), minY = min(y, other.y)
        return PixelRect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    /// The part inside `bounds` (empty when they do not overlap).
    func clipped(to bounds: PixelRect) -> PixelRect {
        let minX = max(x, bounds.x), minY = max(y, bounds.y)
        let limitX = min(maxX, bounds.maxX), limitY = min(maxY, bounds.maxY)
        return PixelRect(x: minX, y: minY, width: max(0, limitX - minX), height: max(0, limitY - minY))
    }

    /// The pixels a logical rect touches at `scale` (rounded outwards, so
    /// a partly covered pixel is repainted).
    init(covering rect: SurfaceRect, scale: Double) {
        let minX = (rect.x * scale).rounded(.down), minY = (rect.y * scale).rounded(.down)
        let limitX = ((rect.x + rect.width) * scale).rounded(.up)
        let limitY = ((rect.y + rect.height) * scale).rounded(.up)
        self.init(x: Int(minX), y: Int(minY), width: Int(limitX - minX), height: Int(limitY - minY))
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The same area in logical coordinates at `scale`.
    func logical(scale: Double) -> SurfaceRect {
        SurfaceRect(x: Double(x) / scale, y: Double(y) / scale,
                    width: Double(width) / scale, height: Double(height) / scale)
    }
}

/// The states of `xdg_toplevel.configure` (`xdg_toplevel.state`).
public struct WindowStates: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let maximized = WindowStates(rawValue: 1 << 0)
    public static let fullscreen = WindowStates(rawValue: 1 << 1)
    /// The user is resizing the window interactively.
    static let resizing = WindowStates(rawValue: 1 << 2)
    /// The window has keyboard focus: draw it as the active one.
    public static let activated = WindowStates(rawValue: 1 << 3)
    static let tiledLeft = WindowStates(rawValue: 1 << 4)
    static let tiledRight = WindowStates(rawValue: 1 << 5)
    static let tiledTop = WindowStates(rawValue: 1 << 6)
    static let tiledBottom = WindowStates(rawValue: 1 << 7)

    /// The state for an `xdg_toplevel.state` value; nil for values newer
    /// than this module (they are ignored, as the protocol requires).
    init?(protocolValue: UInt32) {
        switch protocolValue {
        case 1: self = .maximized
        case 2: self = .fullscreen
        case 3: self = .resizing
        case 4: self = .activated
        case 5: self = .tiledLeft
        case 6: self = .tiledRight
        case 7: self = .tiledTop
        case 8: self = .tiledBottom
        default: return nil
        }
    }
}

/// The pixels `FrameSource.draw(into:)` paints into: a mapped shared-memory buffer, valid
/// only during that call (reach them with `withPixels`).
public struct DrawTarget {
    /// First pixel; BGRA byte order (`WL_SHM_FORMAT_ARGB8888`, little endian),
    /// premultiplied alpha.
    private let data: UnsafeMutableRawPointer
    /// Size in buffer pixels.
    public let width: Int
    public let height: Int
    /// Bytes per row.
    public let stride: Int
    /// Buffer pixels per logical unit (1, 2, 1.5 …).
    public let scale: Double
    /// What must be repainted in this buffer, in logical coordinates: every
    /// change since this buffer was last drawn (the whole surface for a new
    /// buffer). Pixels outside still hold this buffer's previous frame.
    public let damage: [SurfaceRect]

    init(data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Double, damage: [SurfaceRect]) {
        self.data = data
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
        self.damage = damage
    }

    /// Runs `body` with the first pixel (`height` rows of `stride` bytes).
    /// The pointer must not escape `body`: the buffer goes to the
    /// compositor once `draw(into:)` returns.
    public func withPixels<Result>(_ body: (UnsafeMutableRawPointer) throws -> Result) rethrows -> Result {
        try body(data)
    }
}
