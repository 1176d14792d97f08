/// The exit statuses of `touchtracker`, as documented in `--help` and the
/// docs/usage.md. Scripts tell failures apart by them, so they never change meaning.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    /// Done; every change is saved.
    case success = 0
    /// No compositor, a lost connection, or an export that failed.
    case failure = 1
    /// The command line is wrong.
    case usage = 2
    /// The drawing is open in another touchtracker; nothing was written.
    case drawingInUse = 3
    /// The drawing cannot be read: missing (for `--export`), a directory, a
    /// FIFO, a device, permission denied. Nothing was renamed or written.
    case drawingUnreadable = 4
    /// The drawing could not be saved; the unsaved lines are in an emergency copy.
    case savedToEmergencyCopy = 5
    /// The drawing could not be saved, nor an emergency copy written: the
    /// last changes are lost (the messages say where it failed).
    case unsavedChangesLost = 6
}
