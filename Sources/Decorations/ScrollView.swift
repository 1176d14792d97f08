import TouchCore

/// Shows a content view taller than the room it has, and scrolls it up
/// and down under a dragging finger, mouse or pen (UIScrollView, vertical
/// only): a menu or a dialog in a small window is never cut off, only
/// scrolled. The drag is a pan recognizer, so a press that becomes a
/// scroll is cancelled in the content (a menu row dragged is not chosen),
/// as in UIKit.
public final class ScrollView: View {
    public let contentView: View
    private let pan = PanGestureRecognizer()
    /// The content offset as the drag began.
    private var offsetAtPanStart = 0.0

    init(contentView: View) {
        self.contentView = contentView
        super.init(frame: Rect(origin: .zero, size: contentView.bounds.size))
        clipsToBounds = true
        contentView.frame = Rect(origin: .zero, size: contentView.bounds.size)
        addSubview(contentView)
        pan.name = "scroll"
        pan.addTarget(self, action: Action("scroll")) { view, recognizer in
            view.scrolled(recognizer as! PanGestureRecognizer)
        }
        addGestureRecognizer(pan)
    }

    /// How far the content is scrolled up, from 0 to `maximumOffset`.
    var contentOffset: Double {
        get { bounds.minY }
        set {
            let offset = max(0, min(newValue, maximumOffset))
            if offset != bounds.minY { bounds.origin.y = offset }
        }
    }

    var maximumOffset: Double { max(0, contentView.frame.height - bounds.height) }

    private func scrolled(_ recognizer: PanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            offsetAtPanStart = contentOffset
            fallthrough
        case .changed:
            // The content follows the finger from where it went down, not
            // from where it had moved past the pan's hysteresis.
            let dragged = recognizer.translationBeforeBegan(in: nil) + recognizer.translation(in: nil)
            contentOffset = offsetAtPanStart - dragged.dy
        case .possible, .ended, .cancelled, .failed:
            break
        }
    }
}
