/// ☰ Open…, Open Recent, Save As… and Rename… (and Ctrl+O, Ctrl+Shift+S):
/// asks the chooser, then has the window's owner do it. `openDrawing` is
/// the one way a drawing gets opened from here, so whoever owns the
/// window decides what opening means (this window's drawing replaced, or
/// a window of its own).
package final class DrawingFiles {
    /// Opens the drawing at a path.
    let openDrawing: (String) -> DrawingFileProblem?
    /// Saves a copy at a path, which the window then shows.
    let saveDrawingAs: (String) -> DrawingFileProblem?
    /// Renames the drawing in its folder.
    let renameDrawing: (DrawingName) -> DrawingFileProblem?
    /// The drawing's name now.
    let currentName: () -> String
    /// The desktop's chooser, where there is one; else the in-app one.
    package var chooser: FileChooser
    /// The in-app chooser: Open Recent and Rename, which the desktop's
    /// chooser does not do, and where the desktop's fails.
    let inApp: InAppFileChooser

    package init(inApp: InAppFileChooser, currentName: @escaping () -> String,
         openDrawing: @escaping (String) -> DrawingFileProblem?,
         saveDrawingAs: @escaping (String) -> DrawingFileProblem?,
         renameDrawing: @escaping (DrawingName) -> DrawingFileProblem?) {
        self.inApp = inApp
        chooser = inApp
        self.currentName = currentName
        self.openDrawing = openDrawing
        self.saveDrawingAs = saveDrawingAs
        self.renameDrawing = renameDrawing
    }

    /// Escape while the desktop's chooser is up: closes it, and ours
    /// opens. Returns whether it was up.
    func cancelDesktopChooser() -> Bool {
        chooser.cancel()
    }

    func open() { chooser.chooseDrawingToOpen(openDrawing) }
    func openRecent() { inApp.chooseRecentDrawing(openDrawing) }
    func saveAs() { chooser.chooseSaveAsPath(currentName: currentName(), saveDrawingAs) }
    func rename() { inApp.chooseNewName(currentName: currentName(), renameDrawing) }
}
