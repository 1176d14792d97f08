extension Document {
    /// The quick part of opening the drawing at `path` whose lock the
    /// caller took already (`DrawingLock.acquire`) to write or rename the
    /// file there first: Save As and Rename move a window's drawing to a
    /// new path with its lock held throughout, so no other instance can
    /// open the new path in between. `path` must have no symbolic link at
    /// its end (the caller made the file).
    public static func beginOpening(at path: String, holding lock: DrawingLock?) throws(DocumentError) -> DocumentOpening {
        let version = DrawingFileVersion(path: path)
        do {
            return DocumentOpening(path: path, lock: lock, bytes: try readBytes(of: path), readError: nil,
                                   version: version)
        } catch where error.meansNotADrawing {
            return DocumentOpening(path: path, lock: lock, bytes: nil, readError: error, version: version)
        }
    }
}
