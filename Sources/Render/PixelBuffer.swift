import CCairo
import TouchCore

/// Memory to draw into: 32-bit ARGB, premultiplied, native-endian
/// (Cairo's `CAIRO_FORMAT_ARGB32`, the same layout as `WL_SHM_FORMAT_ARGB8888`),
/// owned by the caller (typically a mapped `wl_shm` buffer).
public struct PixelBuffer {
    public let data: UnsafeMutableRawPointer
    /// Size in device pixels.
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next; at least `4 * width`, a multiple of 4.
    public let stride: Int
    /// Device pixels per logical point (1, 1.5, 2...).
    public let scale: Double

    public init(data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Double) {
        precondition(width > 0 && height > 0 && stride >= 4 * width && stride % 4 == 0, "bad buffer geometry")
        precondition(scale > 0 && scale.isFinite, "bad scale")
        self.data = data
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
    }

    /// The buffer's size in logical points.
    public var logicalSize: Size {
        Size(width: Double(width) / scale, height: Double(height) / scale)
    }

    /// The pixel at (`x`, `y`) as 0xAARRGGBB.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height)
        return data.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self)
    }

    /// The smallest whole-pixel rectangle covering `rect` (logical points),
    /// clipped to the buffer; nil when nothing of it is inside.
    package func pixelRect(covering rect: Rect) -> PixelRect? {
        PixelRect(covering: rect, scale: scale, width: width, height: height)
    }

    /// The whole pixels nearest to `rect`'s edges (logical points), clipped
    /// to the buffer; nil when nothing of it is inside.
    func pixelRect(nearest rect: Rect) -> PixelRect? {
        PixelRect(covering: rect, scale: scale, width: width, height: height, rounding: .toNearestOrAwayFromZero)
    }

    /// The part `area` of this buffer, sharing its memory: drawing into it at
    /// (0, 0) draws at `area`'s origin here.
    func cropped(to area: PixelRect) -> PixelBuffer {
        precondition(area.x >= 0 && area.y >= 0 && area.maxX <= width && area.maxY <= height, "crop outside the buffer")
        return PixelBuffer(data: data + area.y * stride + 4 * area.x, width: area.width, height: area.height,
                           stride: stride, scale: scale)
    }

    /// A Cairo image surface over the buffer's memory (no copy). The caller
    /// destroys it before the memory goes away.
    func makeSurface() -> OpaquePointer {
        let surface = cairo_image_surface_create_for_data(
            data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))!
        precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "Cairo refused the buffer")
        return surface
    }

    /// Runs `draw` with a Cairo context on this buffer, clipped to `rects`
    /// (device pixels), so pixels outside them keep what they hold. The
    /// context draws in device pixels; the surface is flushed afterwards.
    package func drawClipped(to rects: [PixelRect], _ draw: (OpaquePointer) -> Void) {
        let surface = makeSurface()
        let cairo = cairo_create(surface)!
        defer {
            cairo_destroy(cairo)
            cairo_surface_flush(surface)
            cairo_surface_destroy(surface)
        }
        for rect in rects {
            cairo_rectangle(cairo, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        }
        cairo_clip(cairo)
        draw(cairo)
    }
}

/// A rectangle of whole device pixels.
package struct PixelRect: Hashable {
    var x, y, width, height: Int

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest whole-pixel rectangle covering `rect` (logical points at
    /// `scale`), clipped to a `width`×`height` image; nil when nothing of it
    /// is inside.
    /// With a `rounding` rule, every edge is rounded by it instead.
    init?(covering rect: Rect, scale: Double, width: Int, height: Int, rounding: FloatingPointRoundingRule? = nil) {
        guard !rect.isNull else { return nil }
        // Clamp in floating point first: Int() traps on huge values.
        func device(_ value: Double, _ outwards: FloatingPointRoundingRule, limit: Int) -> Int {
            Int(max(0, min(Double(limit), (value * scale).rounded(rounding ?? outwards))))
        }
        let x0 = device(rect.minX, .down, limit: width), x1 = device(rect.maxX, .up, limit: width)
        let y0 = device(rect.minY, .down, limit: height), y1 = device(rect.maxY, .up, limit: height)
        guard x0 < x1 && y0 < y1 else { return nil }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    var maxX: Int { x + width }
    var maxY: Int { y + height }

    /// The shared pixels, or nil when there are none.
    func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x0 < x1 && y0 < y1 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The same area in logical points.
    func logical(scale: Double) -> Rect {
        Rect(x: Double(x) / scale, y: Double(y) / scale, width: Double(width) / scale, height: Double(height) / scale)
    }
}

/// A pixel buffer that owns its memory: for tests, benchmarks and PNG export.
public final class OwnedPixelBuffer {
    public let buffer: PixelBuffer

    public init(width: Int, height: Int, scale: Double = 1) {
        let stride = 4 * width
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        buffer = PixelBuffer(data: memory, width: width, height: height, stride: stride, scale: scale)
    }

    deinit {
        buffer.data.deallocate()
    }

    /// Sets every pixel to `value` (0xAARRGGBB).
    public func fill(_ value: UInt32) {
        buffer.data.initializeMemory(as: UInt32.self, repeating: value, count: buffer.stride / 4 * buffer.height)
    }
}
