import Timing

/// Commit for the latch: frames that show input are drawn just before the
/// compositor's predicted latch (`LatchPredictor`, fed by presentation
/// feedback) instead of at the next frame callback, so the newest input
/// makes the next repaint. Without a prediction (no feedback, another
/// clock, a variable refresh, an idle pause) frames stay paced by frame
/// callbacks, as before.
extension ToplevelWindow {
    /// Whether input frames are paced for the latch now ("paced: latch" in
    /// the inspector) rather than by frame callbacks.
    public var pacesInputForLatch: Bool {
        allowsLatchPacing && latchPredictor.nextLatch(now: loop.timers.clock.now) != nil
    }

    /// Input changed what is drawn: the frame showing it may be paced for
    /// the latch. Called after the input was handled.
    public func setNeedsInputFrame() {
        let now = loop.timers.clock.now
        inputInterval = lastInputTime.map { now - $0 }
        lastInputTime = now
        pacer.setNeedsInputFrame()
    }

    /// Before asking the pacer: whether the latch is predicted (a deadline
    /// armed for a latch no longer predicted is dropped), and whether input
    /// is drawn at once.
    func updateLatchPacing() {
        pacer.pacesInputForLatch = pacesInputForLatch
        if !pacer.pacesInputForLatch { cancelLatchDeadline() }
        inputAtOnceLatch = pacer.pacesInputForLatch ? latchForInputAtOnce() : nil
        pacer.drawsInputAtOnce = inputAtOnceLatch != nil
    }

    /// The latch an input frame drawn now can still make (the first whose
    /// latch is not past), when input is sparse, its last two events more
    /// than `sparseInputRefreshes` apart, and no input frame was drawn for
    /// that latch yet (one input frame per refresh). Nil otherwise: dense
    /// input waits for the deadline, gathering the motions of a refresh.
    private func latchForInputAtOnce() -> LatchPredictor.Latch? {
        guard let interval = inputInterval, let period = latchPredictor.period,
              interval > Self.sparseInputRefreshes * period, let margin = latchPredictor.renderMargin,
              let latch = latchPredictor.nextLatch(now: loop.timers.clock.now - margin) else { return nil }
        if let last = lastAimedLatch, latch.latch < last.latch + period / 2 { return nil }
        return latch
    }

    /// Input events further apart than this many refreshes are sparse:
    /// waiting for the latch gathers nothing. A 60 Hz touchscreen on a 60 Hz
    /// output is sparse; 125 Hz pointers and 120 Hz touchscreens are not.
    static let sparseInputRefreshes = 0.75

    /// Arms the timer for the deadline before the next latch, one input
    /// frame per refresh; the loop's poll sleeps until it.
    func armLatchDeadline() {
        guard latchTimer == nil else { return }
        let now = loop.timers.clock.now
        guard let latch = latchPredictor.nextLatch(now: now, after: lastAimedLatch?.latch) else { return }
        aimedLatch = latch
        latchTimer = loop.timers.schedule(after: latch.deadline - now) { [weak self] in
            guard let self else { return }
            latchTimer = nil
            pacer.reachedLatchDeadline()
        }
    }

    func cancelLatchDeadline() {
        latchTimer?.cancel()
        latchTimer = nil
        aimedLatch = nil
    }

    /// After a frame showing input was committed: what it aimed at (drawn
    /// at the deadline, or at once for sparse input; nil when paced by its
    /// frame callback), and
    /// how long drawing and committing it took. Other frames (the first, a
    /// resize) say nothing of an input frame's cost. The margin's spare
    /// millisecond covers the timer's lateness (the loop wakes on time to
    /// the nanosecond, but a busy machine schedules it late); counting the
    /// lateness in too was tried, and on a loaded 2-core machine cost more
    /// in the median (13.5 against 11.8 ms) than it saved in the p99.
    func committedInputFrame(startedAt start: Double, aimedAt latch: LatchPredictor.Latch?) {
        latchPredictor.rendered(taking: loop.timers.clock.now - start)
        lastAimedLatch = latch
        cancelLatchDeadline()
    }

    /// What the compositor told of a frame with input: feeds the predictor
    /// when its time is on our clock (`CLOCK_MONOTONIC`, or a steady clock
    /// translated onto it) and within a second of now. Frames shown without
    /// `vsync` count too (no compositor here flags it): the predictor then
    /// wants more of them on one grid before trusting it.
    func learnLatch(from presentation: FramePresentation) {
        guard case .presented(let time, let refresh, let flags) = presentation.outcome else { return }
        let monotonic: Double
        if presentation.clock == FramePresentation.monotonicClock {
            monotonic = time
        } else if let toMonotonic = presentation.toMonotonic {
            monotonic = time + toMonotonic
        } else {
            return
        }
        guard abs(monotonic - loop.timers.clock.now) < 1 else { return }
        latchPredictor.presented(at: monotonic, refresh: refresh, committed: presentation.committed,
                                 vsync: flags.contains(.vsync))
    }
}
