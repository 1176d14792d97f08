import Canvas
import Decorations
import Instruments
import TouchCore
import TouchTrackerApp
import WaylandClient

/// Runs conformance cases against the app's live session, on the app's
/// one thread: the case's script sends requests through the back end, and
/// between them the runner turns the session's own loop (`runOnce`), so
/// the app receives, draws and presents exactly as in a normal run. What
/// the app received (each input batch, through `DocumentWindow.observeInput`)
/// and the pixels it presented (`Session.observePaintedFrames`) are kept per
/// case for its judgement.
final class ConformanceRunner: CaseDriver {
    /// How long the app gets, after a case's last input, to recognize what
    /// it was (a tap waits out the 0.35 s double-tap window) before the
    /// case is judged.
    static let settleTime = 0.6
    /// How long the runner waits for something the compositor should
    /// deliver at once (a capability, the pointer's first enter).
    static let deliveryTimeout = 3.0

    let session: Session
    let backend: EmulationBackend
    /// A compositor point is the window point plus this; found by `locateWindow`.
    var windowOffset: OutputPoint?
    /// Every batch the app received, in order.
    private let received: ReceivedBatches
    var batches: [Recording.Entry] { received.entries }
    /// Set while the runner waits for a frame to copy.
    private var wantsSnapshot = false
    private var snapshotTaken: FrameSnapshot?
    /// The drawing as the running case began (after its `setUp`).
    private var linesAtStart: [Line] = []
    /// What the running case pressed and has not let go.
    private var held = HeldInput()
    /// SIGINT, SIGTERM and SIGHUP, read on the session's loop while the
    /// runner turns it: the run stops at the next turn (`Stopped`), and
    /// what the case holds is let go before the command ends.
    private var signals: TerminationSignals?
    /// Whether one of them came.
    private(set) var stopRequested = false

    /// A termination signal came: the run stops here.
    struct Stopped: Error, CustomStringConvertible {
        var description: String { "stopped by a signal" }
    }

    init(session: Session, backend: EmulationBackend) {
        self.session = session
        self.backend = backend
        received = ReceivedBatches(session: session)
        signals = session.loop.watchTerminationSignals { [unowned self] in stopRequested = true }
        session.firstWindow.observeInput(received)
        session.firstWindow.observePaintedFrames { [unowned self] target in
            guard wantsSnapshot else { return }
            wantsSnapshot = false
            snapshotTaken = Self.copy(target, canvasOrigin: (session.firstWindow.canvas.frame.minX, session.firstWindow.canvas.frame.minY))
        }
    }

    private var now: Double { session.loop.timers.clock.now }

    // MARK: Running cases

    /// Runs `testCase`, judges it, and lets go of whatever it left held
    /// (a case skipped or failed midway), so the next case starts with no
    /// finger down, no button or key held.
    func run(_ testCase: ConformanceCase) -> CaseResult {
        var result = judgedRun(testCase)
        guard !held.isEmpty else { return result }
        do {
            try held.release(through: backend)
            // The releases reach the app now, not in the next case's input;
            // after a signal, the compositor has them and the run ends.
            if stopRequested { try backend.sync() } else { try wait(Self.settleTime) }
        } catch {
            let failure = "letting go of the input the case left held failed: \(error)"
            switch result.outcome {
            case .failed(let failures): result.outcome = .failed(failures + [failure])
            case .passed, .skipped: result.outcome = .failed([failure])
            }
        }
        return result
    }

