import TouchCore

/// A tap recognizer of the reference's experiment ("KT1", "KT2"): a
/// subclass that writes a line for each touch message it gets before the
/// tap recognizer handles it, as the reference's subclass logs them.
public final class ExperimentTapRecognizer: TapGestureRecognizer {
    /// Where the lines go.
    var write: (String) -> Void = { _ in }

    init(name: String) {
        super.init()
        self.name = name
    }

    private var label: String { name ?? "?" }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        write("\(label) touchesBegan")
        super.touchesBegan(touches, with: event)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        write("\(label) touchesMoved")
        super.touchesMoved(touches, with: event)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        write("\(label) touchesEnded")
        super.touchesEnded(touches, with: event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        write("\(label) touchesCancelled")
        super.touchesCancelled(touches, with: event)
    }
}
