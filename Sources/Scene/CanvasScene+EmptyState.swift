import Decorations
import TouchCore

/// An empty drawing says how to draw (issue 36): a status page over the
/// canvas while it has no line, finished or in progress. It never covers
/// ink, since any line hides it, and it takes no touch (they draw).
extension CanvasScene {
    static let emptyStateTitle = "Draw with a finger, a pen or the mouse"
    static let emptyStateLines = [
        "Tap a line to select it",
        "Two-finger tap to undo",
        "Three-finger tap to redo",
    ]

    static func makeEmptyState() -> StatusPageView {
        StatusPageView(title: emptyStateTitle, lines: emptyStateLines)
    }

    /// Shows the page while the canvas is shown and its drawing is empty;
    /// called after every input batch, a layout and a drawing opened.
    func updateEmptyState() {
        let drawing = canvas.drawing
        // `count`, not `lines.isEmpty`: that copied every line into an
        // array after every input batch (a quarter of a motion's cost with
        // 10,000 lines).
        let shows = !canvas.isHidden && drawing.count == 0 && drawing.linesInProgress.isEmpty
        if emptyState.frame != canvas.frame { emptyState.frame = canvas.frame }
        if emptyState.isHidden == shows { emptyState.isHidden = !shows }
    }
}
