import Canvas
import Document
import Timing
import TouchCore

/// Keeps the drawing on disk: saves after every change, by appending the
/// change to the drawing's journal (see `DrawingJournal`), and folds the
/// journal into a fresh snapshot when it grows past `journalBound`, at the
/// end, and whenever the journal cannot be trusted (a failed append may
/// have left a torn record). When a save
/// fails (a full disk, a read-only folder) says so through
/// `onFailureChange` until one succeeds, retrying on the next change and
/// on a timer whose delay doubles up to `maximumRetryDelay`. The timer is
/// only scheduled while saves fail, so an idle app with a healthy disk
/// still sleeps without a deadline. At the end, lines that could not be
/// saved go to an emergency copy (`finish`).
///
/// Before each save it checks that it is still the drawing's only writer
/// (`confirmStillTheWriter`): when the lock file was removed and another
/// instance took the drawing meanwhile, it stops saving for good, so as not
/// to overwrite that instance's lines, and writes an emergency copy at once.
///
/// Before each save it also checks that no other program replaced or
/// edited the drawing file since this session read or wrote it
/// (`DrawingFileVersion`): if one did, that version is kept beside the
/// drawing (`Document.keepOutsideVersion`) and the user told
/// (`onOutsideChange`), then the session's drawing is saved whole.
///
/// A session that changes nothing writes nothing: no journal is started
/// until the first change, and the end writes a snapshot only when the
/// drawing differs from its file. A clean end leaves only the drawing file:
/// the journal is folded into it and removed, and the lock released and
/// removed.
final class Autosave {
    static let initialRetryDelay = 1.0
    static let maximumRetryDelay = 60.0

    /// Where the drawing is saved (symbolic links resolved).
    var path: String { document.path }
    /// Why the last save failed; nil once one succeeds.
    private(set) var failure: DocumentError? {
        didSet { if failure != oldValue { onFailureChange?(failure) } }
    }
    /// Changes made since the last successful save.
    private(set) var hasUnsavedChanges = false
    /// Told when saves start or stop failing (the canvas banner).
    var onFailureChange: ((DocumentError?) -> Void)?
    /// Told, in a sentence for the canvas banner, when another program's
    /// version of the drawing was kept aside.
    var onOutsideChange: ((String) -> Void)?
    /// Delay before the next timed retry, once one is scheduled.
    private(set) var retryDelay = initialRetryDelay
    private var retryTimer: TimerHandle?

    /// Holds the drawing's lock for as long as the session lives.
    private let document: OpenedDocument
    private let timers: TimerQueue
    private let drawing: Drawing
    private let report: (String) -> Void
    /// Where emergency copies go (`Document.emergencyDirectories`).
    private let environment: [String: String]
    /// The drawing's files as this session last left them.
    private var filesStamp: DrawingFilesStamp
    /// The drawing file as this session read or last wrote it.
    private var fileVersion: DrawingFileVersion?
    /// The drawing's revision the files on disk reflect.
    private var savedRevision: UInt64
    /// Changes made before this object existed that no file holds yet
    /// (strokes drawn while the drawing was opened), saved first.
    private var earlierChanges: [DrawingChange]
    /// Whether the next change may be appended to the journal.
    private(set) var journalIsReady: Bool
    /// The token of the file as opened, until a journal is started for it
    /// at the first change (see `OpenedDocument.journalToken`).
    private var unstartedJournalToken: String?
    /// Records in the journal since its snapshot.
    private(set) var journalRecords = 0
    /// Whether this session wrote to the drawing's files (a journal record
    /// or a snapshot): its end then folds the journal into the drawing.
    private var hasWritten = false
    /// Whether the lock was released (`finish`): nothing is saved after.
    private(set) var isClosed = false
    /// The version of the snapshot on disk (see `DrawingFileFormat`): only
    /// the journal of a version 2 file may take freehand records, of a
    /// version 3 file colours and widths, so a drawing gets a fresh
    /// snapshot with its first line that needs a newer version, and older
    /// versions of the app never read a journal they half understand.
    private(set) var snapshotVersion: Int

    /// Records the journal takes before it is folded into a snapshot: at
    /// least `minimumJournalBound`, else as many as the drawing has lines,
    /// so the snapshots' cost, spread over the changes, stays constant.
    var journalBound: Int { max(Self.minimumJournalBound, drawing.count) }
    static let minimumJournalBound = 10_000

