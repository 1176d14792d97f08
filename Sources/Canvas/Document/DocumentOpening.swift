import TouchCore

/// The result of opening the drawing at start-up (see `Document.open(at:)`).
public struct OpenedDocument {
    /// The lines to start with (empty for a new or unreadable drawing).
    public let lines: [Line]
    /// Why the file could not be read, if it could not.
    public let error: DocumentError?
    /// Where an unreadable file was moved, untouched.
    public let setAsidePath: String?
    /// False when an unreadable file could not be moved away: saving would
    /// overwrite it, so the app must not save to this path.
    public let canSave: Bool

    /// One line for the user about what happened, or nil when all went well.
    public var message: String? {
        guard let error else { return nil }
        if let setAsidePath { return "\(error); it was kept as \(setAsidePath) and a new drawing was started" }
        return "\(error); it could not be moved aside, so this drawing will not be saved"
    }
}

extension Document {
    /// Loads the drawing at `path` for start-up: a missing file is a new
    /// drawing; an unreadable one is moved aside untouched (see
    /// `setAside(corruptFileAt:)`) and the app starts empty.
    public static func open(at path: String) -> OpenedDocument {
        do {
            return OpenedDocument(lines: try load(from: path), error: nil, setAsidePath: nil, canSave: true)
        } catch let loadError {
            guard SystemCalls.exists(path) else {
                return OpenedDocument(lines: [], error: loadError, setAsidePath: nil, canSave: true)
            }
            do {
                let aside = try setAside(corruptFileAt: path)
                return OpenedDocument(lines: [], error: loadError, setAsidePath: aside, canSave: true)
            } catch {
                return OpenedDocument(lines: [], error: loadError, setAsidePath: nil, canSave: false)
            }
        }
    }
}