    private func judgedRun(_ testCase: ConformanceCase) -> CaseResult {
        let started = now
        func result(_ outcome: CaseOutcome, rows: [CompositorReport.Row] = []) -> CaseResult {
            CaseResult(id: testCase.id, rule: testCase.rule, outcome: outcome, rows: rows, seconds: now - started)
        }
        for device in testCase.devices {
            if let reason = backend.unavailableReason(for: device) { return result(.skipped(reason: reason)) }
        }
        let firstBatch = batches.count
        let layout = session.firstWindow.layout
        linesAtStart = lines
        do {
            for device in testCase.devices {
                try backend.plug(device)
                try awaitCapability(device)
            }
            if windowOffset == nil { try locateWindow() }
            try testCase.drive(self)
            try wait(Self.settleTime)
        } catch let unavailable as EmulationUnavailable {
            return result(.skipped(reason: unavailable.reason))
        } catch {
            return result(.failed(["\(error)"]))
        }
        let evidence = CaseEvidence(recording: recording(of: batches[firstBatch...], layout: layout),
                                    linesBefore: linesAtStart, linesAfter: lines,
                                    touchChangesGrouped: backend.groupsTouchChanges,
                                    selectedLine: session.firstWindow.canvas.drawing.selectedLine,
                                    menuShown: session.firstWindow.window.menuController.isMenuVisible, frame: try? snapshot())
        let (rows, failures) = Self.judge(testCase, evidence)
        return result(failures.isEmpty ? .passed : .failed(failures), rows: rows)
    }

    /// The case's `check` rows and expectations on `evidence`: the rows it
    /// judged, and every failure. Pure, for the tests on recordings.
    static func judge(_ testCase: ConformanceCase, _ evidence: CaseEvidence)
        -> (rows: [CompositorReport.Row], failures: [String]) {
        let report = CompositorReport(evidence.recording, name: testCase.id)
        let rows = testCase.rows.map { report.row($0) }
        var failures: [String] = []
        for row in rows {
            switch row.result {
            case .fail:
                failures.append("\(row.id.title): \(row.evidence)")
            case .notSeen where testCase.mustSee.contains(row.id):
                failures.append("\(row.id.title): \(row.evidence)")
            case .pass, .warn, .notSeen:
                break
            }
        }
        return (rows, failures + testCase.expect(evidence))
    }

    /// A recording of `entries` alone, as `check` reads a file.
    private func recording(of entries: ArraySlice<Recording.Entry>, layout: WindowLayout) -> Recording {
        let seats = session.seats.seatVersions.map { Recording.Seat(name: $0.name, version: $0.version) }
        return Recording(madeOf: [Recording.Entry(time: 0, item: .window(layout), lineNumber: 0)] + Array(entries),
                         appVersion: Version.string, seats: seats, palmRejection: session.firstWindow.isPalmRejectionEnabled,
                         tool: session.firstWindow.canvas.tool)
    }

    /// Waits until the window is on screen: its first frame presented.
    func awaitWindow() throws {
        guard try snapshot() != nil else { throw EmulationFailure(description: "the app's window was never shown") }
    }

    // MARK: CaseDriver

    func touchDown(_ slot: Int, _ x: Double, _ y: Double) throws {
        try backend.touchDown(slot: slot, at: outputPoint(x, y))
        held.touchDown(slot)
    }
    func touchMotion(_ slot: Int, _ x: Double, _ y: Double) throws {
        try backend.touchMotion(slot: slot, to: outputPoint(x, y))
    }
    func touchUp(_ slot: Int) throws {
        try backend.touchUp(slot: slot)
        held.touchUp(slot)
    }
    func touchFrame() throws {
        try backend.touchFrame()
        try delivered()
    }
    func touchCancel() throws {
        try backend.touchCancel()
        held.touchCancelled()
        try delivered()
    }

    func pointerMotion(_ x: Double, _ y: Double) throws {
        try backend.pointerMotion(to: outputPoint(x, y))
        try backend.pointerFrame()
        try delivered()
    }
    func pointerButton(_ button: UInt32, pressed: Bool) throws {
        try backend.pointerButton(button, pressed: pressed)
        held.pointerButton(button, pressed: pressed)
        try backend.pointerFrame()
        try delivered()
    }
    func pointerWheel(_ axis: ScrollAxis, value120: Int32) throws {
        try backend.pointerWheel(axis, value120: value120)
        try backend.pointerFrame()
        try delivered()
    }

