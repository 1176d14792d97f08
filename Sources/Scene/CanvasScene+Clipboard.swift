import Canvas
import Decorations

/// Copy, Cut and Paste say what they did, or why they could not (issue 37):
/// a copy how much it took, a cut offers Undo, a paste that was refused why.
extension CanvasScene {
    package func setUpClipboard(_ clipboard: LinesClipboard) {
        canvas.clipboard = clipboard
        clipboard.onFailure = { [unowned self] message in toasts.show(Toast(message)) }
        clipboard.onCopied = { [unowned self] count in toasts.show(Toast("Copied \(Self.lines(count))")) }
        canvas.onLinesCut = { [unowned self] count in offerUndo("Cut \(Self.lines(count))") }
        canvas.onPasteRefused = { [unowned self] count in
            toasts.show(Toast("Cannot paste \(Self.lines(count)): the drawing would be too large"))
        }
    }

    /// "1 line", "3 lines".
    static func lines(_ count: Int) -> String {
        count == 1 ? "1 line" : "\(count) lines"
    }
}
