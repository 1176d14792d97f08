import CWaylandClient
import CWaylandProtocols
import Presentation

/// Frame pacing and presentation: mark dirty, draw later.
extension ToplevelWindow {
    /// Marks `rect` (logical coordinates; nil for the whole window) as
    /// needing a repaint. Only records it: the frame is drawn before the loop
    /// next sleeps, once the previous frame's callback has come.
    public func setNeedsDisplay(_ rect: SurfaceRect? = nil) {
        if let rect {
            pendingDamage.add(PixelRect(covering: rect, scale: scale.factor))
        } else {
            pendingDamage.addFull()
        }
        pacer.setNeedsDraw()
    }

    /// The loop's before-sleep hook: draws a frame if one is due, or commits
    /// an acknowledged configure that needs no new pixels.
    func presentIfNeeded() {
        guard isConfigured else { return }
        updateLatchPacing()
        switch pacer.next {
        case .drawFrame:
            do {
                try drawFrame()
            } catch {
                loop.fail(error)
            }
        case .commitOnly:
            wl_surface_commit(surface)
            pacer.committedConfigure()
        case .awaitLatch:
            armLatchDeadline()
        case .nothing:
            break
        }
    }

    private func drawFrame() throws(WaylandError) {
        let start = loop.timers.clock.now
        let showsInput = pacer.needsInputFrame
        let atDeadline = pacer.reachedDeadline
        let aimedAt = atDeadline ? aimedLatch : inputAtOnceLatch
        let (width, height) = scale.bufferSize(for: size)
        pool.resize(width: width, height: height)
        pool.addDamage(pendingDamage)
        // Every buffer still held by the compositor: the release handler's
        // dispatch wakes the loop, which comes back here.
        guard let (buffer, repaint) = try pool.acquire() else { return }

        let logicalRepaint = repaint.rects(width: width, height: height).map { $0.logical(scale: scale.factor) }
        frameSource?.draw(into: DrawTarget(data: buffer.data, width: width, height: height, stride: buffer.stride,
                                           scale: scale.factor, damage: logicalRepaint))

        wl_surface_attach(surface, buffer.proxy, 0, 0)
        for rect in pendingDamage.rects(width: width, height: height) {
            wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        applyScale()
        // A prompt draw (after a configure) may overtake a pending callback:
        // only the newest one paces the next frame.
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = wl_surface_frame(surface)
        wl_callback_add_listener(frameCallback, Self.frameListener, handle.toOpaque())
        askForPresentationFeedback(pacing: pacing(showsInput: showsInput, aimedAt: aimedAt))
        if showsInput, let aimedAt { stampNextCommit(presentation: aimedAt.presentation) }
        wl_surface_commit(surface)

        pendingDamage = DamageRegion()
        pacer.committedFrame()
        if showsInput { committedInputFrame(startedAt: start, aimedAt: aimedAt, atDeadline: atDeadline) } else { cancelLatchDeadline() }
    }

    /// How the frame being drawn was paced (`FramePacer`'s rule).
    private func pacing(showsInput: Bool, aimedAt: LatchPredictor.Latch?) -> FramePresentation.Pacing {
        if showsInput && aimedAt != nil { return .latch }
        if allowsLatchPacing && !pacer.inputWaitedForFrameCallback { return .atOnce }
        return .frameCallback
    }

    /// Declares how the attached buffer maps onto the logical size:
    /// `set_buffer_scale` for integer scales, a viewport destination (and
    /// buffer scale 1) for fractional ones.
    private func applyScale() {
        if scale.bufferScale != committedBufferScale {
            wl_surface_set_buffer_scale(surface, scale.bufferScale)
            committedBufferScale = scale.bufferScale
        }
        guard let viewport else { return }
        switch scale {
        case .fractional:
            if committedViewportDestination != size {
                wp_viewport_set_destination(viewport, Int32(size.width), Int32(size.height))
                committedViewportDestination = size
            }
        case .integer:
            if committedViewportDestination != nil {
                wp_viewport_set_destination(viewport, -1, -1)
                committedViewportDestination = nil
            }
        }
    }

    /// `wl_callback.done` of the last frame: the compositor is ready for the next.
    func frameDone(_ callback: OpaquePointer?) {
        precondition(callback == frameCallback, "only the current frame callback has a listener")
        wl_callback_destroy(callback)
        frameCallback = nil
        reportComposited(at: loop.timers.clock.now)
        pacer.frameCallbackDone()
    }
}
