@testable import Inspector
@testable import Instruments
@testable import Render
import Testing
import TestSupport
import Presentation
import TouchCore
@testable import WaylandClient
@testable import TouchTrackerApp

/// Input → on screen where the compositor gives no presentation feedback
/// (KWin 5.27 offers no `wp_presentation`; sway 1.7 headless answers none):
/// the frame callback of each commit with input gives an estimate, which
/// `--log-input` and the recording carry as `composited` lines, the
/// inspector shows as an estimate and `check` gives in its warning.
///
/// The harness sends an event, lets 10 ms pass, then sends the pending
/// frame callback's `done` (`AppHarness.send`).
@Suite struct FrameCallbackEstimateEndToEndTests {
    private func compositedLines(_ app: AppHarness) -> [String] {
        app.logLines.filter { $0.hasPrefix("{\"presentation\":\"composited\"") }
    }

    @Test func withoutPresentationEachFrameWithInputIsEstimatedFromItsFrameCallback() throws {
        let app = try AppHarness(logInput: true, record: true, omittedGlobals: ["wp_presentation"])
        let downTime = app.time
        // The down is committed at once and its callback done 10 ms later.
        try app.down(1, 100, 100)
        #expect(compositedLines(app).count == 1)
        let first = try #require(compositedLines(app).first)
        #expect(first.hasPrefix("{\"presentation\":\"composited\",\"inputTime\":\(downTime),\"clock\":1,"))
        #expect(first.hasSuffix(",\"inputToComposited\":0.01}"), "\(first)")
        // The callback was done before the move came: it is committed at
        // once too, and its callback done 10 ms later.
        try app.move(1, 140, 100)
        #expect(compositedLines(app).count == 2)
        #expect(compositedLines(app).last?.contains("\"inputToCommit\":0,") == true)
        #expect(compositedLines(app).last?.hasSuffix(",\"inputToComposited\":0.01}") == true)
        #expect(!app.logLines.contains { $0.contains("\"presented\"") }, "never taken for a presentation")
        // A lift whose frame waits: its callback is done 25 ms after it.
        app.seat.touchUp(id: 1, time: app.time)
        app.seat.touchFrame()
        try app.settle()
        app.advance(by: 0.025)
        try app.frame()
        #expect(compositedLines(app).last?.hasSuffix(",\"inputToComposited\":0.025}") == true)
        app.session.quit()

        let recording = try Recording.read(path: app.recordingPath)
        let frames = recording.entries.compactMap { entry -> FramePresentation? in
            if case .presentation(let frame) = entry.item { return frame }
            return nil
        }
        #expect(frames.count == 3 && frames.allSatisfy(\.isComposited), "the recording has the composited lines")
        let row = CompositorReport(recording, name: "test").row(.presentation)
        #expect(row.result == .warn, "no feedback is still a warning")
        #expect(row.evidence.hasPrefix("the compositor offers no wp_presentation: nothing tells when the frames of "))
        #expect(row.evidence.hasSuffix("; estimated from frame callbacks: median 10.0 ms, p99 25.0 ms over 3 frames, "
                                       + "input → commit median 0.0 ms, p99 0.0 ms"), "\(row.evidence)")
    }

    /// sway 1.7 headless: once the window stops asking for the feedback
    /// the compositor leaves unanswered, the frame callbacks estimate.
    @Test func aCompositorThatNeverAnswersIsEstimatedOnceTheWindowStopsAsking() throws {
        let app = try AppHarness(logInput: true, record: true)
        app.compositor.answersPresentationFeedback = false
        try app.down(1, 100, 100)
        let limit = ToplevelWindow.unansweredFeedbackLimit
        for step in 1...(limit + 4) { try app.move(1, 100 + Double(step) * 4, 100) }
        // The down and 15 moves asked; the other 5 moves are estimated.
        #expect(compositedLines(app).count == 5)
        app.session.quit()
        let row = CompositorReport(try Recording.read(path: app.recordingPath), name: "test").row(.presentation)
        #expect(row.result == .warn)
        #expect(row.evidence.hasPrefix("the compositor offers wp_presentation but answered none of the feedback"))
        #expect(row.evidence.contains("; estimated from frame callbacks: median "), "\(row.evidence)")
        #expect(row.evidence.contains(" over 5 frames, input → commit median "), "\(row.evidence)")
    }

    /// KWin 5.27 stamps events with `CLOCK_REALTIME`'s milliseconds, not
    /// the app's clock: the estimate starts when the app received the
    /// input, and says so.
    @Test func eventTimesOnAnotherClockAreEstimatedFromTheirReceipt() throws {
        let app = try AppHarness(logInput: true, record: true, omittedGlobals: ["wp_presentation"])
        app.session.firstWindow.toggleInspector()
        let wallClock: UInt32 = 864_278_809
        for (index, x) in [100.0, 120, 140].enumerated() {
            if index == 0 {
                app.seat.touchDown(on: app.surface.resource, id: 1, x: x, y: 100, time: app.time &+ wallClock)
            } else {
                app.seat.touchMotion(id: 1, x: x, y: 100, time: app.time &+ wallClock)
            }
            app.seat.touchFrame()
            try app.settle()
            app.advance(by: 0.01)
            try app.frame()
        }
        let line = try #require(compositedLines(app).first)
        #expect(!line.contains("inputToComposited"), "the event times say nothing")
        #expect(line.contains("\"received\":"))
        let statistics = app.session.firstWindow.inspector.model.presentation
        #expect(statistics.estimatesFromReceipt == statistics.estimatedLatencies.count)
        #expect(!statistics.estimatedLatencies.isEmpty)
        #expect(InspectorPainter.presentationLines(app.session.firstWindow.inspector.model).value.hasSuffix("ms, from receipt"))
        app.session.quit()
        let row = CompositorReport(try Recording.read(path: app.recordingPath), name: "test").row(.presentation)
        #expect(row.result == .warn)
        #expect(row.evidence.contains(" from the app's receipt of the input: the event times are not on its clock)"),
                "\(row.evidence)")
    }

    /// The inspector shows the estimate where it shows input → on screen,
    /// labelled as one: its text, and the pixels the window presents.
    @Test func theInspectorShowsTheEstimateLabelledAsOne() throws {
        // A line in a corner: the reference is the panel over white paper,
        // without an empty drawing's page.
        let app = try AppHarness(lines: [line(390, 290, 395, 290)], omittedGlobals: ["wp_presentation"])
        try app.focusKeyboard()
        // F12 changes what is drawn: its frame is the first estimated.
        try app.press(EvdevKey.f12)
        try app.down(1, 300, 300)
        for step in 1...3 { try app.move(1, 300 + Double(step) * 10, 300) }
        try app.up(1)
        let model = app.session.firstWindow.inspector.model
        let lines = InspectorPainter.presentationLines(model)
        #expect(lines.heading == "≈ on screen, callbacks: no wp_presentation")
        // Each frame is committed at once and its callback done 10 ms
        // later: F12's, the down's, three moves' and the lift's.
        #expect(lines.value == "last 10ms median 10ms p99 10ms of 6")
        // Its histogram takes the place of input → presented's.
        #expect(InspectorChartsPainter.histogramTitles(model)[1] == "≈ input → composited")
        #expect(model.currentHistograms[1].count == 6)
        // The window shows the value: its pixels where it goes are the
        // pixels the painter gives it. (Not the heading's line, which the
        // latency's descenders above may reach.)
        // The panel catches up with what came after the last input at a
        // refresh with no input since the one before.
        try app.wait(2 * InspectorOverlay.refreshInterval + 0.05)
        #expect(app.session.firstWindow.inspector.model.presentation == model.presentation, "nothing new since")
        let overlay = app.session.firstWindow.inspector
        let layout = InspectorPainter.arrangement(model, canvasFrame: overlay.canvasFrame).text
        let commit = app.presented
        let scale = Double(app.scale)
        let reference = OwnedPixelBuffer(width: Int(commit.bufferWidth), height: Int(commit.bufferHeight), scale: scale)
        // The panel is translucent over the paper.
        reference.buffer.data.initializeMemory(as: UInt32.self, repeating: Colour.white,
                                               count: reference.buffer.stride / 4 * reference.buffer.height)
        InspectorPainter.paint(model, now: app.clock.now, canvasFrame: overlay.canvasFrame, into: reference.buffer,
                               damage: [layout.presentation])
        var differing = 0, text = 0
        let area = Rect(x: layout.presentation.minX, y: layout.presentation.minY + PanelStyle.lineHeight,
                        width: layout.presentation.width, height: PanelStyle.lineHeight)
        for y in Int(area.minY * scale)..<Int(area.maxY * scale) {
            for x in Int(area.minX * scale)..<Int(area.maxX * scale) {
                let expected = reference.buffer.data.load(fromByteOffset: y * reference.buffer.stride + x * 4,
                                                          as: UInt32.self)
                if commit.pixel(x: x, y: y) != expected { differing += 1 }
                if (expected >> 16) & 0xFF > 0x80 { text += 1 }
            }
        }
        #expect(differing == 0, "the presented lines are the estimate's")
        #expect(text > Int(60 * scale * scale), "the line has text")
    }
}
