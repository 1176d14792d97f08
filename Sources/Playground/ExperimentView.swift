import TouchCore

/// A view of the reference's experiment ("View", "View2"): it writes a
/// line for each touch message it gets and then passes the message on as
/// UIKit's `super` does, to its next responder, which is how the
/// reference's outer view logs the messages of a touch that hit the inner
/// one. Its tap recognizer's action writes `<name> tapAction`.
public final class ExperimentView: View {
    public let name: String
    /// Where the lines go.
    var write: (String) -> Void = { _ in }

    init(name: String, color: Color) {
        self.name = name
        super.init(frame: .zero)
        backgroundColor = color
    }

    public override var traceName: String { name }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        write("\(name) touchesBegan")
        super.touchesBegan(touches, with: event)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        write("\(name) touchesMoved")
        super.touchesMoved(touches, with: event)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        write("\(name) touchesEnded")
        super.touchesEnded(touches, with: event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        write("\(name) touchesCancelled")
        super.touchesCancelled(touches, with: event)
    }

    /// The action of the view's tap recognizer.
    func tapAction() {
        write("\(name) tapAction")
    }

    public override func draw(_ rect: Rect, in context: DrawingContext) {
        context.draw(name, at: Point(x: 6, y: 4), font: Font(size: 9, bold: true),
                     color: Color(red: 0.2, green: 0.2, blue: 0.22), width: bounds.width - 12, truncation: .end)
    }
}
