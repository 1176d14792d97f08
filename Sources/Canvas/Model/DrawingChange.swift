import TouchCore

/// One change to the finished lines of a `Drawing`, as recorded in its change
/// log so that a renderer's cached picture can catch up with only the lines
/// that changed.
public enum DrawingChange: Hashable, Sendable {
    /// A line appeared (drawn, or brought back by undo/redo).
    case added(LineID, Line)
    /// A line disappeared (deleted, or taken away by undo/redo).
    case removed(LineID, Line)
    /// A line changed position, or colour and width (`Drawing.restyle`).
    case moved(LineID, from: Line, to: Line)
    /// Every finished line disappeared at once.
    case cleared
}
