import Canvas
import Timing
import WaylandClient

/// Writes a session's input to a `RecordingFile` (`--record`), in the
/// format `RecordingFormat` describes.
///
/// Recording must not slow input down: lines are kept in memory as batches
/// arrive and written in one `write` when the loop goes idle, after the
/// frame is on its way. The file then holds everything up to the last
/// idle moment, so a crash loses at most one iteration's batches (and
/// leaves at worst a torn last line, which `replay` names).
///
/// The header names the seats, which the compositor names only after the
/// window exists: it is written at the first idle moment after a seat
/// reported its capabilities (they follow its name), or once
/// `headerDelay` passed without a seat (headless weston has none).
final class Recorder {
    private let file: RecordingFile
    private let clock: Clock
    private let start: Double
    private let palmRejection: Bool
    private let report: (String) -> Void
    private var buffer: [UInt8] = []
    /// The seats seen so far, with their versions, for the header.
    private var seats: [(name: String, version: UInt32)] = []
    private var headerWritten = false
    private var lastLayout: WindowLayout?
    /// Set when a write failed: the recording stops, the session goes on.
    private var failed = false

    init(file: RecordingFile, clock: Clock, palmRejection: Bool, report: @escaping (String) -> Void) {
        self.file = file
        self.clock = clock
        start = clock.now
        self.palmRejection = palmRejection
        self.report = report
    }

    private var now: Double { clock.now - start }

    /// How long the header waits for a seat to report, in seconds: seats
    /// come within the first roundtrips, and a crash soon after the start
    /// must still leave a recording on disk.
    static let headerDelay = 1.0

    func record(_ event: InputEvent, origin: InputOrigin, seatVersion: UInt32?) {
        if case .seatCapabilities(let seat, _, _, _) = event, let seatVersion,
           !seats.contains(where: { $0.name == seat }) {
            seats.append((seat, seatVersion))
        }
        append(RecordingFormat.line(event, origin: origin, seatVersion: seatVersion, at: now))
    }

    /// The drawing is open with these lines: what a replay starts from.
    func record(drawingOpened lines: [Line]) {
        append(RecordingFormat.line(drawing: lines, at: now))
    }

    /// Records the window's layout when it changed.
    func record(_ layout: WindowLayout) {
        guard layout != lastLayout else { return }
        lastLayout = layout
        append(RecordingFormat.line(layout, at: now))
    }

    private func append(_ line: String) {
        guard !failed else { return }
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Writes what is buffered (once the header can be written).
    func flush() {
        guard !failed, !buffer.isEmpty, headerWritten || !seats.isEmpty || now >= Self.headerDelay else { return }
        write()
    }

    /// The session ended: the end line, everything buffered, and the file closed.
    func finish() {
        append(RecordingFormat.endLine(at: now))
        if !failed { write() }
        file.close()
    }

    private func write() {
        var bytes: [UInt8] = []
        if !headerWritten {
            bytes = Array((RecordingFormat.header(seats: seats, palmRejection: palmRejection) + "\n").utf8)
            headerWritten = true
        }
        bytes += buffer
        buffer = []
        if let error = file.write(bytes) {
            failed = true
            report("recording to \(file.path) stopped: \(error)")
        }
    }
}
