import Presentation

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
        comingLatch(whileIdle: true) != nil
    }

    /// Input changed what is drawn: the frame showing it may be paced for
    /// the latch. Called after the input was handled.
    public func setNeedsInputFrame() {
        let now = loop.timers.clock.now
        if let lastInputTime {
            recentInputIntervals.append(now - lastInputTime)
            if recentInputIntervals.count > 2 { recentInputIntervals.removeFirst() }
        }
        lastInputTime = now
        pacer.setNeedsInputFrame()
    }

    /// Before asking the pacer: whether the latch is predicted (a deadline
    /// armed for a latch no longer predicted is dropped), and whether input
    /// is drawn at once. One prediction serves both.
    func updateLatchPacing() {
        let coming = comingLatch()
        pacer.pacesInputForLatch = coming != nil
        if coming == nil { cancelLatchDeadline() }
        inputAtOnceLatch = coming.flatMap(latchForInputAtOnce)
        pacer.drawsInputAtOnce = inputAtOnceLatch != nil
    }

    /// The first predicted latch not yet past (its deadline may be): the
    /// one a frame drawn now can still make. Nil when latch pacing is off,
    /// nothing is predicted, or, unless `whileIdle`, the compositor stopped
    /// repainting (no input frame shown for more than a period and a half):
    /// its repaint loop may have stopped, and the next commit starts it
    /// (`FramePacer`'s rule 2). The inspector's "paced: latch" asks
    /// `whileIdle`: the grid is known, whether or not input is coming.
    private func comingLatch(whileIdle: Bool = false) -> LatchPredictor.Latch? {
        guard allowsLatchPacing, let margin = latchPredictor.renderMargin else { return nil }
        let now = loop.timers.clock.now
        guard whileIdle || latchPredictor.isRepainting(now: now) else { return nil }
        return latchPredictor.nextLatch(now: now - margin)
    }

    /// `coming`, when input is sparse (its last two intervals both longer
    /// than `sparseInputRefreshes`) and no input frame was drawn for that
    /// latch yet (one input frame per refresh). Nil otherwise: dense input
    /// waits for the deadline, gathering the motions of a refresh. Two
    /// intervals, not one: in a dense stream on a busy machine one motion
    /// sometimes comes late and the next early, and drawing at once after
    /// the late one (at the start of a refresh) left the motions of the
    /// rest of that refresh a refresh more to wait.
    private func latchForInputAtOnce(_ coming: LatchPredictor.Latch) -> LatchPredictor.Latch? {
        guard let period = latchPredictor.period, recentInputIntervals.count == 2,
              recentInputIntervals.allSatisfy({ $0 > Self.sparseInputRefreshes * period }) else { return nil }
        if let last = lastAimedLatch, coming.latch < last.latch + period / 2 { return nil }
        return coming
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
    /// how long drawing and committing it took, and for a frame drawn at
    /// its deadline how late the timer woke the app (the loop wakes on time
    /// to the nanosecond, but a busy machine schedules it late). Other
    /// frames (the first, a resize) say nothing of an input frame's cost.
    /// The margin takes the lateness's 90th percentile, or where misses
    /// keep the grid the lateness that costs least, not every wake-up's
    /// (folding it into the render times' 95th percentile, tried before,
    /// cost more in the median than it saved), bounded by a third of the
    /// period (`LatchPredictor.renderMargin`).
    func committedInputFrame(startedAt start: Double, aimedAt latch: LatchPredictor.Latch?, atDeadline: Bool) {
        let now = loop.timers.clock.now
        latchPredictor.rendered(taking: now - start, wokeLateBy: atDeadline ? latch.map { start - $0.deadline } : nil)
        if let latch { latchPredictor.committed(at: now, aimedAt: latch) }
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
