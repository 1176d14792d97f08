import Testing
@testable import Presentation

/// Predicting the compositor's next latch from presentation feedback, on
/// fake times: a steady grid, a missed frame, a refresh change, jitter, a
/// late commit that teaches the lead, and no feedback at all.
@Suite struct LatchPredictorTests {
    static let refresh = 1.0 / 60

    /// A predictor that saw frames presented at `times` (each committed
    /// 2 ms before) and drew each in 2 ms.
    private func predictor(presentedAt times: [Double], refresh: Double = refresh) -> LatchPredictor {
        var predictor = LatchPredictor()
        for time in times {
            predictor.rendered(taking: 0.002)
            predictor.presented(at: time, refresh: refresh, committed: time - 0.002, vsync: true)
        }
        return predictor
    }

    private func grid(_ count: Int, from start: Double = 10, refresh: Double = refresh) -> [Double] {
        (0..<count).map { start + Double($0) * refresh }
    }

    @Test func withoutFeedbackNothingIsPredicted() {
        var predictor = LatchPredictor()
        #expect(predictor.nextLatch(now: 10) == nil)
        predictor.rendered(taking: 0.002)
        #expect(predictor.nextLatch(now: 10) == nil, "render times alone say nothing of the compositor")
        predictor.presented(at: 10, refresh: Self.refresh, committed: 9.99, vsync: true)
        predictor.presented(at: 10 + Self.refresh, refresh: Self.refresh, committed: 10.01, vsync: true)
        #expect(predictor.nextLatch(now: 10.02) == nil, "two presentations do not make a grid yet")
    }

