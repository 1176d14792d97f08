@testable import Instruments
import Testing
import TestCompositor
import Presentation
import TouchCore
@testable import TouchTrackerApp

/// Whether commit for the latch engaged, as a recording and `--log-input`
/// tell it afterwards: every frame with input says how it was paced, and
/// `check`'s presentation row counts them. The drag is
/// `LatchPacingEndToEndTests`' (the scripted compositor's fake 60 Hz latch,
/// a finger moving every 8 ms).
@Suite struct LatchPacingRecordEndToEndTests {
    private func pacings(in recording: Recording) -> [FramePresentation.Pacing?] {
        recording.entries.compactMap {
            if case .presentation(let frame) = $0.item { frame.pacing } else { nil }
        }
    }

    @Test func framesDrawnForThePredictedLatchAreRecordedAsLatchPaced() throws {
        let app = try AppHarness(logInput: true, record: true)
        _ = try LatchPacingEndToEndTests().drag(app, motions: 120)
        #expect(app.session.firstWindow.toplevel.pacesInputForLatch)
        app.session.quit()
        let recording = try Recording.read(path: app.recordingPath)
        let paced = pacings(in: recording)
        #expect(!paced.contains(nil), "every frame says how it was paced")
        // The first frame at once (nothing outstanding, no grid yet), then
        // paced by frame callbacks until the feedback shows the grid, then
        // for the latch.
        #expect(paced.first == .atOnce)
        #expect(paced.suffix(30).allSatisfy { $0 == .latch }, "\(paced)")
        let latch = paced.count { $0 == .latch }
        let logged = app.logLines.filter { $0.hasPrefix("{\"presentation\"") }
        #expect(logged.count { $0.contains("\"paced\":\"latch\"") } == latch)
        let atOnce = paced.count { $0 == .atOnce }
        #expect(logged.count { $0.contains("\"paced\":\"at-once\"") } == atOnce)
        #expect(logged.count { $0.contains("\"paced\":\"frame-callback\"") } == paced.count - latch - atOnce)

        let row = CompositorReport(recording, name: "test").row(.presentation)
        #expect(row.result == .pass)
        // Both pacings occurred: each one's figures, the latch's shorter.
        let split = try #require(row.evidence.firstMatch(of: #/latch-paced (\d+) of (\d+) frames \(latch median ([\d.]+) ms, p99 [\d.]+ ms; frame callback median ([\d.]+) ms, p99 [\d.]+ ms[;)]/#),
                                 "\(row.evidence)")
        #expect(Int(split.1) == latch && Int(split.2) == paced.count)
        #expect(Double(split.3)! < Double(split.4)!, "\(row.evidence)")
    }

    @Test func framesPacedByFrameCallbacksAreRecordedSoEvenWhenTheLatchIsPredicted() throws {
        // `--frame-callback-pacing`.
        let app = try AppHarness(logInput: true, record: true)
        app.session.firstWindow.toplevel.allowsLatchPacing = false
        _ = try LatchPacingEndToEndTests().drag(app, motions: 120)
        #expect(app.session.firstWindow.toplevel.latchPredictor.period != nil, "the latch is predicted, and not aimed at")
        app.session.quit()
        let recording = try Recording.read(path: app.recordingPath)
        let paced = pacings(in: recording)
        #expect(!paced.isEmpty && paced.allSatisfy { $0 == .frameCallback })
        #expect(!app.logLines.contains { $0.contains("\"paced\":\"latch\"") })
        let row = CompositorReport(recording, name: "test").row(.presentation)
        #expect(row.result == .pass)
        #expect(row.evidence.contains("latch-paced 0 of \(paced.count) frames;"), "\(row.evidence)")
        #expect(!row.evidence.contains("latch median"))
    }
}
