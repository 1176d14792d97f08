import Testing
@testable import WaylandClient

/// Frame pacing without a compositor: mark dirty, draw later.
@Suite struct FramePacerTests {
    @Test func aChangeIsDrawnAtOnceWhenNoFrameCallbackIsOutstanding() {
        var pacer = FramePacer()
        #expect(pacer.next == .nothing, "nothing changed")
        pacer.setNeedsDraw()
        #expect(pacer.next == .drawFrame)
        pacer.committedFrame()
        #expect(pacer.next == .nothing)
    }

    @Test func changesWaitForTheFrameCallbackThenShareOneFrame() {
        var pacer = FramePacer()
        pacer.setNeedsDraw()
        pacer.committedFrame()
        pacer.setNeedsDraw()
        pacer.setNeedsDraw()
        #expect(pacer.next == .nothing, "the compositor has not asked for the next frame")
        pacer.frameCallbackDone()
        #expect(pacer.next == .drawFrame)
        pacer.committedFrame()
        #expect(pacer.next == .nothing)
    }

    @Test func aResizingConfigureIsDrawnWithoutWaiting() {
        var pacer = FramePacer()
        pacer.setNeedsDraw()
        pacer.committedFrame()
        pacer.acknowledgedConfigure(newPixels: true)
        #expect(pacer.next == .drawFrame, "the new size must reach the compositor now")
        pacer.committedFrame()
        #expect(pacer.awaitsFrameCallback)
        pacer.setNeedsDraw()
        #expect(pacer.next == .nothing, "later changes are paced again")
    }

    @Test func aConfigureWithoutNewPixelsIsABareCommit() {
        var pacer = FramePacer()
        pacer.setNeedsDraw()
        pacer.committedFrame()
        pacer.acknowledgedConfigure(newPixels: false)
        #expect(pacer.next == .commitOnly)
        pacer.committedConfigure()
        #expect(pacer.next == .nothing)
        pacer.setNeedsDraw()
        pacer.acknowledgedConfigure(newPixels: false)
        #expect(pacer.next == .commitOnly, "a pending change still waits for its frame callback")
        pacer.frameCallbackDone()
        #expect(pacer.next == .drawFrame, "and the frame carries the commit")
    }
}

/// The buffer scale without a compositor.
@Suite struct ScaleTrackerTests {
    @Test func followsTheDensestEnteredOutput() {
        var tracker = ScaleTracker()
        var changed = false
        let outputs: [UInt32: Int32] = [10: 1, 11: 2]
        changed = tracker.update(outputScales: outputs)
        #expect(!changed, "outputs differ and none entered: 1")
        tracker.entered(output: 10)
        changed = tracker.update(outputScales: outputs)
        #expect(!changed)
        tracker.entered(output: 11)
        changed = tracker.update(outputScales: outputs)
        #expect(changed)
        #expect(tracker.scale == .integer(2))
        tracker.left(output: 11)
        changed = tracker.update(outputScales: outputs)
        #expect(changed)
        #expect(tracker.scale == .integer(1))
    }

    @Test func beforeEnteringAnyOutputTheSharedScaleIsUsed() {
        var tracker = ScaleTracker()
        var changed = false
        changed = tracker.update(outputScales: [1: 2, 2: 2])
        #expect(changed)
        #expect(tracker.scale == .integer(2))
    }

    @Test func anOutputThatGoesAwayNoLongerCounts() {
        var tracker = ScaleTracker()
        var changed = false
        tracker.entered(output: 11)
        changed = tracker.update(outputScales: [10: 1, 11: 3])
        #expect(tracker.scale == .integer(3))
        changed = tracker.update(outputScales: [10: 1])
        #expect(changed)
        #expect(tracker.scale == .integer(1))
        #expect(tracker.enteredOutputs.isEmpty)
    }

    @Test func aPreferredFractionalScaleWinsOverOutputs() {
        var tracker = ScaleTracker()
        var changed = false
        tracker.entered(output: 11)
        changed = tracker.update(outputScales: [11: 2])
        tracker.preferScale(numerator: 180)
        changed = tracker.update(outputScales: [11: 2])
        #expect(changed)
        #expect(tracker.scale == .fractional(1.5))
        tracker.preferScale(numerator: 0)
        changed = tracker.update(outputScales: [11: 2])
        #expect(!changed, "0 is no preference and is ignored")
    }

    @Test func anInputFrameWaitsForTheDeadlineBeforeTheLatchNotTheFrameCallback() {
        var pacer = FramePacer()
        pacer.pacesInputForLatch = true
        pacer.setNeedsInputFrame()
        #expect(pacer.next == .awaitLatch, "drawn at the deadline, with the newest input")
        pacer.reachedLatchDeadline()
        #expect(pacer.next == .drawFrame)
        pacer.committedFrame()
        pacer.setNeedsInputFrame()
        #expect(pacer.next == .nothing, "the last frame was not taken yet: it would be replaced unseen")
        pacer.frameCallbackDone()
        #expect(pacer.next == .awaitLatch)
    }

    @Test func framesWithoutInputStayPacedByFrameCallbacks() {
        var pacer = FramePacer()
        pacer.pacesInputForLatch = true
        pacer.setNeedsDraw()
        #expect(pacer.next == .drawFrame)
        pacer.committedFrame()
        pacer.setNeedsDraw()
        #expect(pacer.next == .nothing)
        pacer.frameCallbackDone()
        #expect(pacer.next == .drawFrame)
    }

    @Test func withoutAPredictedLatchInputIsPacedByFrameCallbacks() {
        var pacer = FramePacer()
        pacer.setNeedsInputFrame()
        #expect(pacer.next == .drawFrame)
        pacer.committedFrame()
        pacer.setNeedsInputFrame()
        #expect(pacer.next == .nothing)
        pacer.frameCallbackDone()
        #expect(pacer.next == .drawFrame)
    }

    @Test func sparseInputIsDrawnAtOnceButNeverReplacesAFrameNotYetTaken() {
        var pacer = FramePacer()
        pacer.pacesInputForLatch = true
        pacer.drawsInputAtOnce = true
        pacer.setNeedsInputFrame()
        #expect(pacer.next == .drawFrame, "waiting for the deadline would gather nothing")
        pacer.committedFrame()
        pacer.setNeedsInputFrame()
        #expect(pacer.next == .nothing, "the last frame was not taken yet")
        pacer.frameCallbackDone()
        #expect(pacer.next == .drawFrame)
        pacer.committedFrame()
        pacer.frameCallbackDone()
        pacer.drawsInputAtOnce = false
        pacer.setNeedsInputFrame()
        #expect(pacer.next == .awaitLatch, "dense input, or a frame already drawn for this latch, waits")
    }
}
