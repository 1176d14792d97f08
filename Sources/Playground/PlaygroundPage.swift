import TouchCore

/// One demo of the playground: a view filling the page area, its
/// recognizers (which the side panel follows), and what it does when it
/// comes and goes.
open class PlaygroundPage: View {
    /// The page's name in the page bar.
    public let title: String
    /// Records for the side panel that no recognizer's trace gives (a
    /// page's own timers), set by the playground.
    var onRecord: ((TraceRecord) -> Void)?
    /// Asks the playground for a sound and its visual cue.
    var onSound: ((PlaygroundSound) -> Void)?
    /// Tells the playground that `recognizers` changed, so the side panel
    /// follows the new ones.
    var onRecognizersChanged: (() -> Void)?

    init(title: String) {
        self.title = title
        super.init(frame: .zero)
        clipsToBounds = true
    }

    /// The recognizers the side panel shows, in order.
    open var recognizers: [GestureRecognizer] { [] }

    /// Names of rows the page feeds the panel itself (`record(_:)`), after
    /// its recognizers'.
    var ownRows: [String] { [] }

    /// Called after the page was put on screen.
    func didAppear() {}

    /// Called before the page leaves the screen: stop animations and timers.
    func willDisappear() {}

    /// Takes in a record of the window's trace while the page is shown.
    open func observe(_ record: TraceRecord) {}

    /// Called by a page whose `recognizers` changed while it is shown.
    func recognizersDidChange() {
        onRecognizersChanged?()
    }

    /// Sends a record to the side panel.
    public func record(_ record: TraceRecord) {
        onRecord?(record)
    }
}
