import TouchCore
import Platform

/// The drawing opened for a session (see `Document.open(at:)`): its lines,
/// the lock that makes this process its only writer, and what happened.
public final class OpenedDocument {
    /// Where the drawing is saved: the path asked for, with a symbolic
    /// link at its end resolved to the link's target.
    public let path: String
    /// The lines to start with (empty for a new or set-aside drawing).
    public let lines: [Line]
    /// Held for the session's life; nil when no lock could be taken (see
    /// `DrawingLock.acquire`).
    public let lock: DrawingLock?
    /// Why the file could not be read, if it was set aside.
    public let error: DocumentError?
    /// Where an unreadable file was moved, untouched.
    public let setAsidePath: String?
    /// False when an unreadable file could not be moved away: saving would
    /// overwrite it, so the app must not save to this path.
    public let canSave: Bool
    /// True when the journal beside the file is empty and numbers the lines
    /// as a `Drawing` made from `lines` does: changes can be appended to it
    /// at once. Otherwise the first save must be a snapshot
    /// (`Document.saveSnapshot`): a new drawing, a file without a journal,
    /// or one whose journal held changes (after a crash).
    public let journalIsReady: Bool

    init(path: String, lines: [Line], lock: DrawingLock?, error: DocumentError? = nil,
         setAsidePath: String? = nil, canSave: Bool = true, journalIsReady: Bool = false) {
        self.path = path
        self.lines = lines
        self.lock = lock
        self.error = error
        self.setAsidePath = setAsidePath
        self.canSave = canSave
        self.journalIsReady = journalIsReady
    }

    /// One line for the user about what happened, or nil when all went well.
    public var message: String? {
        guard let error else { return nil }
        if let setAsidePath { return "\(error); it was kept as \(setAsidePath) and a new drawing was started" }
        return "\(error); it could not be moved aside, so this drawing will not be saved"
    }
}

extension Document {
    /// Opens the drawing at `path` for a session: resolves a symbolic link
    /// at its end, takes the drawing's lock, and loads it. A missing file is
    /// a new drawing; a file that was read and is not a drawing is moved
    /// aside untouched (see `setAside(corruptFileAt:)`) and the session
    /// starts empty.
    ///
    /// Throws, leaving every file as it was, when the drawing is locked by
    /// another process (`.locked`) or cannot be read at all: a directory, a
    /// FIFO, a device (`.notAFile`), permission denied (`.system`).
    public static func open(at path: String) throws(DocumentError) -> OpenedDocument {
        let target = try resolvingSymbolicLinks(path)
        let lock = try DrawingLock.acquire(for: target)
        do {
            let contents = try read(from: target)
            var journalIsReady = false
            if let token = contents.token, contents.journalRecords == 0 {
                journalIsReady = (try? startJournal(for: target, token: token, lineCount: contents.lines.count)) != nil
            }
            return OpenedDocument(path: target, lines: contents.lines, lock: lock, journalIsReady: journalIsReady)
        } catch let loadError {
            guard loadError.meansNotADrawing else { throw loadError }
            do {
                let aside = try setAside(corruptFileAt: target)
                // Its journal is kept with it: the changes in it belong to
                // that file, and the next snapshot would replace it.
                let journal = DrawingJournal.path(for: target)
                if FileSystem.exists(journal) { try? FileSystem.rename(journal, to: DrawingJournal.path(for: aside)) }
                return OpenedDocument(path: target, lines: [], lock: lock, error: loadError, setAsidePath: aside)
            } catch {
                return OpenedDocument(path: target, lines: [], lock: lock, error: loadError, canSave: false)
            }
        }
    }
}
