import Render
import TouchCore
import WaylandClient

/// The window's frames (`FrameSource`): the core's damage handed to the
/// toplevel, and the scene painted into the buffer it gives.
extension DocumentWindow {
    func forwardDamage() {
        for rect in window.takeDamage() { repaint(rect) }
    }

    /// Asks the toplevel to repaint `rect` (window coordinates) in its next frame.
    func repaint(_ rect: Rect) {
        toplevel.setNeedsDisplay(SurfaceRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height))
    }

    /// Paints a frame of the scene (`FrameSource`).
    public func draw(into target: DrawTarget) {
        // Damage raised while handling input but not forwarded yet belongs
        // to this frame too.
        if window.hasDamage { forwardDamage() }
        let damage = target.damage.map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        target.withPixels { pixels in
            let buffer = PixelBuffer(data: pixels, width: target.width, height: target.height,
                                     stride: target.stride, scale: target.scale)
            // Every view draws itself: the title bar, the canvas (from its
            // line cache), the banner, the playground, the menu on top.
            renderer.render(window, into: buffer, damage: damage)
            if let guide {
                GuidePainter.paint(guide.text, ring: guide.ring, canvasFrame: canvas.frame, into: buffer, damage: damage)
            }
            // The rings stand for the pens' cursors.
            HoverRingPainter.paint(penHover.rings, into: buffer, damage: damage)
            // Last: the inspector shows what is under it too.
            inspector.paint(into: buffer, damage: damage)
        }
        onFramePainted?(target)
        // The commit follows at once.
        inspector.committed()
        askWhenInputIsShown()
        if let opening { opening.outcome.canvasCacheSize.withLock { $0 = canvasRenderer.lineCacheSize } }
        continueRendering()
        continueAnimating()
    }

    /// While the line cache is incomplete, asks for its tiles to be drawn
    /// again in the next frame. Damage raised while drawing is dropped with
    /// the frame, so the request goes through a timer due at once; the frame
    /// itself still waits for the compositor's frame callback, so this
    /// paces at the display's rate and never spins.
    private func continueRendering() {
        let unfinished = canvasRenderer.unfinishedArea
        guard !unfinished.isEmpty, continuation?.isActive != true else { return }
        continuation = timers.schedule(after: 0) { [unowned self] in
            for rect in canvasRenderer.unfinishedArea { repaint(rect) }
        }
    }

    /// True while the drawing is not fully on screen yet (a large drawing
    /// just opened or resized): the next frames fill it in.
    public var isRenderingDrawing: Bool { !canvasRenderer.unfinishedArea.isEmpty }
}

/// The core window's host: its damage becomes the toplevel's, which asks the
/// compositor for a frame; its running display links (a picture gliding in
/// the playground) step once per frame the compositor asks for.
extension DocumentWindow: WindowHost {
    public func windowNeedsDisplay(_ window: Window) { forwardDamage() }
    public func windowNeedsAnimationFrame(_ window: Window) { scheduleAnimationStep() }
}
