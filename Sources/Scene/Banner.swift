import TouchCore

/// The strip along the bottom of the canvas that tells the user something
/// about the drawing: that it is still being opened, or that it is not
/// being saved, and why. Hidden when there is nothing to say; touches pass
/// through it to the canvas, so drawing goes on (and each new line retries
/// a failed save). It draws itself with `BannerPainter`.
package final class Banner: View {
    /// What the banner says; nil hides it.
    private(set) var text: String?
    /// How it looks: red for a failure, grey for a notice.
    private(set) var style = BannerPainter.Style.warning

    override init(frame: Rect) {
        super.init(frame: frame)
        isHidden = true
        isUserInteractionEnabled = false
    }

    /// Shows `newText` in `style`, or hides the banner when it is nil.
    package func show(_ newText: String?, style newStyle: BannerPainter.Style = .warning) {
        guard newText != text || newStyle != style else { return }
        text = newText
        style = newStyle
        isHidden = newText == nil
        setNeedsDisplay()
    }

    package override func draw(_ rect: Rect, in context: DrawingContext) {
        if let text { BannerPainter.draw(text, style: style, in: bounds, on: context) }
    }

    /// The banner's frame for a canvas at `canvasFrame` (window coordinates).
    static func frame(in canvasFrame: Rect) -> Rect {
        let height = min(BannerPainter.height, canvasFrame.height)
        return Rect(x: canvasFrame.minX, y: canvasFrame.maxY - height, width: canvasFrame.width, height: height)
    }
}
