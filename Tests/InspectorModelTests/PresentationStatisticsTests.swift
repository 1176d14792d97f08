import InspectorModel
import Testing
import Presentation
import TouchCore

/// `PresentationStatistics` and `FramePresentation`: input → on screen over
/// the last frames with input, read on the clock the compositor names.
@Suite struct PresentationStatisticsTests {
    private func shown(input: UInt32, at time: Double, clock: UInt32 = FramePresentation.monotonicClock)
        -> FramePresentation {
        FramePresentation(outcome: .presented(time: time, refresh: 1.0 / 60, flags: [.vsync]),
                          oldestInputTime: input, clock: clock)
    }

    private func discarded(input: UInt32) -> FramePresentation {
        FramePresentation(outcome: .discarded, oldestInputTime: input, clock: FramePresentation.monotonicClock)
    }

    @Test func latencyIsFromTheOldestInputToTheScreenInTheEventsWrappingMilliseconds() {
        #expect(shown(input: 1000, at: 1.0255).inputToPresented == 0.0255)
        // Event times are 32-bit milliseconds that wrap every 49.7 days.
        let wrapped = shown(input: UInt32.max - 4, at: Double(UInt64(UInt32.max) + 1) / 1000 + 0.005)
        #expect(abs(wrapped.inputToPresented! - 0.010) < 1e-9)
        #expect(discarded(input: 1000).inputToPresented == nil)
        #expect(shown(input: 1000, at: 1.02, clock: 0).inputToPresented == nil, "another clock says nothing")
        #expect(shown(input: 5000, at: 1.0).inputToPresented == nil, "shown before its input: not our clock")
        #expect(shown(input: 0, at: 3600).inputToPresented == nil, "an hour: not our clock")
    }

    @Test func itSummarizesTheLastFramesWithTheirMedianP99AndDiscardedShare() {
        var statistics = PresentationStatistics(capacity: 4)
        #expect(statistics.median == nil && statistics.discardedShare == 0)
        statistics.add(shown(input: 1000, at: 1.030))
        statistics.add(discarded(input: 1010))
        statistics.add(shown(input: 1020, at: 1.040))
        statistics.add(shown(input: 1030, at: 1.080))
        #expect(statistics.latencies == [0.030, 0.020, 0.050])
        #expect(statistics.last == 0.050)
        #expect(statistics.median == 0.030)
        #expect(statistics.p99 == 0.050)
        #expect(statistics.discardedShare == 0.25)
        // The oldest leaves as a fifth comes.
        statistics.add(shown(input: 1040, at: 1.050))
        #expect(statistics.frames.count == 4)
        #expect(statistics.latencies == [0.020, 0.050, 0.010])
        #expect(statistics.discardedShare == 0.25)
        #expect(statistics.lastPresented?.flags == [.vsync])
    }

    @Test func framesOnAnotherClockAreCountedNotMeasured() {
        var statistics = PresentationStatistics()
        statistics.add(shown(input: 1000, at: 1.03, clock: 0))
        #expect(statistics.latencies.isEmpty)
        #expect(statistics.unrelatedClockFrames == 1)
        #expect(statistics.clock == 0)
    }

    private func composited(input: UInt32, at time: Double) -> FramePresentation {
        FramePresentation(outcome: .composited(time: time), oldestInputTime: input,
                          clock: FramePresentation.monotonicClock)
    }

    @Test func aFrameCallbackGivesAnEstimateThatIsNeverAPresentation() {
        let frame = composited(input: 1000, at: 1.0185)
        #expect(frame.inputToComposited == 0.0185)
        #expect(frame.inputToPresented == nil, "composited is not presented")
        #expect(frame.isComposited && !frame.isDiscarded)
        #expect(shown(input: 1000, at: 1.02).inputToComposited == nil)
        #expect(composited(input: 5000, at: 1.0).inputToComposited == nil, "before its input: not our clock")
    }

    /// Event times on another clock (KWin's): the estimate starts at the
    /// app's receipt of the input, and only then.
    @Test func onAnotherClockTheEstimateStartsAtTheReceipt() {
        var frame = FramePresentation(outcome: .composited(time: 2.030), oldestInputTime: 864_278_809,
                                      clock: FramePresentation.monotonicClock, received: 2.012)
        #expect(frame.inputToComposited == nil)
        #expect(abs(frame.receiptToComposited! - 0.018) < 1e-9)
        var statistics = PresentationStatistics()
        statistics.add(frame)
        #expect(statistics.estimatesFromReceipt == 1 && statistics.estimatedLatencies.count == 1)
        frame.oldestInputTime = 2_000
        #expect(abs(frame.inputToComposited! - 0.030) < 1e-9 && frame.receiptToComposited == nil,
                "event times first")
        frame.received = nil
        frame.oldestInputTime = 864_278_809
        #expect(frame.receiptToComposited == nil)
    }

    /// Without feedback (no wp_presentation, or none answered) the frame
    /// callbacks' estimate is summed up apart: the presented figures and
    /// the discarded share stay those of the frames the compositor answered.
    @Test func estimatesAreKeptApartFromPresentedFramesAndLeaveOldestFirst() {
        var statistics = PresentationStatistics(capacity: 4)
        statistics.add(shown(input: 1000, at: 1.030))
        statistics.add(discarded(input: 1010))
        #expect(!statistics.showsEstimate)
        for (index, latency) in [0.016, 0.033, 0.017].enumerated() {
            let input = 1100 + UInt32(index) * 10
            statistics.add(composited(input: input, at: Double(input) / 1000 + latency))
        }
        // Four kept: the presented frame left first.
        #expect(statistics.frames.count == 4)
        #expect(statistics.latencies.isEmpty && statistics.median == nil)
        #expect(statistics.estimatedLatencies == [0.016, 0.033, 0.017])
        #expect(statistics.estimatedLast == 0.017)
        #expect(statistics.estimatedMedian == 0.017)
        #expect(statistics.estimatedP99 == 0.033)
        #expect(statistics.showsEstimate)
        #expect(statistics.answeredCount == 1)
        #expect(statistics.discardedShare == 1, "of the frames the compositor answered")
        #expect(statistics.clock == FramePresentation.monotonicClock)
        statistics.add(composited(input: 1200, at: 1.220))
        #expect(statistics.estimatedLatencies == [0.016, 0.033, 0.017, 0.020])
        #expect(statistics.answeredCount == 0 && statistics.discardedShare == 0)
        statistics.add(composited(input: 1300, at: 1.310))
        #expect(statistics.estimatedLatencies == [0.033, 0.017, 0.020, 0.010])
        statistics.add(shown(input: 1400, at: 1.425))
        #expect(!statistics.showsEstimate, "feedback again: the measurement shows")
        #expect(statistics.latencies == [0.025])
    }
}