    /// What the canvas banner says while saves fail.
    static func bannerText(for failure: DocumentError) -> String {
        if case .lockLost = failure {
            return "Not saved: \(failure.reason). Your lines are kept in an emergency copy, and quitting writes another."
        }
        return "Not saved: \(failure.reason). Your lines are kept; saving is retried, and quitting writes an emergency copy."
    }

    /// `unsaved`: changes already in `drawing` that no file holds yet
    /// (strokes drawn while it was opened, see `Drawing.takeLines(of:)`);
    /// they are saved at the next `save()`.
    init(document: OpenedDocument, timers: TimerQueue, drawing: Drawing, unsaved: [DrawingChange] = [],
         environment: [String: String],
         report: @escaping (String) -> Void) {
        self.document = document
        self.timers = timers
        self.drawing = drawing
        self.environment = environment
        self.report = report
        filesStamp = DrawingFilesStamp(drawingPath: document.path)
        fileVersion = document.fileVersion
        savedRevision = drawing.revision
        earlierChanges = unsaved
        hasUnsavedChanges = !unsaved.isEmpty
        unstartedJournalToken = document.journalToken
        journalIsReady = document.journalToken != nil
        snapshotVersion = drawing.oldestFileVersion(leavingOut: unsaved)
    }

    /// True while a timed retry is pending.
    var isRetryScheduled: Bool { retryTimer?.isActive == true }

    /// The drawing changed: save it now.
    func drawingChanged() {
        markChanged()
        save()
    }

    /// The drawing changed; the next `save()` or `finish` saves it.
    func markChanged() {
        hasUnsavedChanges = true
    }

    /// Saves the drawing if anything is unsaved. A failure is reported once
    /// until a save succeeds again; the drawing stays in memory.
    func save() {
        guard hasUnsavedChanges, !isClosed else { return }
        guard document.canSave else {
            // An unreadable drawing that could not be moved aside is never
            // overwritten; only the emergency copy at the end keeps the lines.
            failure = document.error
            return
        }
        // Another instance has the drawing: nothing this one writes may land there.
        if case .lockLost? = failure { return }
        do {
            try confirmStillTheWriter()
            try keepOutsideChange()
            try write()
            filesStamp = DrawingFilesStamp(drawingPath: path)
            fileVersion = DrawingFileVersion(path: path)
            hasUnsavedChanges = false
            if failure != nil { report("saved the drawing to \(path) again") }
            failure = nil
            retryTimer?.cancel()
            retryTimer = nil
            retryDelay = Self.initialRetryDelay
        } catch .lockLost(let path, let holder) {
            failure = .lockLost(path: path, holder: holder)
            report("stopped saving: \(failure!)")
            writeEmergencyCopyNow()
        } catch {
            if failure == nil { report("cannot save the drawing: \(error)") }
            failure = error
            scheduleRetry()
        }
    }

    /// Makes sure this session still holds the drawing's lock. When the lock
    /// file was removed or replaced, another instance may have opened the
    /// drawing meanwhile: the lock is taken again only if nobody holds the
    /// new one and the drawing's files are as this session left them;
    /// otherwise throws `.lockLost`.
    private func confirmStillTheWriter() throws(DocumentError) {
        guard let lock = document.lock, !lock.isStillAtItsPath else { return }
        let untouched = DrawingFilesStamp(drawingPath: path) == filesStamp
        do {
            try lock.retake(drawingPath: path)
        } catch {
            if case .locked(_, let holder) = error { throw .lockLost(path: path, holder: holder) }
            throw error
        }
        // Checked again once locked: a writer may have finished in between.
        guard untouched, DrawingFilesStamp(drawingPath: path) == filesStamp else {
            throw .lockLost(path: path, holder: nil)
        }
    }

    /// When another program replaced or edited the drawing file since this
    /// session read or wrote it, keeps that version beside it and says so;
    /// the next write is then a snapshot, as the journal's changes apply to
    /// the file this session knew. Throws (the save fails and is retried,
    /// nothing overwritten) when no copy can be kept.
    private func keepOutsideChange() throws(DocumentError) {
        let current = DrawingFileVersion(path: path)
        guard current != fileVersion else { return }
        if current != nil {
            let copy = try Document.keepOutsideVersion(of: path)
            let name = copy.split(separator: "/").last.map(String.init) ?? copy
            report("\(path) was changed by another program; that version is kept as \(copy), and this one saved")
            onOutsideChange?("This drawing was changed by another program. That version is kept beside it as \(name); "
                             + "yours is saved.")
        }
        fileVersion = current
        journalIsReady = false
        unstartedJournalToken = nil
    }

