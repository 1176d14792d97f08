import TouchCore

/// The recognizer lab's view: the recognizers' view, the target of their
/// actions, named "view" in the lab's log. It shows how many single and
/// double taps it got, and shades the half of it the delegate ignores
/// when only the right half receives touches.
public final class LabTargetView: View {
    public enum Tap { case single, double }

    static let name = "view"

    private(set) var singleTaps = 0, doubleTaps = 0
    var showsRightHalfOnly = false {
        didSet { if showsRightHalfOnly != oldValue { setNeedsDisplay() } }
    }

    static let fill = Color(red: 0.78, green: 0.86, blue: 0.97)
    static let ignored = Color(red: 0.70, green: 0.72, blue: 0.76)

    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = Self.fill
    }

    public override var traceName: String { Self.name }

    func count(_ tap: Tap) {
        switch tap {
        case .single: singleTaps += 1
        case .double: doubleTaps += 1
        }
        setNeedsDisplay()
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        if showsRightHalfOnly {
            context.fill(Rect(x: 0, y: 0, width: bounds.midX, height: bounds.height), with: Self.ignored)
        }
        context.draw("tap or double-tap here · single \(singleTaps) · double \(doubleTaps)",
                     at: Point(x: 8, y: 6), font: Font(size: 9), color: Color(red: 0.2, green: 0.2, blue: 0.22),
                     width: bounds.width - 16, truncation: .end)
    }
}
