import Canvas
import Instruments
import TouchTrackerApp

/// One case of `touchtracker conformance`: a short script of emulated
/// input, the protocol rule it checks (one line, as `check`'s rows say
/// theirs), and how its result is judged.
///
/// A case is judged twice over, on what the runner gathered while it ran
/// (`CaseEvidence`):
/// - what arrived: the `check` rows named in `rows`, computed on this
///   case's input batches alone (`CompositorReport`); a row that fails
///   fails the case, and a row the case is about must have been seen;
/// - what the app did with it: `expect` looks at the drawing before and
///   after and at the pixels of the app's own last buffer, and returns
///   what was wrong (nothing: the case passed).
///
/// The script speaks the canvas's logical coordinates (the drawing's); the
/// driver turns them into the compositor's.
struct ConformanceCase: Sendable {
    /// Short and stable, for `--only` and the reports ("one-finger-stroke").
    let id: String
    /// The protocol rule it checks, in one line.
    let rule: String
    /// What the back end must emulate; a case whose device is missing is
    /// skipped with the back end's reason.
    let devices: [EmulatedDevice]
    /// The `check` rows judged on this case's input.
    let rows: [CompositorReport.RowID]
    /// Of `rows`, those this case's input must show ("not seen" fails).
    let mustSee: [CompositorReport.RowID]
    /// Plays the input.
    let drive: @Sendable (CaseDriver) throws -> Void
    /// What the app must have seen and done: the failures, none when it passed.
    let expect: @Sendable (CaseEvidence) -> [String]

    init(id: String, rule: String, devices: [EmulatedDevice], rows: [CompositorReport.RowID] = [],
         mustSee: [CompositorReport.RowID] = [], drive: @escaping @Sendable (CaseDriver) throws -> Void,
         expect: @escaping @Sendable (CaseEvidence) -> [String]) {
        self.id = id
        self.rule = rule
        self.devices = devices
        self.rows = rows
        self.mustSee = mustSee
        self.drive = drive
        self.expect = expect
    }
}

/// What a case's script can do: emulated input in canvas coordinates, and
/// waiting while the app runs (its loop turns meanwhile: timers fire,
/// frames are drawn). Operations the back end lacks throw
/// `EmulationUnavailable`, which skips the case.
protocol CaseDriver: AnyObject {
    func touchDown(_ slot: Int, _ x: Double, _ y: Double) throws
    func touchMotion(_ slot: Int, _ x: Double, _ y: Double) throws
    func touchUp(_ slot: Int) throws
    /// Closes the touch changes since the last frame (sent by the back end
    /// where its interface has frames).
    func touchFrame() throws
    func touchCancel() throws

    func pointerMotion(_ x: Double, _ y: Double) throws
    func pointerButton(_ button: UInt32, pressed: Bool) throws
    func pointerWheel(_ axis: ScrollAxis, value120: Int32) throws

    func key(_ code: UInt32, pressed: Bool) throws

    func tabletProximityIn(_ x: Double, _ y: Double) throws
    func tabletDown() throws
    func tabletMotion(_ x: Double, _ y: Double, pressure: Double) throws
    func tabletUp() throws
    func tabletProximityOut() throws

    /// Starts the case from a known drawing: these lines, nothing
    /// selected, no menu, the Lines tool (set in the app directly, not by
    /// input; one undo step).
    func setUp(lines: [Line]) throws

    func plug(_ device: EmulatedDevice) throws
    func unplug(_ device: EmulatedDevice) throws
    func setOutputScale(_ scale: Double) throws

    /// Lets the app run for `seconds` (after the back end's requests are
    /// handled), as a user pausing would.
    func wait(_ seconds: Double) throws
    /// Lets the app run until `condition` holds, for at most `timeout`
    /// seconds; false when it never held.
    @discardableResult
    func waitUntil(timeout: Double, _ condition: () -> Bool) throws -> Bool
    /// The lines of the app's drawing now.
    var lines: [Line] { get }
    /// The window as the app presents it now (a frame is painted for it).
    func snapshot() throws -> FrameSnapshot?
}

/// What a case left behind, for its judgement.
struct CaseEvidence {
    /// The input batches the app received while the case ran, with the
    /// window's layout at its start (for `check`'s rows).
    var recording: Recording
    /// The drawing's lines before and after the case.
    var linesBefore: [Line]
    var linesAfter: [Line]
    /// Whether the back end grouped touch changes into frames itself
    /// (`EmulationBackend.groupsTouchChanges`).
    var touchChangesGrouped = false
    /// The selected line once the case ended.
    var selectedLine: Line?
    /// Whether the edit menu was shown once the case ended; nil: not known
    /// (a replayed recording has no window).
    var menuShown: Bool?
    /// The app's last presented buffer once the case ended; nil when no
    /// frame was presented (a replayed recording).
    var frame: FrameSnapshot?
}

/// The outcome of one case.
enum CaseOutcome: Equatable {
    case passed
    /// Each line says what went wrong.
    case failed([String])
    case skipped(reason: String)
}

/// A case run: its outcome, the `check` rows it judged, how long it took.
struct CaseResult {
    var id: String
    var rule: String
    var outcome: CaseOutcome
    var rows: [CompositorReport.Row]
    var seconds: Double
}