    @Test func aSteady60HzGridPredictsTheNextRefreshLessTheRenderMargin() throws {
        let times = grid(4)
        let predictor = predictor(presentedAt: times)
        let latch = try #require(predictor.nextLatch(now: times[3] + 0.001))
        #expect(abs(latch.presentation - (times[3] + Self.refresh)) < 1e-9)
        #expect(abs(latch.latch - latch.presentation) < 1e-9, "commits made just before a presentation were taken")
        #expect(abs(latch.deadline - (latch.latch - 0.003)) < 1e-9, "2 ms of drawing and 1 ms to spare")
        let tooLate = try #require(predictor.nextLatch(now: times[3] + Self.refresh - 0.002))
        #expect(abs(tooLate.presentation - (times[3] + 2 * Self.refresh)) < 1e-9,
                "past the deadline, the refresh after is aimed at")
    }

    @Test func oneInputFramePerRefresh() throws {
        let times = grid(4)
        let predictor = predictor(presentedAt: times)
        let first = try #require(predictor.nextLatch(now: times[3] + 0.001))
        let second = try #require(predictor.nextLatch(now: times[3] + 0.002, after: first.latch))
        #expect(abs(second.presentation - first.presentation - Self.refresh) < 1e-9)
    }

    @Test func aMissedFrameKeepsTheGrid() throws {
        // Nothing was presented at the fourth refresh.
        let times = grid(3) + [10 + 4 * Self.refresh]
        let predictor = predictor(presentedAt: times)
        let latch = try #require(predictor.nextLatch(now: times[3] + 0.001))
        #expect(abs(latch.presentation - (10 + 5 * Self.refresh)) < 1e-9)
    }

    @Test func aRefreshChangeStartsANewGrid() throws {
        let slow = grid(4)
        let fastRefresh = 1.0 / 144
        let fast = grid(2, from: slow[3] + 0.005, refresh: fastRefresh)
        var predictor = predictor(presentedAt: slow)
        for time in fast { predictor.presented(at: time, refresh: fastRefresh, committed: time - 0.002, vsync: true) }
        #expect(predictor.nextLatch(now: fast[1] + 0.001) == nil, "two presentations at 144 Hz are not a grid yet")
        predictor.presented(at: fast[1] + fastRefresh, refresh: fastRefresh, committed: fast[1], vsync: true)
        let latch = try #require(predictor.nextLatch(now: fast[1] + fastRefresh + 0.0005))
        #expect(abs(latch.presentation - (fast[1] + 2 * fastRefresh)) < 1e-9)
        #expect(predictor.refresh == fastRefresh)
    }

    @Test func aVariableRefreshPredictsNothing() {
        var predictor = predictor(presentedAt: grid(4))
        predictor.presented(at: 11, refresh: nil, committed: 10.99, vsync: true)
        #expect(predictor.nextLatch(now: 11.001) == nil)
    }

    @Test func jitterIsAveragedOut() throws {
        let jitter = [0.0004, -0.0005, 0.0003, -0.0002, 0.0005, -0.0004, 0.0001, -0.0002]
        let times = zip(grid(8), jitter).map { $0 + $1 }
        let predictor = predictor(presentedAt: times)
        let latch = try #require(predictor.nextLatch(now: times[7] + 0.001))
        let truth = 10 + 8 * Self.refresh
        #expect(abs(latch.presentation - truth) < 0.0002, "within 0.2 ms of the true grid, \(latch.presentation - truth)")
    }

    @Test func aCommitThatMissedItsLatchTeachesTheLead() throws {
        let times = grid(4)
        var predictor = predictor(presentedAt: times)
        #expect(predictor.latchLead == 0)
        // Committed 3 ms before the fifth refresh, shown only at the sixth:
        // the compositor stops taking commits more than 3 ms before.
        let fifth = 10 + 4 * Self.refresh
        predictor.presented(at: fifth + Self.refresh, refresh: Self.refresh, committed: fifth - 0.003, vsync: true)
        #expect(abs(predictor.latchLead - 0.003) < 1e-9)
        let latch = try #require(predictor.nextLatch(now: fifth + Self.refresh + 0.001))
        #expect(abs(latch.deadline - (latch.presentation - 0.003 - 0.003)) < 1e-9, "lead, then the render margin")
    }

    @Test func oneSkippedRepaintDoesNotMoveTheAim() throws {
        // Every frame committed 1 ms after the latch 3 ms before its
        // refresh is shown a refresh later; then one was shown two refreshes
        // after its commit, as when the compositor skips a repaint.
        var predictor = predictor(presentedAt: grid(4))
        var refreshIndex = 4.0
        for _ in 0..<8 {
            let intended = 10 + refreshIndex * Self.refresh
            predictor.presented(at: intended + Self.refresh, refresh: Self.refresh, committed: intended - 0.002, vsync: true)
            refreshIndex += 1
        }
        #expect(abs(predictor.latchLead - 0.002) < 1e-9)
        let intended = 10 + refreshIndex * Self.refresh
        predictor.presented(at: intended + 2 * Self.refresh, refresh: Self.refresh, committed: intended - 0.002, vsync: true)
        #expect(abs(predictor.latchLead - 0.002) < 1e-9, "lead \(predictor.latchLead)")
        #expect(predictor.nextLatch(now: intended + 2 * Self.refresh + 0.001) != nil)
    }

    @Test func theLeadIsTheLargestBoundThatIsNoOutlier() throws {
        // Frames committed just after each repaint, 6.5 ms before the next
        // presentation, then one committed 7.5 ms before it that still
        // missed it: the latch is at least 7.5 ms before.
        var predictor = predictor(presentedAt: grid(4))
        var refreshIndex = 4.0
        for lead in [0.0065, 0.0065, 0.0065, 0.0065, 0.0065, 0.0065, 0.0065, 0.0075] {
            let intended = 10 + refreshIndex * Self.refresh
            predictor.presented(at: intended + Self.refresh, refresh: Self.refresh, committed: intended - lead, vsync: true)
            refreshIndex += 1
        }
        #expect(abs(predictor.latchLead - 0.0075) < 1e-9, "lead \(predictor.latchLead)")
    }

    @Test func aFrameShownOffTheGridTeachesNoLead() {
        var predictor = predictor(presentedAt: grid(4))
        // Shown 6 ms after the fifth refresh, 20 ms after its commit.
        let fifth = 10 + 4 * Self.refresh
        predictor.presented(at: fifth + 0.006, refresh: Self.refresh, committed: fifth - 0.014, vsync: true)
        #expect(predictor.latchLead == 0)
    }

    @Test func aLongPauseMakesTheGridStale() {
        let times = grid(4)
        let predictor = predictor(presentedAt: times)
        #expect(predictor.nextLatch(now: times[3] + 0.5) != nil)
        #expect(predictor.nextLatch(now: times[3] + LatchPredictor.staleAfter + 0.1) == nil)
    }

    @Test func aPresentationOffTheGridStartsANewOne() {
        var predictor = predictor(presentedAt: grid(4))
        predictor.presented(at: 10 + 4 * Self.refresh + 0.006, refresh: Self.refresh, committed: 10.06, vsync: true)
        #expect(predictor.nextLatch(now: 10.08) == nil, "one presentation on the new grid")
    }

    @Test func theMarginIsTheRenderTimesNinetyFifthPercentilePlusAMillisecond() throws {
        var predictor = LatchPredictor()
        for index in 0..<20 { predictor.rendered(taking: index == 19 ? 0.010 : 0.002) }
        #expect(abs(try #require(predictor.renderMargin) - 0.011) < 1e-9, "the slowest of 20 is the 95th percentile")
        for _ in 0..<40 { predictor.rendered(taking: 0.002) }
        #expect(abs(try #require(predictor.renderMargin) - 0.003) < 1e-9, "one slow frame in 60 is not")
    }

    // Headless weston 10: repaints ≈ 25.7 ms apart while busy against an
    // announced 16.7 ms, each presented 16 ms after its repaint, no flags.
    static let westonCadence = 0.016 + 1.0 / 60 - 0.007

    /// Frames paced by frame callbacks on weston's cadence: each committed
    /// just after a repaint, shown at the presentation after the next.
    private func westonPredictor(presentations: Int, from start: Double = 10) -> (LatchPredictor, [Double]) {
        var predictor = LatchPredictor()
        let times = (0..<presentations).map { start + Double($0) * Self.westonCadence }
        for time in times {
            predictor.rendered(taking: 0.002)
            let previousRepaint = time - Self.westonCadence - 0.016
            predictor.presented(at: time, refresh: Self.refresh, committed: previousRepaint + 0.0005, vsync: false)
        }
        return (predictor, times)
    }

    @Test func aCadenceOfItsOwnIsFoundInEightPresentationsAndItsLatchIsTheRepaint() throws {
        let (early, earlyTimes) = westonPredictor(presentations: 7)
        #expect(early.nextLatch(now: earlyTimes[6] + 0.001) == nil, "seven presentations without vsync are not a grid yet")
        let (predictor, times) = westonPredictor(presentations: 8)
        #expect(abs(try #require(predictor.period) - Self.westonCadence) < 1e-6, "the cadence, not the 16.7 ms announced")
        #expect(abs(predictor.latchLead - 0.0155) < 1e-6, "learnt from frames committed 0.5 ms after the repaint")
        let latch = try #require(predictor.nextLatch(now: times[7] + 0.001))
        #expect(abs(latch.presentation - (times[7] + Self.westonCadence)) < 1e-6)
        // The repaint that takes it: the presentation less the 16 ms frame time.
        #expect(latch.latch > times[7] + Self.westonCadence - 0.016 - 1e-6)
        #expect(latch.latch < times[7] + Self.westonCadence - 0.015)
    }

    @Test func anIdleCompositorIsNotRepainting() throws {
        let (predictor, times) = westonPredictor(presentations: 8)
        #expect(predictor.isRepainting(now: times[7] + Self.westonCadence))
        #expect(!predictor.isRepainting(now: times[7] + 2 * Self.westonCadence),
                "no presentation for two periods: weston stopped its loop, a commit starts it")
        #expect(!LatchPredictor().isRepainting(now: 10))
    }

    @Test func aRestartedLoopIsTrustedAfterThreePresentationsAtTheKnownCadence() throws {
        var (predictor, times) = westonPredictor(presentations: 8)
        // 100 ms idle, then the loop restarts at another phase.
        let restart = times[7] + 0.113
        for index in 0..<3 {
            let time = restart + Double(index) * Self.westonCadence
            if index == 2 { #expect(predictor.nextLatch(now: time - 0.01) == nil, "two presentations on the new phase") }
            predictor.presented(at: time, refresh: Self.refresh, committed: time - Self.westonCadence - 0.0155,
                                vsync: false)
        }
        let last = restart + 2 * Self.westonCadence
        let latch = try #require(predictor.nextLatch(now: last + 0.001))
        #expect(abs(latch.presentation - (last + Self.westonCadence)) < 1e-6)
    }

    @Test func aLoopRestartedByAFrameThatMissedItsLatchIsTrustedAfterOnePresentation() throws {
        var (predictor, times) = westonPredictor(presentations: 8)
        let aimed = try #require(predictor.nextLatch(now: times[7] + 0.001))
        // Woken 3 ms late: weston's repaint found nothing and stopped, and
        // the commit restarts it (repaint 9.7 ms on, shown 16 ms after).
        let committed = aimed.latch + 0.003
        predictor.committed(at: committed, aimedAt: aimed)
        let shown = committed + 1.0 / 60 - 0.007 + 0.016
        predictor.presented(at: shown, refresh: Self.refresh, committed: committed, vsync: false)
        let latch = try #require(predictor.nextLatch(now: shown + 0.001), "the new phase at once")
        #expect(abs(latch.presentation - (shown + Self.westonCadence)) < 1e-6)

        // The same presentation off the grid of a frame that made its
        // latch (the compositor's own doing) waits for three.
        var (other, _) = westonPredictor(presentations: 8)
        other.committed(at: aimed.latch - 0.001, aimedAt: aimed)
        other.presented(at: shown, refresh: Self.refresh, committed: aimed.latch - 0.001, vsync: false)
        #expect(other.nextLatch(now: shown + 0.001) == nil)
    }

    @Test func theMarginGrowsWithTheTimersLatenessUpToAThirdOfThePeriod() throws {
        var (predictor, _) = westonPredictor(presentations: 8)
        let onTime = try #require(predictor.renderMargin)
        for index in 0..<40 { predictor.rendered(taking: 0.002, wokeLateBy: index % 4 == 0 ? 0.003 : 0) }
        #expect(abs(try #require(predictor.renderMargin) - (0.002 + 0.003)) < 1e-9,
                "a 3 ms wake-up every fourth time: 3 ms earlier, against \(onTime)")
        for _ in 0..<60 { predictor.rendered(taking: 0.002, wokeLateBy: 0.020) }
        #expect(abs(try #require(predictor.renderMargin) - Self.westonCadence / 3) < 1e-9, "bounded")
    }

    /// A predictor on a steady vsync grid that drew its last 60 frames in
    /// 2 ms each, woken by the timer `lateness(index)` after each deadline,
    /// and one frame that missed its latch, committed `missedBy` after it
    /// and shown at `shownAfterLatch` after the latch it aimed at.
    private func predictorAfterAMiss(lateness: (Int) -> Double, missedBy: Double = 0.002,
                                     shownAfterLatch: Double) throws -> LatchPredictor {
        var predictor = predictor(presentedAt: grid(4))
        for index in 0..<60 { predictor.rendered(taking: 0.002, wokeLateBy: lateness(index)) }
        let aimed = try #require(predictor.nextLatch(now: 10 + 3 * Self.refresh + 0.001))
        predictor.committed(at: aimed.latch + missedBy, aimedAt: aimed)
        predictor.presented(at: aimed.latch + shownAfterLatch, refresh: Self.refresh,
                            committed: aimed.latch + missedBy, vsync: true)
        return predictor
    }

    @Test func whereAMissedFrameIsShownAPeriodLaterARareLateWakeUpIsNotCovered() throws {
        // One wake-up in ten a scheduler tick late, the rest 0.2 ms.
        let tick = { (index: Int) in index % 10 == 0 ? 0.003 : 0.0002 }
        var beforeAnyMiss = predictor(presentedAt: grid(4))
        for index in 0..<60 { beforeAnyMiss.rendered(taking: 0.002, wokeLateBy: tick(index)) }
        #expect(abs(try #require(beforeAnyMiss.renderMargin) - 0.005) < 1e-9,
                "until a miss shows what it costs, the 90th percentile is covered")

        let kept = try predictorAfterAMiss(lateness: tick, shownAfterLatch: Self.refresh)
        #expect(kept.missesKeepTheGrid)
        #expect(abs(try #require(kept.renderMargin) - 0.00225) < 1e-9,
                "3 ms earlier for every frame costs more than a period for one in ten; a quarter millisecond to spare")
        let latch = try #require(kept.nextLatch(now: 10 + 5 * Self.refresh + 0.001))
        #expect(abs(latch.presentation - (10 + 6 * Self.refresh)) < 1e-9, "the grid holds")

        // Weston: the late frame restarted the loop, off the grid.
        let restarted = try predictorAfterAMiss(lateness: tick, shownAfterLatch: 0.0097 + 0.016)
        #expect(!restarted.missesKeepTheGrid)
        #expect(abs(try #require(restarted.renderMargin) - 0.005) < 1e-9, "a miss costs a restart: covered")
    }

    @Test func whereAMissedFrameIsShownAPeriodLaterABroadlyLateTimerIsStillCovered() throws {
        // A machine loaded many times over: wake-ups 0 to 3 ms late alike.
        let predictor = try predictorAfterAMiss(lateness: { Double($0 % 13) * 0.00025 }, shownAfterLatch: Self.refresh)
        #expect(predictor.missesKeepTheGrid)
        #expect(abs(try #require(predictor.renderMargin) - 0.005) < 1e-9,
                "each quarter millisecond early saves a thirteenth of a period in misses: the latest wake-up")
    }

    @Test func irregularGapsFindNoCadence() {
        var predictor = LatchPredictor()
        var time = 10.0
        for gap in [0.021, 0.027, 0.019, 0.031, 0.024, 0.029, 0.020, 0.026, 0.033, 0.022] {
            time += gap
            predictor.rendered(taking: 0.002)
            predictor.presented(at: time, refresh: Self.refresh, committed: time - 0.01, vsync: false)
            #expect(predictor.nextLatch(now: time + 0.001) == nil)
        }
    }
}
