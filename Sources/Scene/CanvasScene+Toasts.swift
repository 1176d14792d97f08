import Decorations
import Platform

/// The toasts (issue 36): every action whose result is not in plain sight
/// says what it did, and offers to take it back or follow it up. A
/// double tap's clear and a deleted line offer Undo; an export says where
/// it went and offers Open, or says why it failed; a pen turning fingers to
/// navigating says so and offers Draw Instead. The next stroke takes the
/// toast away, as its time does; so does any change to the drawing after
/// the one its Undo would undo.
extension CanvasScene {
    static let drawingClearedTitle = "Drawing cleared"
    static let lineDeletedTitle = "Line deleted"
    static let fingersNavigateTitle = "Fingers now move the canvas"
    static let undoTitle = "Undo"
    static let openTitle = "Open"
    static let drawInsteadTitle = "Draw Instead"

    func setUpToasts() {
        toasts.onEvent = { [unowned self] event in
            if case .shown = event { placeToasts() }
            toastView.update()
            traceLine?(TraceLog.line(for: event))
        }
        canvas.onStrokeBegin = { [unowned self] in toasts.dismiss(.stroke) }
        canvas.onDrawingCleared = { [unowned self] in offerUndo(Self.drawingClearedTitle) }
        canvas.onLineDeleted = { [unowned self] in offerUndo(Self.lineDeletedTitle) }
    }

    /// Toasts sit at the bottom of the canvas, above the banner while it shows.
    func placeToasts() {
        var area = canvas.frame
        if !banner.isHidden { area.size.height = max(0, banner.frame.minY - area.minY) }
        toastView.place(in: area)
    }

    /// Shows `toast`; `revision` is the drawing's right after the change its Undo undoes.
    private func show(_ toast: Toast, undoing revision: UInt64? = nil) {
        toasts.show(toast)
        toastUndoRevision = revision
    }

    /// Says what was just removed, with an Undo that puts it back in one tap.
    func offerUndo(_ title: String) {
        let revision = canvas.drawing.revision
        show(Toast(title, button: Self.undoTitle) { [unowned self] in
            guard canvas.drawing.revision == revision else { return }
            canvas.undo()
            chrome.update()
        }, undoing: revision)
    }

    /// The drawing changed after the change the toast's Undo would undo:
    /// Undo would now take back something else, so the toast goes.
    func dismissOutdatedToast() {
        guard let revision = toastUndoRevision, toasts.current != nil, canvas.drawing.revision != revision else { return }
        toasts.dismiss(.outdated)
    }

    /// A pen's first stroke turned fingers to navigating: say so once,
    /// with the way back.
    func offerFingersDraw() {
        show(Toast(Self.fingersNavigateTitle, button: Self.drawInsteadTitle) { [unowned self] in
            canvas.navigation.fingersNavigate = false
            chrome.update()
        })
    }

    /// The drawing was exported to `path`: its name, and Open where files can be opened.
    func exported(to path: String) {
        let title = "Exported “\(Self.fileName(of: path))”"
        guard let openFile else { return show(Toast(title)) }
        show(Toast(title, button: Self.openTitle) { openFile(path) })
    }

    /// The export failed: why, briefly (the whole message goes to stderr too).
    func exportFailed(_ error: any Error) {
        show(Toast("Cannot export: \(error)"))
    }

    /// Opening a file failed (no `xdg-open`, say).
    package func openFailed(_ path: String, _ error: Errno) {
        show(Toast("Cannot open “\(Self.fileName(of: path))”: \(error)"))
    }

    /// A drawing could not be opened in a window of its own (another
    /// instance has it, it is no drawing, a folder), or a drop was no file.
    package func cannotOpen(_ path: String, reason: String) {
        show(Toast("Cannot open “\(Self.fileName(of: path))”: \(reason)"))
    }

    /// Something other than files was dragged over the window: only
    /// drawing files can be dropped.
    package func declinedDrag() {
        show(Toast(Self.onlyFilesTitle))
    }

    static let onlyFilesTitle = "Only drawing files can be dropped here"

    /// What was chosen in the desktop's file chooser could not be done.
    package func fileChoiceFailed(_ message: String) {
        show(Toast(message))
    }

    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
