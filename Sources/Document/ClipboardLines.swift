import Canvas

/// Lines on the clipboard in the app's own type: the bytes of a drawing
/// file holding just them (`DrawingFileFormat`), so that another window or
/// instance reads them with the same validation and limits as a drawing,
/// and a person who saves the clipboard to a file has a drawing.
public enum ClipboardLines {
    /// The app's own MIME type on the clipboard.
    public static let mimeType = "application/x-touchtracker-lines"
    /// What the messages of a refused paste name as the source.
    static let source = "the clipboard"

    public static func encode(_ lines: [Line]) -> [UInt8] {
        DrawingFileFormat.encode(lines)
    }

    /// The lines in `bytes`, in drawing order. Refuses what is not a
    /// drawing (`DocumentError`, naming the clipboard); a line with a value
    /// out of range is left out, as when a drawing is opened.
    public static func decode(_ bytes: [UInt8]) throws(DocumentError) -> [Line] {
        try DrawingFileFormat.decode(bytes, path: source).lines
    }
}
