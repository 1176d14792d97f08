import Document

/// Why Open…, Save As… or Rename… did nothing: said in the chooser (or a
/// toast after the desktop's chooser), and the drawing shown stays as it
/// was, saved where it was.
package enum DrawingFileProblem: Error, Equatable, CustomStringConvertible {
    /// A name that cannot be a file name (`DrawingName`).
    case name(DrawingName.Problem)
    /// Save As… or Rename… to a name a file already has.
    case exists(fileName: String)
    /// The drawing is still being opened: its lines are not all there yet.
    case stillOpening
    /// The file is the drawing shown already.
    case alreadyShown
    /// Save As… or Rename… into a folder this user cannot write in.
    case readOnlyFolder(String)
    /// What opening, writing or renaming the file said.
    case document(DocumentError)

    package var description: String {
        switch self {
        case .name(let problem): problem.description
        case .exists(let fileName): "“\(fileName)” already exists. Choose another name."
        case .stillOpening: "The drawing is still being opened. Try again in a moment."
        case .alreadyShown: "That drawing is already open here."
        case .readOnlyFolder(let folder):
            "The folder “\(CanvasScene.fileName(of: folder))” is read-only: nothing can be saved there."
        case .document(let error): Self.sentence(for: error)
        }
    }

    /// A document error as a person reads it in a dialog, without the
    /// whole path.
    private static func sentence(for error: DocumentError) -> String {
        switch error {
        case .locked: "That drawing is open in another TouchTracker window. Close it there first."
        case .notAFile(let path, let kind): "“\(CanvasScene.fileName(of: path))” is \(kind), not a drawing."
        case .readOnly: "That place is read-only: the drawing cannot be saved there."
        case .system(let operation, let path, _, let reason):
            "Cannot \(operation) “\(CanvasScene.fileName(of: path))”: \(reason)."
        default:
            error.meansNotADrawing ? "That file is not a TouchTracker drawing (\(error.reason))." : error.reason
        }
    }
}
