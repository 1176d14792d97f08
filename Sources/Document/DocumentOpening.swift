import Canvas
import TouchCore
import Platform

/// The drawing opened for a session (see `Document.open(at:)`): its lines,
/// the lock that makes this process its only writer, and what happened.
public final class OpenedDocument {
    /// Where the drawing is saved: the path asked for, with a symbolic
    /// link at its end resolved to the link's target.
    public let path: String
    /// The lines to start with (empty for a new or set-aside drawing), until
    /// taken (`takeLines`).
    public private(set) var lines: [Line]
    /// How many lines it opened with (`lines.count` before `takeLines`).
    public let lineCount: Int
    /// Held for the session's life; nil when no lock could be taken (see
    /// `DrawingLock.acquire`).
    public let lock: DrawingLock?
    /// Why the file could not be read, if it was set aside.
    public let error: DocumentError?
    /// What was left out of a drawing that opened in part (see
    /// `DocumentRecovery`); nil when it all opened.
    public let recovery: DocumentRecovery?
    /// Where an unreadable file was moved, untouched.
    let setAsidePath: String?
    /// False when an unreadable file could not be moved away: saving would
    /// overwrite it, so the app must not save to this path.
    public let canSave: Bool
    /// The file's journal token when its lines, as `lines` holds them, are
    /// exactly the file's: the first change can then start a journal for
    /// it (`Document.startJournal`) and be appended. Nil when the first save
    /// must be a snapshot (`Document.saveSnapshot`): a new drawing, a file
    /// without a token, or one whose journal held changes (after a crash).
    public let journalToken: String?
    /// The lines differ from the drawing file's before the session changes
    /// them: a journal left by a crash was applied, or what a recovery
    /// kept could not be saved. A clean exit then writes them.
    public let differsFromFile: Bool
    /// A journal beside the file adds nothing to it (see
    /// `Document.Contents.hasObsoleteJournal`): a clean exit removes it.
    public let hasObsoleteJournal: Bool
    /// The drawing file as this session read or last wrote it (nil: none),
    /// to notice another program changing it before a save.
    public let fileVersion: DrawingFileVersion?

    init(path: String, lines: [Line], lock: DrawingLock?, error: DocumentError? = nil, recovery: DocumentRecovery? = nil,
         setAsidePath: String? = nil, canSave: Bool = true, journalToken: String? = nil,
         differsFromFile: Bool = false, hasObsoleteJournal: Bool = false, fileVersion: DrawingFileVersion? = nil) {
        self.path = path
        self.lines = lines
        lineCount = lines.count
        self.lock = lock
        self.error = error
        self.recovery = recovery
        self.setAsidePath = setAsidePath
        self.canSave = canSave
        self.journalToken = journalToken
        self.differsFromFile = differsFromFile
        self.hasObsoleteJournal = hasObsoleteJournal
        self.fileVersion = fileVersion
    }

    /// The lines to start with, handed over to a `Drawing`: the document
    /// keeps no second copy of a large drawing for the session's life.
    public func takeLines() -> [Line] {
        defer { lines = [] }
        return lines
    }

    /// What to tell the user about what happened, or nil when all went well.
    public var message: String? {
        if let recovery { return recovery.messages.joined(separator: "\n") }
        guard let error else { return nil }
        if let setAsidePath { return "\(error); it was kept as \(setAsidePath) and a new drawing was started" }
        return "\(error); it could not be moved aside, so this drawing will not be saved"
    }
}

/// A drawing being opened for a session, in two steps: `Document.beginOpening`
/// does the quick part (resolving a link, taking the lock, reading the
/// file), which decides whether the app can start at all; `finish()` does
/// the slow part (parsing, the journal, indexing nothing yet), which a
/// session runs on a thread of its own while its window is already up.
public final class DocumentOpening: @unchecked Sendable {
    /// Where the drawing is saved (see `OpenedDocument.path`).
    public let path: String
    private let lock: DrawingLock?
    /// The file's bytes, nil when there is no file yet; released by `finish()`.
    private var bytes: [UInt8]?
    /// Why the file's bytes show it is no drawing (too large), found while reading.
    private let readError: DocumentError?
    /// The file as it was just before it was read.
    private let version: DrawingFileVersion?

    init(path: String, lock: DrawingLock?, bytes: [UInt8]?, readError: DocumentError?, version: DrawingFileVersion?) {
        self.path = path
        self.lock = lock
        self.bytes = bytes
        self.readError = readError
        self.version = version
    }

