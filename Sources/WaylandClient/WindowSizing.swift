/// The size the window takes for an `xdg_toplevel.configure`, whatever the
/// compositor sends: 0 means "you choose", nonsense is clamped, never fatal.
enum WindowSizing {
    /// Used when the compositor lets the client choose and nothing was chosen yet.
    static let defaultSize = SurfaceSize(width: 960, height: 640)
    /// Largest buffer side in pixels; far beyond any real monitor.
    static let maximumBufferSide = 16384
    /// Largest buffer in bytes (128 MiB holds an 8K ARGB frame); up to three
    /// such buffers exist at once.
    static let maximumBufferBytes = 128 << 20

    /// The logical size to use for a configure of `width` × `height` at
    /// `scale` buffer pixels per logical unit. A zero (or negative, which
    /// the protocol forbids) dimension keeps the current one, or the
    /// default's. The result is at least 1×1 and its buffer stays within
    /// `maximumBufferSide` per side and `maximumBufferBytes`, shrunk with its
    /// aspect ratio kept.
    static func size(configuredWidth width: Int32, height: Int32, current: SurfaceSize?, scale: Double) -> SurfaceSize {
        let fallback = current ?? defaultSize
        var chosenWidth = width > 0 ? Double(width) : Double(fallback.width)
        var chosenHeight = height > 0 ? Double(height) : Double(fallback.height)

        let maximumSide = Double(maximumBufferSide) / scale
        chosenWidth = min(chosenWidth, maximumSide)
        chosenHeight = min(chosenHeight, maximumSide)

        let maximumArea = Double(maximumBufferBytes / ShmBuffer.bytesPerPixel) / (scale * scale)
        let area = chosenWidth * chosenHeight
        if area > maximumArea {
            let shrink = (maximumArea / area).squareRoot()
            chosenWidth *= shrink
            chosenHeight *= shrink
        }
        return SurfaceSize(width: max(1, Int(chosenWidth.rounded(.down))),
                           height: max(1, Int(chosenHeight.rounded(.down))))
    }
}
