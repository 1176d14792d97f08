/// Where a person picks the drawing to open or the file to save a copy
/// to: the desktop's own dialog (`PortalFileChooser`) or the app's
/// (`InAppFileChooser`). `chosen` is called with the path picked (never
/// when the person cancels) and returns what went wrong doing it, which
/// the chooser shows: the in-app one in its dialog, kept open to try
/// again; the desktop's one in a toast.
package protocol FileChooser: AnyObject {
    func chooseDrawingToOpen(_ chosen: @escaping (String) -> DrawingFileProblem?)
    /// `currentName`: the drawing's name now, offered to edit.
    func chooseSaveAsPath(currentName: String, _ chosen: @escaping (String) -> DrawingFileProblem?)
    /// Escape in the window while this chooser's dialog is up outside the
    /// window (the desktop's): closes it. Returns whether one was up.
    func cancel() -> Bool
}
