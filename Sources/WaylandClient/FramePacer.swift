/// When the window draws, as a pure state machine ("mark dirty, draw
/// later"): a change only marks the frame as needed; it is drawn before the
/// loop sleeps once the compositor's frame callback for the previous frame
/// has come, or at once after an acknowledged configure whose new size must
/// reach the compositor without waiting. A configure that needs no new
/// pixels is answered by a bare commit. `ToplevelWindow` owns the proxies
/// and asks this what to do.
///
/// Input frames may instead be paced for the compositor's latch: when the
/// window predicts it (`LatchPredictor`), a frame that shows input waits
/// for a deadline just before the latch, and is drawn then even if the
/// frame callback has not come, so the newest input makes the next
/// repaint. Sparse input (slower than the refresh) is drawn at once
/// instead, once the last frame was taken and while no input frame was drawn
/// for the coming latch: waiting would gather no further motion, and a
/// motion arriving between the predicted deadline and the compositor's real
/// latch would wait a whole refresh more. Frames without input stay paced
/// by frame callbacks.
///
/// The rule for a frame that shows input, chosen per frame (the window
/// sets `pacesInputForLatch` and `drawsInputAtOnce` before asking `next`):
/// 1. A latch is predicted on a grid the compositor is still repainting
///    on (`LatchPredictor.isRepainting`): dense input waits for the
///    deadline before it (`latch`); sparse input is drawn at once for it.
/// 2. Otherwise, no frame outstanding (the last frame's callback came):
///    drawn at once (`atOnce`). The compositor has shown or taken the
///    last frame, so this one replaces nothing unseen; an idle weston
///    starts repainting from the commit (≈ 9.7 ms later), so waiting for a
///    latch from before the pause would only add that wait.
/// 3. Otherwise it waits for the frame callback (`frameCallback`): a
///    frame drawn now would replace one the compositor has not taken.
/// Never more than one input frame per repaint that reaches the screen.
///
/// A loaded machine sometimes wakes the app after the latch it aimed at:
/// the compositor's repaint finds nothing new (weston then stops its loop)
/// and the late commit restarts it at another phase. So the deadline
/// comes earlier by the timer's recent lateness (its 90th percentile, at
/// most a third of the period with the render time, or where a missed
/// frame is shown a period later on the grid, the lateness that costs
/// least), and when a frame still misses, the predictor trusts the new
/// phase after that frame's presentation instead of after three: rule 1
/// holds again from the next frame rather than rule 3 for three.
struct FramePacer: Equatable {
    /// What the window does before the loop next sleeps.
    enum Step: Equatable {
        /// Draw, attach, damage, ask for a frame callback and commit.
        case drawFrame
        /// Commit an acknowledged configure; no new buffer.
        case commitOnly
        /// Input waits for the deadline before the predicted latch: the
        /// window arms a timer for it (`reachedLatchDeadline`).
        case awaitLatch
        case nothing
    }

    /// A frame must be drawn.
    private(set) var needsDraw = false
    /// Draw even while a frame callback is pending.
    private(set) var drawsPromptly = false
    /// An acknowledged configure awaits a commit.
    private(set) var needsCommit = false
    /// A frame callback is outstanding: the compositor has not asked for
    /// the next frame yet.
    private(set) var awaitsFrameCallback = false
    /// Input changed what is drawn since the last frame.
    private(set) var needsInputFrame = false
    /// The compositor's next latch is predicted: input frames are paced
    /// for it. The window sets it from its predictor before asking `next`.
    var pacesInputForLatch = false
    /// Input is sparse and no input frame was drawn for the coming latch:
    /// an input frame is drawn as soon as the last frame was taken. The
    /// window sets it before asking `next`.
    var drawsInputAtOnce = false
    /// The deadline before the latch the next input frame aims at has come.
    private(set) var reachedDeadline = false
    /// Input for the next frame came while a frame callback was
    /// outstanding: unless drawn for a latch, the frame waited for the
    /// callback rather than being drawn at once.
    private(set) var inputWaitedForFrameCallback = false

    /// Something changed on screen.
    mutating func setNeedsDraw() {
        needsDraw = true
    }

    /// Input changed what is drawn.
    mutating func setNeedsInputFrame() {
        needsDraw = true
        needsInputFrame = true
        if awaitsFrameCallback { inputWaitedForFrameCallback = true }
    }

    /// The timer armed for `awaitLatch` fired.
    mutating func reachedLatchDeadline() {
        reachedDeadline = true
    }

    /// A configure was acknowledged; `newPixels` when its size (or the
    /// first configure) needs a new buffer, which must not wait for a frame
    /// callback.
    mutating func acknowledgedConfigure(newPixels: Bool) {
        needsCommit = true
        if newPixels {
            needsDraw = true
            drawsPromptly = true
        }
    }

    /// What to do now (before sleeping), for a window that is configured.
    var next: Step {
        if needsDraw && needsInputFrame && pacesInputForLatch && !drawsPromptly {
            // The deadline is armed only once the last frame was taken
            // (its callback came), so no frame is replaced unseen.
            if reachedDeadline { return .drawFrame }
            if !awaitsFrameCallback { return drawsInputAtOnce ? .drawFrame : .awaitLatch }
            return needsCommit ? .commitOnly : .nothing
        }
        if needsDraw && (!awaitsFrameCallback || drawsPromptly) { return .drawFrame }
        return needsCommit ? .commitOnly : .nothing
    }

    /// A frame was committed with a new frame callback (which replaces any
    /// older one: only the newest paces the next frame).
    mutating func committedFrame() {
        needsDraw = false
        drawsPromptly = false
        needsCommit = false
        needsInputFrame = false
        reachedDeadline = false
        inputWaitedForFrameCallback = false
        awaitsFrameCallback = true
    }

    /// A bare commit answered the configure.
    mutating func committedConfigure() {
        needsCommit = false
    }

    /// `wl_callback.done`: the compositor is ready for the next frame.
    mutating func frameCallbackDone() {
        awaitsFrameCallback = false
    }
}