    func key(_ code: UInt32, pressed: Bool) throws {
        try backend.key(code, pressed: pressed)
        held.key(code, pressed: pressed)
        try delivered()
    }

    func tabletProximityIn(_ x: Double, _ y: Double) throws {
        try backend.tabletProximityIn(at: outputPoint(x, y))
        try backend.tabletFrame()
        try delivered()
    }
    func tabletDown() throws {
        try backend.tabletDown()
        try backend.tabletFrame()
        try delivered()
    }
    func tabletMotion(_ x: Double, _ y: Double, pressure: Double) throws {
        try backend.tabletMotion(to: outputPoint(x, y), pressure: pressure)
        try backend.tabletFrame()
        try delivered()
    }
    func tabletUp() throws {
        try backend.tabletUp()
        try backend.tabletFrame()
        try delivered()
    }
    func tabletProximityOut() throws {
        try backend.tabletProximityOut()
        try backend.tabletFrame()
        try delivered()
    }

    func plug(_ device: EmulatedDevice) throws {
        try backend.plug(device)
        try delivered()
    }
    func unplug(_ device: EmulatedDevice) throws {
        try backend.unplug(device)
        held.unplugged(device)
        try delivered()
    }
    func setOutputScale(_ scale: Double) throws {
        try backend.setOutputScale(scale)
        // The output's logical size changed, and the window may have moved.
        windowOffset = nil
        try delivered()
    }

    func wait(_ seconds: Double) throws {
        try backend.sync()
        let end = now + seconds
        repeat {
            try turnLoop(timeout: max(0, end - now))
        } while now < end
    }

    @discardableResult
    func waitUntil(timeout: Double, _ condition: () -> Bool) throws -> Bool {
        try backend.sync()
        let end = now + timeout
        while !condition() {
            guard now < end else { return false }
            try turnLoop(timeout: min(0.05, max(0, end - now)))
        }
        return true
    }

    var lines: [Line] { session.firstWindow.canvas.drawing.lines }

    func setUp(lines: [Line]) throws {
        let canvas = session.firstWindow.canvas
        _ = canvas.choose(.lines)
        canvas.drawing.clear()
        for line in lines { canvas.drawing.add(line) }
        canvas.window?.menuController.hideMenu()
        canvas.setNeedsDisplay()
        canvas.onChange?()
        try wait(0.05)
        linesAtStart = self.lines
    }

    /// The window as the app presents it now: a whole frame is painted and copied.
    func snapshot() throws -> FrameSnapshot? {
        snapshotTaken = nil
        wantsSnapshot = true
        session.firstWindow.toplevel.setNeedsDisplay()
        try waitUntil(timeout: Self.deliveryTimeout) { snapshotTaken != nil }
        wantsSnapshot = false
        return snapshotTaken
    }

    /// After each request that ends an event: the compositor has it, and the
    /// app reads what it sent (without sleeping).
    private func delivered() throws {
        try backend.sync()
        try turnLoop(timeout: 0)
    }

    /// One iteration of the session's loop; a session that ended (its
    /// window closed, Ctrl+Q) ends the run.
    private func turnLoop(timeout: Double) throws {
        guard session.firstWindow.ending == nil else { throw EmulationFailure(description: "the app's window was closed") }
        guard !stopRequested else { throw Stopped() }
        try session.loop.runOnce(timeout: timeout)
        if stopRequested { throw Stopped() }
    }

    /// Stops reading the signals (they stay blocked, for the session's quit).
    func close() {
        signals?.cancel()
        signals = nil
    }

    private static func copy(_ target: DrawTarget, canvasOrigin: (Double, Double)) -> FrameSnapshot {
        target.withPixels { data in
            var pixels = [UInt32](repeating: 0, count: target.width * target.height)
            for row in 0..<target.height {
                let source = data.advanced(by: row * target.stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<target.width { pixels[row * target.width + column] = source[column] }
            }
            return FrameSnapshot(pixels: pixels, width: target.width, height: target.height, scale: target.scale,
                                 canvasOrigin: canvasOrigin)
        }
    }
}
