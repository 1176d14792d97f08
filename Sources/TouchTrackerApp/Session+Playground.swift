import Playground
import Render
import TouchCore

/// The gesture playground in the session: it takes the canvas's place (the
/// canvas is hidden, so it neither draws nor takes touches), its side panel
/// follows the window's trace, its sounds go to `onPlaygroundSound`, and
/// its animations (a picture gliding on) step once per frame the
/// compositor asks for, and not at all at rest.
extension Session {
    /// Wires the playground, hidden, above the canvas and below the banner.
    func setUpPlayground() {
        playground.isHidden = true
        window.insertSubview(playground, aboveSubview: canvas)
        playground.onExit = { [unowned self] in showDrawing() }
        playground.onSound = { [unowned self] sound in onPlaygroundSound?(sound) }
        canvasController.showPlayground = { [unowned self] in showPlayground() }
        window.onNeedsAnimationFrame = { [unowned self] in scheduleAnimationStep() }
    }

    /// Whether the playground is shown instead of the drawing.
    public var isShowingPlayground: Bool { !playground.isHidden }

    /// Shows the playground in place of the drawing (`--playground`, and
    /// the canvas menu's Gesture Playground).
    public func showPlayground() {
        guard playground.isHidden else { return }
        window.menuController.hideMenu()
        playground.isHidden = false
        canvas.isHidden = true
        playground.becomeFirstResponder()
        updateTracer()
    }

    /// Back to the drawing.
    public func showDrawing() {
        guard !playground.isHidden else { return }
        playground.willHide()
        playground.isHidden = true
        canvas.isHidden = false
        canvas.becomeFirstResponder()
        updateTracer()
    }

    /// The window's tracer: `--trace` output, and the playground's panel
    /// while it is shown; none (costing nothing) otherwise.
    func updateTracer() {
        let output = traceOutput
        let panel: PlaygroundView? = isShowingPlayground ? playground : nil
        guard output != nil || panel != nil else {
            window.tracer = nil
            return
        }
        let clock = loop.timers.clock
        window.tracer = { record in
            output?(TraceLog.line(for: record))
            panel?.record(record, at: clock.now)
        }
    }

    // MARK: Frame-paced animation

    /// Steps the display links at once: a link just started, or a frame
    /// was drawn. The step's damage asks for the next frame, which the
    /// compositor paces; should no frame come (a hidden window), the
    /// fallback steps them a little later, so an animation still ends.
    func scheduleAnimationStep() {
        guard window.needsAnimationFrame, animationStep?.isActive != true else { return }
        animationStep = loop.timers.schedule(after: 0) { [unowned self] in
            animationFallback?.cancel()
            window.runDisplayLinks(at: loop.timers.clock.now)
            guard window.needsAnimationFrame else { return }
            animationFallback = loop.timers.schedule(after: Self.animationFallbackInterval) { [unowned self] in
                scheduleAnimationStep()
            }
        }
    }

    /// After a frame: the next step, while an animation runs.
    func continueAnimating() {
        guard window.needsAnimationFrame else { return }
        animationFallback?.cancel()
        scheduleAnimationStep()
    }

    /// How long a step waits for a frame before stepping anyway.
    static let animationFallbackInterval = 0.05
}
