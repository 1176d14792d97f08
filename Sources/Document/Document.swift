import Canvas
import Platform

/// Saving and loading a drawing's finished lines as a JSON file, with a
/// journal of later changes beside it (see `DrawingJournal`).
///
/// Saving a snapshot is atomic: the new contents go to a temporary file in
/// the same directory, are flushed to disk, then renamed over the old file,
/// and the directory itself is flushed, so a crash at any point leaves
/// either the old or the new drawing, never a mix. Files are private to the
/// user (0600).
public enum Document {
    /// Files larger than this are refused unread. Room for `lineLimit`
    /// lines of the longest coordinates a save writes (about 98 bytes a
    /// straight line, 145 a freehand one of one point) and `Drawing.pointLimit`
    /// freehand points (about 55 bytes each), so every drawing the app can
    /// make can be opened again.
    public static let byteLimit = 384 << 20
    /// Files with more lines are refused.
    public static let lineLimit = Drawing.lineLimit

    /// Where the drawing lives by default: `$XDG_DATA_HOME/touchtracker/drawing.json`,
    /// with `XDG_DATA_HOME` defaulting to `~/.local/share` (XDG base directories;
    /// a relative `XDG_DATA_HOME` is ignored, as the spec requires).
    public static func defaultPath(environment: [String: String]) -> String {
        var dataHome = environment["XDG_DATA_HOME"] ?? ""
        if !dataHome.hasPrefix("/") {
            dataHome = homeDirectory(environment: environment) + "/.local/share"
        }
        return dataHome + "/touchtracker/drawing.json"
    }

    static func homeDirectory(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return CurrentProcess.homeDirectoryOfUser() ?? "/"
    }

    /// Reads the lines saved at `path`, with the changes its journal holds
    /// (see `DrawingJournal`). A missing file is an empty drawing; anything
    /// unreadable, corrupt or hostile throws a `DocumentError` whose
    /// description explains it (see `setAside(corruptFileAt:)`).
    public static func load(from path: String) throws(DocumentError) -> [Line] {
        try read(from: path).lines
    }

    /// What `read(from:)` found.
    struct Contents {
        var lines: [Line]
        /// The snapshot's journal token, if it has one.
        var token: String?
        /// Journal records read on top of the snapshot (applied or skipped).
        var journalRecords: Int
        /// A journal lies beside the file that holds no change (a header
        /// alone): removing it loses nothing.
        var hasObsoleteJournal = false
        /// Why the journal beside the file, which holds changes, was not
        /// applied (another snapshot's, a damaged header): it is kept
        /// (`keepUnusableJournal`), never deleted.
        var unusableJournal: String?
        /// Lines of the file left out for a value out of range.
        var dropped: [DroppedLine] = []
        /// Journal records that could not be applied: a corrupt journal.
        var skippedRecords: [DrawingJournal.SkippedRecord] = []
    }

    static func read(from path: String) throws(DocumentError) -> Contents {
        try decode(readBytes(of: path), at: path)
    }

    /// The bytes of the drawing at `path`, or nil when there is none yet.
    static func readBytes(of path: String) throws(DocumentError) -> [UInt8]? {
        guard try fileExists(at: path) else { return nil }
        return try SystemCalls.readFile(path, limit: byteLimit)
    }

    /// Whether there is a file at `path`. Only "no such file" means there
    /// is none (a new, empty drawing); a path that cannot be looked up (a
    /// name too long, a folder that is a file, no permission) throws, so
    /// that it is never taken for an empty drawing.
    static func fileExists(at path: String) throws(DocumentError) -> Bool {
        do {
            _ = try FileStatus(linkAt: path)
            return true
        } catch where error == .noSuchFileOrDirectory {
            return false
        } catch {
            throw SystemCalls.failure("stat", path, error)
        }
    }

    /// The drawing in `bytes`, read from `path` (nil: no file), with the
    /// changes its journal holds.
    static func decode(_ bytes: [UInt8]?, at path: String) throws(DocumentError) -> Contents {
        guard let bytes else {
            // A journal without its drawing: its changes have nothing to apply to.
            var contents = Contents(lines: [], token: nil, journalRecords: 0)
            if let found = try? DrawingJournal.read(for: path, token: nil, lineCount: 0) { note(found, in: &contents) }
            return contents
        }
        return applyingJournal(to: try DrawingFileFormat.decode(bytes, path: path), at: path)
    }

    /// `snapshot`, read from `path`, with the changes its journal holds.
    static func applyingJournal(to snapshot: DrawingFileFormat.Snapshot, at path: String) -> Contents {
        var contents = Contents(lines: snapshot.lines, token: snapshot.journalToken, journalRecords: 0,
                                dropped: snapshot.dropped)
        let fileLineCount = snapshot.lines.count + snapshot.dropped.count
        let found: DrawingJournal.Found
        do {
            found = try DrawingJournal.read(for: path, token: snapshot.journalToken, lineCount: fileLineCount)
        } catch {
            // An unreadable journal is ignored rather than making the drawing
            // unreadable (the snapshot alone is a drawing), and left as it is.
            return contents
        }
        guard case .changes(let journal) = found else {
            note(found, in: &contents)
            return contents
        }
        let replayed = DrawingJournal.replay(journal, onto: snapshot.lines,
                                             droppedPositions: Set(snapshot.dropped.map(\.index)))
        contents.lines = replayed.lines
        contents.journalRecords = journal.records.count + journal.unreadable.count
        contents.skippedRecords = replayed.skipped
        return contents
    }

