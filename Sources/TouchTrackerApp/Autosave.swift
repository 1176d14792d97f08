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
    /// The drawing's revision the files on disk reflect.
    private var savedRevision: UInt64
    /// Whether the next change may be appended to the journal.
    private(set) var journalIsReady: Bool
    /// Records in the journal since its snapshot.
    private(set) var journalRecords = 0
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

    init(document: OpenedDocument, timers: TimerQueue, drawing: Drawing, environment: [String: String],
         report: @escaping (String) -> Void) {
        self.document = document
        self.timers = timers
        self.drawing = drawing
        self.environment = environment
        self.report = report
        filesStamp = DrawingFilesStamp(drawingPath: document.path)
        savedRevision = drawing.revision
        journalIsReady = document.journalIsReady
        snapshotVersion = drawing.oldestFileVersion
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
        guard hasUnsavedChanges else { return }
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
            try write()
            filesStamp = DrawingFilesStamp(drawingPath: path)
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
        if journalIsReady, let changes = drawing.changes(since: savedRevision),
           journalRecords + changes.count <= journalBound,
           !changes.contains(where: { $0.oldestFileVersion > snapshotVersion }) {
            do {
                try Document.appendToJournal(changes, at: path)
            } catch {
                // Part of a record may have reached the file: appending after
                // it would hide every later record behind a torn one.
                journalIsReady = false
                throw error
            }
            journalRecords += changes.count
        } else {
            try writeSnapshot()
        }
        savedRevision = drawing.revision
    }

    private func writeSnapshot() throws(DocumentError) {
        journalIsReady = false
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

    /// Saves one last time; lines that still cannot be saved are written to
    /// an emergency copy (see `Document.writeEmergencyCopy`).
    func finish(environment: [String: String]) -> SessionEnding {
        // Written even when nothing changed: the file may have been deleted
        // or replaced meanwhile, and what the window shows is what the user
        // expects to find next time. Only real changes need an emergency copy.
        let changed = hasUnsavedChanges
        hasUnsavedChanges = true
        // The journal is folded into the snapshot, so the next start reads one file.
        journalIsReady = false
        save()
        retryTimer?.cancel()
        retryTimer = nil
        if !changed { hasUnsavedChanges = false }
        guard hasUnsavedChanges, let failure else { return .saved }
        do {
            let copy = try Document.writeEmergencyCopy(of: drawing.lines, for: path, environment: environment)
            return .emergencyCopy(path: copy, failure: failure)
        } catch {
            return .lost(failure: failure, emergencyFailure: error)
        }
    }
}
