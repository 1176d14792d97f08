import Glibc
@testable import Inspector
@testable import Instruments
import JSONLine
import Testing
import TestCompositor
import Timing
import TouchCore
@testable import WaylandClient
@testable import TouchTrackerApp

/// Input → on screen (`wp_presentation`) through the whole stack: the
/// scripted compositor presents the app's frames at fake refreshes on the
/// clock its event times are on, discards frames replaced before a latch,
/// or never answers; the app's `--log-input`, recording, `check` row and
/// inspector tell what happened.
@Suite struct PresentationEndToEndTests {
    /// The presentation lines of the log, in order.
    private func presentationLines(_ app: AppHarness) -> [String] {
        app.logLines.filter { $0.hasPrefix("{\"presentation\"") }
    }

    /// Presents the newest commit `delay` seconds from now on the fake clock.
    private func present(_ app: AppHarness, after delay: Double) throws {
        app.compositor.presentFrames(at: app.clock.now + delay)
        try app.settle()
    }

    @Test func eachFrameWithInputTellsWhenItReachedTheScreenFromItsOldestInput() throws {
        let app = try AppHarness(logInput: true)
        let downTime = app.time
        // The app commits the touch's frame at once (no frame outstanding:
        // the pacing rule's "at once"); the harness lets 10 ms pass, and
        // the compositor shows that frame 6 ms later.
        try app.down(1, 100, 100)
        try present(app, after: 0.006)
        let lines = presentationLines(app)
        #expect(lines.count == 1)
        #expect(lines.first == "{\"presentation\":\"presented\",\"inputTime\":\(downTime),\"clock\":1,"
                + "\"committed\":\(JSONValue.number(Double(downTime) / 1000).text),\"inputToCommit\":0,"
                + "\"paced\":\"at-once\",\"time\":\(Double(downTime) / 1000 + 0.016),\"refresh\":0.016667,\"flags\":[\"vsync\",\"hw_clock\"],"
                + "\"inputToPresented\":0.016}")
        try app.move(1, 140, 100)
        try present(app, after: 0.020)
        #expect(presentationLines(app).count == 2)
        #expect(presentationLines(app).last?.hasSuffix("\"inputToPresented\":0.03}") == true)
    }

    @Test func framesWithoutInputAskForNoFeedback() throws {
        let app = try AppHarness(logInput: true)
        try app.wait(0.5)
        try app.pointerEnter(50, 50)
        try present(app, after: 0.005)
        #expect(presentationLines(app).isEmpty, "neither a plain frame nor a hover that changes nothing is measured")
    }

    @Test func aMouseDragIsMeasuredToo() throws {
        let app = try AppHarness(logInput: true)
        try app.pointerEnter(100, 100)
        try app.pointerButton(0x110, pressed: true)
        try present(app, after: 0.004)
        try app.pointerMotion(150, 100)
        try present(app, after: 0.004)
        #expect(presentationLines(app).count == 2, "\(app.logLines)")
    }

    @Test func theInspectorShowsInputToOnScreenBesideInputToCommit() throws {
        let app = try AppHarness()
        app.session.firstWindow.toggleInspector()
        try app.down(1, 200, 150)
        try present(app, after: 0.004)
        for step in 1...4 {
            try app.move(1, 200 + Double(step) * 10, 150)
            try present(app, after: 0.004)
        }
        let statistics = app.session.firstWindow.inspector.model.presentation
        #expect(statistics.frames.count == 5)
        #expect(statistics.last == 0.014)
        #expect(statistics.discardedShare == 0)
    }

    @Test func aFrameReplacedBeforeTheLatchIsDiscardedAndCheckFailsMoreThanFivePercent() throws {
        let app = try AppHarness(logInput: true, record: true)
        try app.down(1, 100, 100)
        // No refresh took the down's frame: the motion's replaces it.
        try app.move(1, 120, 100)
        try present(app, after: 0.004)
        try app.up(1)
        try present(app, after: 0.004)
        let lines = presentationLines(app)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("{\"presentation\":\"discarded\"") == true)
        app.session.quit()
        let report = CompositorReport(try Recording.read(path: app.recordingPath), name: "test")
        let row = report.row(.presentation)
        #expect(row.result == .fail)
        #expect(row.evidence.hasPrefix("1 of 3 frames with input discarded"))
    }

    @Test func checkPassesWithTheFiguresWhenEveryFrameIsShown() throws {
        let app = try AppHarness(record: true)
        try app.down(1, 100, 100)
        try present(app, after: 0.006)
        try app.move(1, 140, 100)
        try present(app, after: 0.010)
        try app.up(1)
        try present(app, after: 0.006)
        app.session.quit()
        let row = CompositorReport(try Recording.read(path: app.recordingPath), name: "test").row(.presentation)
        #expect(row.result == .pass)
        // The harness's app draws at once, at the event's fake time.
        #expect(row.evidence == "median 16.0 ms, p99 20.0 ms over 3 frames; refresh 16.7 ms, vsync+hw_clock, "
                + "input → commit median 0.0 ms, p99 0.0 ms, latch-paced 0 of 3 frames; 0 of 3 frames with input discarded")
    }

    @Test func aCompositorThatNeverAnswersGetsAWarningAndTheAppGoesOn() throws {
        let app = try AppHarness(logInput: true, record: true)
        app.compositor.answersPresentationFeedback = false
        try app.stroke(from: Point(x: 50, y: 50), to: Point(x: 150, y: 80))
        try present(app, after: 0.005)
        #expect(presentationLines(app).isEmpty)
        #expect(app.canvas.drawing.count == 1, "the stroke is drawn all the same")
        app.session.quit()
        let recording = try Recording.read(path: app.recordingPath)
        #expect(recording.presentationOffered == true)
        let row = CompositorReport(recording, name: "test").row(.presentation)
        #expect(row.result == .warn)
        #expect(row.evidence.hasPrefix("the compositor offers wp_presentation but answered none of the feedback"))
    }

    /// sway 1.7 headless never answers (docs/compositors.md): the window
    /// stops asking after `unansweredFeedbackLimit` requests, so neither
    /// side keeps an object per frame for ever, the inspector says why it
    /// shows no figure, and asking resumes once the compositor answers.
    @Test func aCompositorThatNeverAnswersIsAskedOnlyUpToTheLimitAndTheInspectorSaysSo() throws {
        let app = try AppHarness()
        app.compositor.answersPresentationFeedback = false
        app.session.firstWindow.toggleInspector()
        try app.down(1, 100, 100)
        let limit = ToplevelWindow.unansweredFeedbackLimit
        for step in 1...(limit + 10) {
            try app.move(1, 100 + Double(step) * 4, 100)
            try present(app, after: 0.005)
        }
        #expect(app.compositor.presentationFeedbackRequests == limit)
        #expect(app.session.firstWindow.inspector.model.presentationUnanswered)
        app.compositor.answersPresentationFeedback = true
        try present(app, after: 0.005)
        try app.move(1, 300, 100)
        try present(app, after: 0.005)
        #expect(app.compositor.presentationFeedbackRequests == limit + 1, "asked again once answered")
        #expect(!app.session.firstWindow.inspector.model.presentationUnanswered)
        // The down and 15 moves asked for feedback; the 11 moves after
        // them were estimated from their frame callbacks.
        #expect(app.session.firstWindow.inspector.model.presentation.answeredCount == limit + 1)
        #expect(app.session.firstWindow.inspector.model.presentation.estimatedLatencies.count == 11)
    }

    @Test func aCompositorWithoutPresentationGetsAWarningThatSaysSo() throws {
        let app = try AppHarness(record: true, omittedGlobals: ["wp_presentation"])
        try app.stroke(from: Point(x: 50, y: 50), to: Point(x: 150, y: 80))
        #expect(app.canvas.drawing.count == 1)
        app.session.quit()
        let recording = try Recording.read(path: app.recordingPath)
        #expect(recording.presentationOffered == false)
        let row = CompositorReport(recording, name: "test").row(.presentation)
        #expect(row.result == .warn)
        #expect(row.evidence.hasPrefix("the compositor offers no wp_presentation"))
    }

    /// weston presents on `CLOCK_MONOTONIC_RAW` (4), its events on
    /// `CLOCK_MONOTONIC`: the app reads how far apart the two clocks are
    /// when the feedback comes and measures on `CLOCK_MONOTONIC`. (The
    /// scripted compositor's events and "raw" presentation times are on
    /// its fake clock, so it presents the machine's real difference of the
    /// two clocks earlier, which the app's translation adds back.)
    @Test func aRawMonotonicPresentationClockIsTranslated() throws {
        let app = try AppHarness(logInput: true, record: true, presentationClock: 4)
        try app.down(1, 100, 100)
        var raw = timespec(), monotonic = timespec()
        clock_gettime(CLOCK_MONOTONIC_RAW, &raw)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        let offset = Double(monotonic.tv_sec - raw.tv_sec) + Double(monotonic.tv_nsec - raw.tv_nsec) / 1e9
        try present(app, after: 0.006 - offset)
        let latency = try #require(app.session.firstWindow.presentation.last)
        #expect(abs(latency - 0.016) < 0.001, "\(latency)")
        #expect(presentationLines(app).first?.contains("\"clock\":4,") == true)
        #expect(presentationLines(app).first?.contains("\"toMonotonic\":") == true)
        app.session.quit()
        let row = CompositorReport(try Recording.read(path: app.recordingPath), name: "test").row(.presentation)
        #expect(row.result == .pass, "\(row.evidence)")
        #expect(row.evidence.contains("clock 4 translated to CLOCK_MONOTONIC"))
    }

    @Test func anotherPresentationClockWarnsInsteadOfShowingANumber() throws {
        let app = try AppHarness(logInput: true, record: true, presentationClock: 0)
        try app.down(1, 100, 100)
        try present(app, after: 0.006)
        try app.up(1)
        try present(app, after: 0.006)
        #expect(presentationLines(app).allSatisfy { !$0.contains("inputToPresented") })
        app.session.quit()
        let row = CompositorReport(try Recording.read(path: app.recordingPath), name: "test").row(.presentation)
        #expect(row.result == .warn)
        #expect(row.evidence.hasPrefix("presentation clock 0 is not CLOCK_MONOTONIC"))
    }
}
