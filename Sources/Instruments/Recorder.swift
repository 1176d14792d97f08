import Canvas
import Decorations
import Presentation
import Timing
import WaylandInput

/// Writes a session's input to a `RecordingFile` (`--record`), in the
/// format `RecordingFormat` describes.
///
/// Recording must not slow input down: batches are kept in memory as they
/// arrive (the values and the time, nothing formatted), and turned into
/// lines and written in one `write` when the loop goes idle, after the
/// frame is on its way. The file then holds everything up to the last
/// idle moment, so a crash loses at most one iteration's batches (and
/// leaves at worst a torn last line, which `replay` names).
///
/// The header names the seats, which the compositor names only after the
/// window exists: it is written at the first idle moment after a seat
/// reported its capabilities (they follow its name), or once
/// `headerDelay` passed without a seat (headless weston has none).
package final class Recorder {
    private let file: RecordingFile
    private let clock: Clock
    private let start: Double
    private let palmRejection: Bool
    private let tool: DrawingTool
    private let strokeStyle: StrokeStyle
    private let fingersNavigate: Bool
    private let viewport: CanvasViewport
    private let report: (String) -> Void
    /// Tells the `wl_seat` versions the header names (the session's `SeatManager`).
    private weak var seatVersionSource: SeatVersionSource?
    /// What happened since the last write, in order, with its time.
    private enum Entry {
        case batch(InputEvent, InputOrigin, seatVersion: UInt32?)
        case layout(WindowLayout)
        case drawing([Line])
        case presentation(FramePresentation)
        case end
    }
    private var pending: [(time: Double, entry: Entry)] = []
    /// The seats seen so far, with their versions, for the header.
    private var seats: [(name: String, version: UInt32)] = []
    private var headerWritten = false
    private var lastLayout: WindowLayout?
    /// Whether the compositor offers `wp_presentation`, for the header
    /// (the session sets it once the registry has been read).
    package var presentationOffered: Bool?
    /// The modern globals the compositor offers, for the header (set with
    /// `presentationOffered`).
    package var protocolsOffered: [OfferedProtocol]?
    /// Set when a write failed: the recording stops, the session goes on.
    private var failed = false

    /// The app's version (`Version`), for the header.
    private let appVersion: String

    package init(file: RecordingFile, clock: Clock, appVersion: String, seats: SeatVersionSource, palmRejection: Bool,
         tool: DrawingTool,
         strokeStyle: StrokeStyle = .standard, fingersNavigate: Bool = false,
         viewport: CanvasViewport = .actualSize, report: @escaping (String) -> Void) {
        self.file = file
        self.clock = clock
        self.appVersion = appVersion
        seatVersionSource = seats
        start = clock.now
        self.palmRejection = palmRejection
        self.tool = tool
        self.strokeStyle = strokeStyle
        self.fingersNavigate = fingersNavigate
        self.viewport = viewport
        self.report = report
    }

    private var now: Double { clock.now - start }

    /// How long the header waits for a seat to report, in seconds: seats
    /// come within the first roundtrips, and a crash soon after the start
    /// must still leave a recording on disk.
    static let headerDelay = 1.0

    package func record(_ event: InputEvent, origin: InputOrigin, seatVersion: UInt32?) {
        if case .seatCapabilities(let seat, _, _, _) = event, let seatVersion,
           !seats.contains(where: { $0.name == seat }) {
            seats.append((seat, seatVersion))
        }
        append(.batch(event, origin, seatVersion: seatVersion))
    }

    /// The drawing is open with these lines: what a replay starts from.
    package func record(drawingOpened lines: [Line]) {
        append(.drawing(lines))
    }

    /// Records the window's layout when it changed.
    package func record(_ layout: WindowLayout) {
        guard layout != lastLayout else { return }
        lastLayout = layout
        append(.layout(layout))
    }

    /// Records what became of a frame that carried input.
    package func record(_ presentation: FramePresentation) {
        append(.presentation(presentation))
    }

    private func append(_ entry: Entry) {
        guard !failed else { return }
        pending.append((now, entry))
    }

    /// Writes what is buffered (once the header can be written).
    package func flush() {
        guard !failed, !pending.isEmpty, headerWritten || !seats.isEmpty || now >= Self.headerDelay else { return }
        write()
    }

    /// The session ended: the end line, everything buffered, and the file closed.
    package func finish() {
        append(.end)
        if !failed { write() }
        file.close()
    }

    private func write() {
        var bytes: [UInt8] = []
        if !headerWritten {
            bytes = Array((RecordingFormat.header(appVersion: appVersion, seats: seats, palmRejection: palmRejection, tool: tool,
                                                          strokeStyle: strokeStyle,
                                                          fingersNavigate: fingersNavigate,
                                                          viewport: viewport,
                                                          presentationOffered: presentationOffered,
                                                          protocolsOffered: protocolsOffered) + "\n").utf8)
            headerWritten = true
        }
        for (time, entry) in pending {
            let line: String
            switch entry {
            case .batch(let event, let origin, let seatVersion):
                line = RecordingFormat.line(event, origin: origin, seatVersion: seatVersion, at: time)
            case .layout(let layout): line = RecordingFormat.line(layout, at: time)
            case .drawing(let lines): line = RecordingFormat.line(drawing: lines, at: time)
            case .presentation(let presentation): line = RecordingFormat.line(presentation, at: time)
            case .end: line = RecordingFormat.endLine(at: time)
            }
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        pending.removeAll(keepingCapacity: true)
        if let error = file.write(bytes) {
            failed = true
            report("recording to \(file.path) stopped: \(error)")
        }
    }
}

extension Recorder {
    /// Records the batch; a seat's capabilities with the seat's `wl_seat`
    /// version (what the seat may send depends on it). The window's
    /// `InputObserver` (`Recorder+InputObserver`, in the app).
    package func observe(_ event: InputEvent, origin: InputOrigin) {
        var seatVersion: UInt32?
        if case .seatCapabilities(let seat, _, _, _) = event {
            seatVersion = seatVersionSource?.seatVersions.first { $0.name == seat }?.version
        }
        record(event, origin: origin, seatVersion: seatVersion)
    }
}
