import Canvas
import Document

/// How a session's drawing ended up when the session ended: what the exit
/// status and the last message tell the user.
public enum SessionEnding: Equatable, Sendable {
    /// Every change is in the drawing file (or nothing changed).
    case saved
    /// The drawing file could not take the last changes (`failure`); they
    /// are in the emergency copy at `path`.
    case emergencyCopy(path: String, failure: DocumentError)
    /// Neither the drawing file nor any emergency directory took them.
    case lost(failure: DocumentError, emergencyFailure: DocumentError)
}
