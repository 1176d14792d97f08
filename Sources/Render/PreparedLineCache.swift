import Canvas

/// The pixel size of the line cache a canvas is drawn from: the canvas's
/// pixels in the window's buffer, at the buffer's scale.
public struct LineCacheSize: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let scale: Double

    public init(width: Int, height: Int, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
    }
}

/// The line cache of a drawing being opened, rasterized on the thread that
/// opens it (on both cores, see `LineLayer.rendered`) instead of frame by
/// frame once it is open: the window shows every line in the frame after
/// the drawing is ready. A `CanvasRenderer` takes it over with
/// `adopt(_:showing:)`.
///
/// Made on one thread and handed to another whole (after the opening
/// thread's `join`), never shared while in use.
public final class PreparedLineCache: @unchecked Sendable {
    let layer: LineLayer
    /// The lines it shows: the drawing's first `lineCount`.
    let lineCount: Int

    /// Rasterizes `lines`, in drawing order, at `size`.
    public init(_ lines: [Line], size: LineCacheSize) {
        layer = LineLayer.rendered(lines, width: size.width, height: size.height, scale: size.scale)
        lineCount = lines.count
    }

    public var size: LineCacheSize { LineCacheSize(width: layer.width, height: layer.height, scale: layer.scale) }
}
