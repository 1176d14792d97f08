import Canvas
import Timing
import TouchCore

/// Keeps the drawing on disk: saves after every change, and when a save
/// fails (a full disk, a read-only folder) says so through
/// `onFailureChange` until one succeeds, retrying on the next change and
/// on a timer whose delay doubles up to `maximumRetryDelay`. The timer is
/// only scheduled while saves fail, so an idle app with a healthy disk
/// still sleeps without a deadline. At the end, lines that could not be
/// saved go to an emergency copy (`finish`).
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
    private let lines: () -> [Line]
    private let report: (String) -> Void

    init(document: OpenedDocument, timers: TimerQueue, lines: @escaping () -> [Line],
         report: @escaping (String) -> Void) {
        self.document = document
        self.timers = timers
        self.lines = lines
        self.report = report
    }

    /// True while a timed retry is pending.
    var isRetryScheduled: Bool { retryTimer?.isActive == true }

    /// The drawing changed: save it now.
    func drawingChanged() {
        hasUnsavedChanges = true
        save()
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
        do {
            try Document.save(lines(), to: path)
            hasUnsavedChanges = false
            if failure != nil { report("saved the drawing to \(path) again") }
            failure = nil
            retryTimer?.cancel()
            retryTimer = nil
            retryDelay = Self.initialRetryDelay
        } catch {
            if failure == nil { report("cannot save the drawing: \(error)") }
            failure = error
            scheduleRetry()
        }
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
        save()
        retryTimer?.cancel()
        retryTimer = nil
        if !changed { hasUnsavedChanges = false }
        guard hasUnsavedChanges, let failure else { return .saved }
        do {
            let copy = try Document.writeEmergencyCopy(of: lines(), for: path, environment: environment)
            return .emergencyCopy(path: copy, failure: failure)
        } catch {
            return .lost(failure: failure, emergencyFailure: error)
        }
    }
}