    /// Notes in `contents` a journal that was not applied: one that holds
    /// nothing may go, one that holds changes must be kept.
    private static func note(_ found: DrawingJournal.Found, in contents: inout Contents) {
        switch found {
        case .nothing(let exists): contents.hasObsoleteJournal = exists
        case .unusable(let reason): contents.unusableJournal = reason
        case .changes: break
        }
    }

    /// Atomically replaces the file at `path` with `lines`, creating its
    /// directory (0700) if needed. The file has no journal: use
    /// `saveSnapshot` for a drawing that will be journaled.
    public static func save(_ lines: [Line], to path: String) throws(DocumentError) {
        try save(lines, to: path, beforeRename: {})
    }

    /// `beforeRename` runs after the temporary file is complete and flushed,
    /// and before it replaces the old file: tests inject a failure there to
    /// play a crash at the worst moment.
    static func save(_ lines: [Line], to path: String,
                     beforeRename: () throws(DocumentError) -> Void) throws(DocumentError) {
        try requireWritable(path)
        try SystemCalls.replaceAtomically(path, with: DrawingFileFormat.encode(lines), beforeRename: beforeRename)
    }

    /// Writes `drawing` as a fresh snapshot at `path` (atomically), then an
    /// empty journal for it, so that later changes can be appended with
    /// `appendToJournal`. A crash between the two leaves the new snapshot
    /// and an old journal, which no longer matches it and is ignored.
    public static func saveSnapshot(of drawing: Drawing, to path: String) throws(DocumentError) {
        try requireWritable(path)
        let token = newJournalToken()
        try SystemCalls.replaceAtomically(path, with: DrawingFileFormat.encode(drawing.lines, journalToken: token))
        try DrawingJournal.start(for: path, token: token, ids: drawing.store.ids.map(\.rawValue))
    }

    /// Writes `drawing` as the snapshot a clean exit leaves (atomically),
    /// then removes the journal, which it holds: only the drawing file
    /// stays. The snapshot keeps a journal token, so the next session's
    /// first change can start a journal instead of writing it all again.
    public static func saveFinalSnapshot(of drawing: Drawing, to path: String) throws(DocumentError) {
        try requireWritable(path)
        try SystemCalls.replaceAtomically(path, with: DrawingFileFormat.encode(drawing.lines,
                                                                               journalToken: newJournalToken()))
        try removeJournal(at: path)
    }

    /// Appends `changes` (from `Drawing.changes(since:)`) to the journal of
    /// the snapshot at `path`, flushed to disk: the cost of a save is the
    /// change, not the drawing.
    public static func appendToJournal(_ changes: some Sequence<DrawingChange>, at path: String) throws(DocumentError) {
        try requireWritable(path)
        try DrawingJournal.append(changes, for: path)
    }

    /// Refuses to save the drawing at `path` when its file is read-only
    /// (no write permission for its owner, as `chmod 444` leaves it): a
    /// save would rename a new file over it, which the folder allows, so
    /// the person's "do not change this" is honoured here, every change
    /// going to the banner and the emergency copy as for a read-only folder.
    /// Checked before every save, a journal started or appended to too (the
    /// journal is part of the drawing), by the owner's bit: root ignores
    /// permissions.
    static func requireWritable(_ path: String) throws(DocumentError) {
        guard let status = try? FileStatus(path: path), status.kind == .regular,
              status.permissions & 0o200 == 0 else { return }
        throw .readOnly(path: path, permissions: status.permissions)
    }

    /// Starts an empty journal for the snapshot opened from `path`, whose
    /// lines a session numbered 0, 1, 2... as it loaded them: at the first
    /// change, so a session without one writes nothing.
    public static func startJournal(for path: String, token: String, lineCount: Int) throws(DocumentError) {
        try requireWritable(path)
        try DrawingJournal.start(for: path, token: token, ids: (0..<UInt32(lineCount)).map { $0 })
    }

    /// A token no other snapshot has: 128 random bits.
    static func newJournalToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return [generator.next(), generator.next()].map { (value: UInt64) in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Removes the journal of the drawing at `path`, at a clean exit once
    /// the drawing file holds everything (or the journal held nothing for it).
    public static func removeJournal(at path: String) throws(DocumentError) {
        let journal = DrawingJournal.path(for: path)
        guard FileSystem.exists(journal) else { return }
        try SystemCalls.attempt("remove", journal) { () throws(Errno) in try FileSystem.remove(journal) }
    }

    /// Moves a file that failed to load out of the way, untouched, to
    /// `<path>.corrupt-<UTC timestamp>` (with a counter if that exists), so the
    /// app can start empty without ever overwriting it. Returns the new path.
    @discardableResult
    static func setAside(corruptFileAt path: String,
                                at time: Int = Time.secondsSince1970()) throws(DocumentError) -> String {
        let stamp = utcStamp(time)
        for attempt in 0..<KeptCopy.nameAttempts {
            let target = attempt == 0 ? "\(path).corrupt-\(stamp)" : "\(path).corrupt-\(stamp)-\(attempt)"
            do {
                // Never over anything at the name, a file or a link planted there meanwhile.
                try FileSystem.renameWithoutReplacing(path, to: target)
                return target
            } catch where error == .fileExists {
                continue
            } catch {
                throw SystemCalls.failure("rename", path, error)
            }
        }
        throw SystemCalls.failure("rename", path, .fileExists)
    }

    /// `time` as `YYYYMMDDTHHMMSSZ`, for names of files kept aside.
    static func utcStamp(_ time: Int) -> String {
        CalendarDate.utc(time).compact + "Z"
    }

}