    private func writeEmergencyCopyNow() {
        do {
            let copy = try Document.writeEmergencyCopy(of: drawing.lines, for: path, environment: environment)
            report("your lines are in \(copy)")
        } catch {
            report("could not write an emergency copy either: \(error)")
        }
    }

    /// Appends what changed since the last save to the journal, or writes
    /// a snapshot when the journal cannot take it.
    private func write() throws(DocumentError) {
        hasWritten = true
        if journalIsReady, let later = drawing.changes(since: savedRevision),
           journalRecords + earlierChanges.count + later.count <= journalBound,
           !(earlierChanges + later).contains(where: { $0.oldestFileVersion > snapshotVersion }) {
            let changes = earlierChanges + later
            do {
                if let token = unstartedJournalToken {
                    // The file's lines were numbered 0, 1, 2... as they were loaded.
                    try Document.startJournal(for: path, token: token, lineCount: document.lineCount)
                    unstartedJournalToken = nil
                }
                try Document.appendToJournal(changes, at: path)
            } catch {
                // Part of a record may have reached the file: appending after
                // it would hide every later record behind a torn one.
                journalIsReady = false
                unstartedJournalToken = nil
                throw error
            }
            journalRecords += changes.count
        } else {
            try writeSnapshot()
        }
        earlierChanges = []
        savedRevision = drawing.revision
    }

    private func writeSnapshot() throws(DocumentError) {
        journalIsReady = false
        unstartedJournalToken = nil
        try Document.saveSnapshot(of: drawing, to: path)
        journalIsReady = true
        journalRecords = 0
        snapshotVersion = drawing.oldestFileVersion
    }

    private func scheduleRetry() {
        guard !isRetryScheduled else { return }
        retryTimer = timers.schedule(after: retryDelay) { [unowned self] in
            retryTimer = nil
            save()
        }
        retryDelay = min(retryDelay * 2, Self.maximumRetryDelay)
    }

    /// Ends the session's saving, leaving only the drawing file: when the
    /// drawing differs from its file (changes made, or a journal left by a
    /// crash applied), it is written as one snapshot and the journal
    /// removed; a journal that added nothing is removed; then the lock is
    /// released and removed. Lines that cannot be saved are written to an
    /// emergency copy (see `Document.writeEmergencyCopy`), and the journal
    /// holding them stays. Nothing is saved after.
    func finish(environment: [String: String]) -> SessionEnding {
        defer {
            isClosed = true
            document.lock?.releaseAndRemove()
        }
        retryTimer?.cancel()
        retryTimer = nil
        guard !isClosed else { return .saved }
        guard hasUnsavedChanges || hasWritten || document.differsFromFile else {
            // Nothing changed: not a byte is written, not even the mtime.
            if document.hasObsoleteJournal, document.canSave { try? Document.removeJournal(at: path) }
            return .saved
        }
        guard document.canSave else {
            failure = document.error
            return emergencyCopy(failure: document.error!, environment: environment)
        }
        // Another instance has the drawing: its files are not ours to write.
        if case .lockLost? = failure {
            return hasUnsavedChanges ? emergencyCopy(failure: failure!, environment: environment) : .saved
        }
        do throws(DocumentError) {
            try confirmStillTheWriter()
            try keepOutsideChange()
            try Document.saveFinalSnapshot(of: drawing, to: path)
            hasUnsavedChanges = false
            failure = nil
            return .saved
        } catch .lockLost(let path, let holder) {
            failure = .lockLost(path: path, holder: holder)
            report("stopped saving: \(failure!)")
            return emergencyCopy(failure: failure!, environment: environment)
        } catch {
            // The journal, if appended to, still holds what it held.
            if failure == nil { report("cannot save the drawing: \(error)") }
            failure = error
            guard hasUnsavedChanges else { return .saved }
            return emergencyCopy(failure: error, environment: environment)
        }
    }

    private func emergencyCopy(failure: DocumentError, environment: [String: String]) -> SessionEnding {
        do {
            let copy = try Document.writeEmergencyCopy(of: drawing.lines, for: path, environment: environment)
            return .emergencyCopy(path: copy, failure: failure)
        } catch {
            return .lost(failure: failure, emergencyFailure: error)
        }
    }
}