    /// Gives up the drawing without opening it (the compositor could not be
    /// reached, the window not made): its lock is released and removed,
    /// and no file is left that was not there before.
    public func abandon() {
        lock?.releaseAndRemove()
    }

    /// How many bytes are left to parse: what a progress message can say.
    public var byteCount: Int { bytes?.count ?? 0 }

    /// Parses the drawing and applies its journal. A file that was read and
    /// is not a drawing is moved aside untouched (see
    /// `Document.setAside(corruptFileAt:)`) and the session starts empty.
    /// Call it once.
    public func finish() throws(DocumentError) -> OpenedDocument {
        let bytes = self.bytes
        self.bytes = nil
        do throws(DocumentError) {
            if let readError { throw readError }
            let contents = try Document.decode(bytes, at: path)
            // A journal with changes that cannot be applied is copied aside
            // before anything may replace or remove it.
            var journalNotice: DocumentRecovery?
            var journalMayGo = true
            if let reason = contents.unusableJournal {
                (journalNotice, journalMayGo) = Document.keepUnusableJournal(at: path, reason: reason)
            }
            if let bytes, !contents.dropped.isEmpty || !contents.skippedRecords.isEmpty {
                // Saved at once as a fresh snapshot, with copies of the
                // originals (see `Document.recover`). The snapshot holds
                // what the old journal could give (its damaged records are
                // in the copy), so that journal goes now: left, the next
                // start would take it for another version's and keep it again.
                let (recovery, token) = Document.recover(contents, from: bytes, at: path)
                let journalRemains = token != nil && journalMayGo && (try? Document.removeJournal(at: path)) == nil
                return OpenedDocument(path: path, lines: contents.lines, lock: lock,
                                      recovery: recovery.merged(with: journalNotice),
                                      journalToken: token, differsFromFile: token == nil,
                                      hasObsoleteJournal: journalRemains,
                                      fileVersion: token != nil ? DrawingFileVersion(path: path) : version)
            }
            // Nothing else is written while opening (but a copy of a
            // journal that could not be applied): a session that changes
            // nothing leaves every file as it found it.
            return OpenedDocument(path: path, lines: contents.lines, lock: lock, recovery: journalNotice,
                                  journalToken: contents.journalRecords == 0 ? contents.token : nil,
                                  differsFromFile: contents.journalRecords > 0,
                                  hasObsoleteJournal: contents.hasObsoleteJournal
                                      || (contents.unusableJournal != nil && journalMayGo),
                                  fileVersion: version)
        } catch let loadError {
            guard loadError.meansNotADrawing else { throw loadError }
            do {
                let aside = try Document.setAside(corruptFileAt: path)
                // Its journal is kept with it: the changes in it belong to
                // that file, and the next snapshot would replace it.
                let journal = DrawingJournal.path(for: path)
                if FileSystem.exists(journal) { try? FileSystem.rename(journal, to: DrawingJournal.path(for: aside)) }
                return OpenedDocument(path: path, lines: [], lock: lock, error: loadError, setAsidePath: aside)
            } catch {
                return OpenedDocument(path: path, lines: [], lock: lock, error: loadError, canSave: false)
            }
        }
    }
}

extension Document {
    /// Opens the drawing at `path` for a session: `beginOpening`, then `finish`.
    public static func open(at path: String) throws(DocumentError) -> OpenedDocument {
        try beginOpening(at: path).finish()
    }

    /// The quick part of opening the drawing at `path`: resolves a symbolic
    /// link at its end, takes the drawing's lock, and reads the file. A
    /// missing file is a new drawing.
    ///
    /// Throws, leaving every file as it was, when the drawing is locked by
    /// another process (`.locked`) or cannot be read at all: a directory, a
    /// FIFO, a device (`.notAFile`), permission denied (`.system`).
    public static func beginOpening(at path: String) throws(DocumentError) -> DocumentOpening {
        let target = try resolvingSymbolicLinks(path)
        let lock = try DrawingLock.acquire(for: target)
        // Taken before the read: a change in between is then kept aside
        // at the first save rather than missed.
        let version = DrawingFileVersion(path: target)
        do {
            return DocumentOpening(path: target, lock: lock, bytes: try readBytes(of: target), readError: nil,
                                   version: version)
        } catch where error.meansNotADrawing {
            return DocumentOpening(path: target, lock: lock, bytes: nil, readError: error, version: version)
        }
    }
}
