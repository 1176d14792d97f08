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
    public static let lineLimit = 1_000_000

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
        guard FileSystem.exists(path) else { return nil }
        return try SystemCalls.readFile(path, limit: byteLimit)
    }

    /// The drawing in `bytes`, read from `path` (nil: no file), with the
    /// changes its journal holds.
    static func decode(_ bytes: [UInt8]?, at path: String) throws(DocumentError) -> Contents {
        guard let bytes else { return Contents(lines: [], token: nil, journalRecords: 0) }
        return applyingJournal(to: try DrawingFileFormat.decode(bytes, path: path), at: path)
    }

    /// `snapshot`, read from `path`, with the changes its journal holds.
    static func applyingJournal(to snapshot: DrawingFileFormat.Snapshot, at path: String) -> Contents {
        let fileLineCount = snapshot.lines.count + snapshot.dropped.count
        guard let token = snapshot.journalToken,
              let journal = try? DrawingJournal.contents(for: path, token: token, lineCount: fileLineCount)
        else {
            return Contents(lines: snapshot.lines, token: snapshot.journalToken, journalRecords: 0,
                            dropped: snapshot.dropped)
        }
        // An unreadable journal is ignored rather than making the drawing
        // unreadable: the snapshot alone is a drawing.
        let replayed = DrawingJournal.replay(journal, onto: snapshot.lines,
                                             droppedPositions: Set(snapshot.dropped.map(\.index)))
        return Contents(lines: replayed.lines, token: token,
                        journalRecords: journal.records.count + journal.unreadable.count,
                        dropped: snapshot.dropped, skippedRecords: replayed.skipped)
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
        try SystemCalls.replaceAtomically(path, with: DrawingFileFormat.encode(lines), beforeRename: beforeRename)
    }

    /// Writes `drawing` as a fresh snapshot at `path` (atomically), then an
    /// empty journal for it, so that later changes can be appended with
    /// `appendToJournal`. A crash between the two leaves the new snapshot
    /// and an old journal, which no longer matches it and is ignored.
    public static func saveSnapshot(of drawing: Drawing, to path: String) throws(DocumentError) {
        let token = newJournalToken()
        try SystemCalls.replaceAtomically(path, with: DrawingFileFormat.encode(drawing.lines, journalToken: token))
        try DrawingJournal.start(for: path, token: token, ids: drawing.store.ids.map(\.rawValue))
    }

    /// Appends `changes` (from `Drawing.changes(since:)`) to the journal of
    /// the snapshot at `path`, flushed to disk: the cost of a save is the
    /// change, not the drawing.
    public static func appendToJournal(_ changes: some Sequence<DrawingChange>, at path: String) throws(DocumentError) {
        try DrawingJournal.append(changes, for: path)
    }

    /// Starts an empty journal for the snapshot just opened from `path`,
    /// whose lines a session numbers 0, 1, 2... as it loads them.
    static func startJournal(for path: String, token: String, lineCount: Int) throws(DocumentError) {
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

    /// Moves a file that failed to load out of the way, untouched, to
    /// `<path>.corrupt-<UTC timestamp>` (with a counter if that exists), so the
    /// app can start empty without ever overwriting it. Returns the new path.
    @discardableResult
    public static func setAside(corruptFileAt path: String,
                                at time: Int = Time.secondsSince1970()) throws(DocumentError) -> String {
        let stamp = utcStamp(time)
        var target = "\(path).corrupt-\(stamp)"
        var counter = 1
        while FileSystem.exists(target) {
            target = "\(path).corrupt-\(stamp)-\(counter)"
            counter += 1
        }
        try SystemCalls.attempt("rename", path) { () throws(Errno) in try FileSystem.rename(path, to: target) }
        return target
    }

    /// `time` as `YYYYMMDDTHHMMSSZ`, for names of files kept aside.
    static func utcStamp(_ time: Int) -> String {
        CalendarDate.utc(time).compact + "Z"
    }

}
