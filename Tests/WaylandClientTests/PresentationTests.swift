import Testing
import TestCompositor
@testable import WaylandClient

/// Buffers, damage and frame pacing, observed from the compositor's side.
@Suite struct PresentationTests {
    @Test func drawsOnlyAfterTheFrameCallbackAndCoalescesRequests() throws {
        let harness = try Harness()
        let painter = Painter()
        let (window, toplevel) = try harness.mapWindow(painter: painter)
        let surface = toplevel.surface
        let commits = surface.commits.count

        window.setNeedsDisplay(SurfaceRect(x: 0, y: 0, width: 10, height: 10))
        window.setNeedsDisplay(SurfaceRect(x: 50, y: 50, width: 10, height: 10))
        try harness.settle()
        #expect(painter.draws.count == 1, "a frame is pending: nothing may be drawn yet")
        #expect(surface.commits.count == commits)

        try harness.completeFrame(window)
        try harness.settle()
        #expect(painter.draws.count == 2, "two requests, one frame")
        #expect(surface.commits.count == commits + 1)
        #expect(surface.lastCommit?.bufferDamage == [DamageRect(x: 0, y: 0, width: 10, height: 10),
                                                     DamageRect(x: 50, y: 50, width: 10, height: 10)])
    }

    @Test func idleWindowCommitsNothing() throws {
        let harness = try Harness()
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        try harness.completeFrame(window)
        let commits = toplevel.surface.commits.count
        try harness.settle()
        #expect(toplevel.surface.commits.count == commits)
        #expect(toplevel.surface.pendingFrameCount == 0)
    }

    @Test func buffersAlternateAndAreReusedOnlyAfterRelease() throws {
        let harness = try Harness()
        harness.compositor.releasesPreviousBufferOnCommit = false
        let painter = Painter()
        let (window, toplevel) = try harness.mapWindow(painter: painter)
        let surface = toplevel.surface

        func redraw() throws {
            try harness.completeFrame(window)
            window.setNeedsDisplay(SurfaceRect(x: 0, y: 0, width: 4, height: 4))
            try harness.settle()
        }
        try redraw()
        try redraw()
        let ids = surface.commits.compactMap { $0.attachedBuffer ? $0.bufferID : nil }
        #expect(ids.count == 3)
        #expect(Set(ids).count == 3, "all held: a second, then a third buffer")

        try redraw()
        #expect(surface.commits.filter(\.attachedBuffer).count == 3, "three held: wait for a release")
        #expect(painter.draws.count == 3)

        surface.releaseBuffers()
        try harness.pump { surface.commits.filter(\.attachedBuffer).count == 4 }
        let reused = try #require(surface.lastCommit?.bufferID)
        #expect(ids.dropLast().contains(reused), "a released buffer is reused, no fourth one")
    }

    @Test func withPromptReleasesTwoBuffersAlternate() throws {
        let harness = try Harness()
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        for _ in 0..<4 {
            try harness.completeFrame(window)
            window.setNeedsDisplay(SurfaceRect(x: 0, y: 0, width: 4, height: 4))
            try harness.settle()
        }
        let ids = toplevel.surface.commits.compactMap { $0.attachedBuffer ? $0.bufferID : nil }
        #expect(ids.count == 5)
        #expect(Set(ids).count == 2)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 != $1 })
        #expect(window.pool.bufferCount == 2)
    }

    @Test func eachBufferRepaintsWhatChangedSinceItWasLastDrawn() throws {
        let harness = try Harness()
        let painter = Painter()
        let (window, toplevel) = try harness.mapWindow(painter: painter)
        try harness.completeFrame(window)

        // Second frame: a new buffer, repainted completely, but only the
        // change is damaged for the compositor.
        window.setNeedsDisplay(SurfaceRect(x: 10, y: 10, width: 20, height: 20))
        try harness.settle()
        #expect(painter.draws.last?.damage == [SurfaceRect(x: 0, y: 0, width: 800, height: 600)])
        #expect(toplevel.surface.lastCommit?.bufferDamage == [DamageRect(x: 10, y: 10, width: 20, height: 20)])
        try harness.completeFrame(window)

        // Third frame goes back to the first buffer, which has not seen the
        // second frame's change yet.
        window.setNeedsDisplay(SurfaceRect(x: 100, y: 100, width: 5, height: 5))
        try harness.settle()
        #expect(painter.draws.last?.damage == [SurfaceRect(x: 10, y: 10, width: 20, height: 20),
                                               SurfaceRect(x: 100, y: 100, width: 5, height: 5)])
        #expect(toplevel.surface.lastCommit?.bufferDamage == [DamageRect(x: 100, y: 100, width: 5, height: 5)])
    }

    @Test func resizeDuringAPendingFrameDrawsAtOnceAndPacingResumes() throws {
        let harness = try Harness()
        let painter = Painter()
        let (window, toplevel) = try harness.mapWindow(painter: painter)
        #expect(toplevel.surface.pendingFrameCount == 1)
        toplevel.configure(width: 640, height: 480)
        try harness.pump { toplevel.surface.lastCommit?.bufferWidth == 640 }
        #expect(painter.draws.count == 2)

        try harness.completeFrame(window)
        window.setNeedsDisplay(nil)
        window.setNeedsDisplay(nil)
        try harness.settle()
        #expect(painter.draws.count == 3)
        try harness.settle()
        #expect(painter.draws.count == 3, "the next frame waits for its callback")
    }

    @Test func oldBuffersAreDestroyedOnlyAfterTheCompositorReleasedThem() throws {
        let harness = try Harness()
        harness.compositor.releasesPreviousBufferOnCommit = false
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        let old = try #require(toplevel.surface.lastCommit?.bufferID)
        toplevel.configure(width: 500, height: 400)
        try harness.pump { toplevel.surface.lastCommit?.bufferWidth == 500 }
        try harness.settle()
        #expect(harness.compositor.clientObjectExists(id: old), "still held by the compositor")
        #expect(window.pool.bufferCount == 1)

        toplevel.surface.releaseBuffers()
        try harness.pump { !harness.compositor.clientObjectExists(id: old) }
    }
}
