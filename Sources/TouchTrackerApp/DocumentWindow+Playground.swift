import TouchCore

/// The gesture playground in the session (`CanvasScene` holds it: it takes
/// the canvas's place, its side panel follows the window's trace, its
/// sounds go to `onPlaygroundSound`): its animations (a picture gliding
/// on) step once per frame the compositor asks for, and not at all at rest.
extension DocumentWindow {

    /// Whether the playground is shown instead of the drawing.
    public var isShowingPlayground: Bool { scene.isShowingPlayground }

    /// Shows the playground in place of the drawing (`--playground`, and
    /// the canvas menu's Gesture Playground).
    public func showPlayground() {
        scene.showPlayground()
    }

    /// Back to the drawing.
    public func showDrawing() {
        scene.showDrawing()
    }

    // MARK: Frame-paced animation

    /// Steps the display links at once: a link just started, or a frame
    /// was drawn. The step's damage asks for the next frame, which the
    /// compositor paces; should no frame come (a hidden window), the
    /// fallback steps them a little later, so an animation still ends.
    func scheduleAnimationStep() {
        guard window.needsAnimationFrame, animationStep?.isActive != true else { return }
        animationStep = timers.schedule(after: 0) { [unowned self] in
            animationFallback?.cancel()
            window.runDisplayLinks(at: timers.clock.now)
            guard window.needsAnimationFrame else { return }
            animationFallback = timers.schedule(after: Self.animationFallbackInterval) { [unowned self] in
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
