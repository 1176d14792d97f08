import TouchCore

/// One experiment of the recognizer lab (`RecognizerLabPage`): a view
/// filling the lab below its panel buttons, with the recognizers the side
/// panel follows while it is shown.
open class RecognizerLabPanel: View {
    /// The panel's name on its button.
    public let title: String

    public init(title: String) {
        self.title = title
        super.init(frame: .zero)
        clipsToBounds = true
    }

    /// The recognizers the side panel shows while this panel is shown.
    open var recognizers: [GestureRecognizer] { [] }

    /// Takes in a record of the window's trace while the panel is shown.
    open func observe(_ record: TraceRecord) {}
}
