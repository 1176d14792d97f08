import Canvas
import Render
import TouchCore

/// The strip along the bottom of the canvas that says the drawing is not
/// being saved, and why. Hidden while saves succeed; touches pass through
/// it to the canvas, so drawing goes on (and each new line retries the
/// save). It draws itself with `BannerPainter`.
final class SaveFailureBanner: View {
    /// What the banner says; nil hides it.
    private(set) var text: String?

    override init(frame: Rect) {
        super.init(frame: frame)
        isHidden = true
        isUserInteractionEnabled = false
    }

    /// Shows why saving fails, or hides the banner when `failure` is nil.
    func show(_ failure: DocumentError?) {
        let newText = failure.map(Self.text(for:))
        guard newText != text else { return }
        text = newText
        isHidden = newText == nil
        setNeedsDisplay()
    }

    override func draw(_ rect: Rect, in context: DrawingContext) {
        if let text { BannerPainter.draw(text, in: bounds, on: context) }
    }

    static func text(for failure: DocumentError) -> String {
        "Not saved: \(failure.reason). Your lines are kept; saving is retried, and quitting writes an emergency copy."
    }

    /// The banner's frame for a canvas at `canvasFrame` (window coordinates).
    static func frame(in canvasFrame: Rect) -> Rect {
        let height = min(BannerPainter.height, canvasFrame.height)
        return Rect(x: canvasFrame.minX, y: canvasFrame.maxY - height, width: canvasFrame.width, height: height)
    }
}
