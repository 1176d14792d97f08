import Document
import Instruments
import Timing

extension Session {
    /// How a session starts: the drawing it shows, the clock its timers
    /// read, what it writes besides the drawing, where it tells the user
    /// things. The app, `check --live`, the benchmarks and the tests each
    /// fill in what they need; the rest keeps the app's defaults.
    public struct Configuration {
        /// The drawing to show.
        public enum DrawingSource {
            /// The drawing at this path (see `Document.beginOpening(at:)`:
            /// the session refuses to start when another process has it
            /// open or it cannot be read).
            case path(String)
            /// A drawing whose opening has begun (and whose lock is taken).
            case opening(DocumentOpening)
        }

        public var drawing: DrawingSource
        public var clock: Clock
        /// The process environment: where emergency copies
        /// (`XDG_STATE_HOME`, `XDG_RUNTIME_DIR`, `HOME`) and exports
        /// (`HOME`) go.
        public var environment: [String: String]
        /// Receives one JSON line per input batch (`--log-input`).
        public var logInput: ((String) -> Void)?
        /// Receives one JSON line per decision of the core (`--trace`).
        public var trace: ((String) -> Void)?
        /// Where the session's input is written (`--record`).
        public var record: RecordingFile?
        /// Receives messages meant for the user (stderr in the app).
        public var report: (String) -> Void
        /// The settings file (`SettingsFile`); nil keeps the defaults and
        /// saves no settings.
        public var settingsPath: String?
        /// Files of at least this many bytes are opened in the background,
        /// after the window appears (`DocumentWindow.backgroundOpeningThreshold`).
        public var backgroundOpeningThreshold: Int
        /// Shows `check --live`'s guide over the canvas.
        public var showsCheckGuide: Bool

        public init(drawing: DrawingSource, clock: Clock, environment: [String: String] = Program.environment(),
                    logInput: ((String) -> Void)? = nil, trace: ((String) -> Void)? = nil,
                    record: RecordingFile? = nil, report: @escaping (String) -> Void, settingsPath: String? = nil,
                    backgroundOpeningThreshold: Int = DocumentWindow.backgroundOpeningThreshold,
                    showsCheckGuide: Bool = false) {
            self.drawing = drawing
            self.clock = clock
            self.environment = environment
            self.logInput = logInput
            self.trace = trace
            self.record = record
            self.report = report
            self.settingsPath = settingsPath
            self.backgroundOpeningThreshold = backgroundOpeningThreshold
            self.showsCheckGuide = showsCheckGuide
        }
    }
}
