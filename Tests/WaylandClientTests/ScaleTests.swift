import Testing
import TestCompositor
@testable import WaylandClient

/// HiDPI: integer output scales and fractional scale, seen in the commits.
@Suite struct ScaleTests {
    @Test func scaleOneOutputKeepsBufferAtLogicalSize() throws {
        let compositor = TestCompositor()
        let output = compositor.addOutput(name: "one", scale: 1)
        let harness = try Harness(compositor: compositor)
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        toplevel.surface.enter(output)
        try harness.settle()
        let commit = try #require(toplevel.surface.lastCommit)
        #expect(commit.bufferWidth == 800 && commit.bufferHeight == 600)
        #expect(commit.bufferScale == 1)
        #expect(commit.viewportDestination == nil)
        #expect(window.scaleFactor == 1)
    }

    @Test func scaleTwoOutputDoublesTheBufferFromTheFirstFrame() throws {
        let compositor = TestCompositor()
        let output = compositor.addOutput(name: "hidpi", scale: 2)
        let harness = try Harness(compositor: compositor)
        let painter = Painter()
        painter.mark = SurfaceRect(x: 10, y: 20, width: 3, height: 1)
        let (window, toplevel) = try harness.mapWindow(painter: painter)
        // The only output's scale is used before the surface enters it: the
        // first frame is already sharp, none is wasted.
        #expect(painter.draws.count == 1)
        #expect(painter.draws.first?.scale == 2)
        try harness.completeFrame(window)
        toplevel.surface.enter(output)
        try harness.settle()
        #expect(painter.draws.count == 1, "entering the expected output changes nothing")

        let commit = try #require(toplevel.surface.lastCommit)
        #expect(commit.bufferScale == 2)
        #expect(commit.bufferWidth == 1600 && commit.bufferHeight == 1200)
        #expect(commit.viewportDestination == nil)
        #expect(window.size == SurfaceSize(width: 800, height: 600), "the logical size does not change")
        #expect(window.bufferScale == 2)
        // A 3×1 logical mark at (10, 20) covers exactly 6×2 physical pixels at (20, 40).
        #expect(commit.pixel(x: 20, y: 40) == painter.ink)
        #expect(commit.pixel(x: 25, y: 41) == painter.ink)
        #expect(commit.pixel(x: 19, y: 40) == painter.colour)
        #expect(commit.pixel(x: 26, y: 40) == painter.colour)
        #expect(commit.pixel(x: 20, y: 39) == painter.colour)
        #expect(commit.pixel(x: 20, y: 42) == painter.colour)
    }

    @Test func damageIsSentInBufferPixels() throws {
        let compositor = TestCompositor()
        let output = compositor.addOutput(name: "hidpi", scale: 2)
        let harness = try Harness(compositor: compositor)
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        toplevel.surface.enter(output)
        try harness.completeFrame(window)
        #expect(toplevel.surface.lastCommit?.bufferScale == 2)
        window.setNeedsDisplay(SurfaceRect(x: 10, y: 10, width: 20, height: 20))
        try harness.settle()
        #expect(toplevel.surface.lastCommit?.bufferDamage == [DamageRect(x: 20, y: 20, width: 40, height: 40)])
    }

    @Test func fractionalScaleUsesAViewportAndRoundsHalfAwayFromZero() throws {
        let compositor = TestCompositor()
        let output = compositor.addOutput(name: "two", scale: 2)
        let harness = try Harness(compositor: compositor)
        let painter = Painter()
        painter.mark = SurfaceRect(x: 10, y: 10, width: 2, height: 2)
        let (window, toplevel) = try harness.mapWindow(painter: painter, width: 801, height: 601)
        try harness.completeFrame(window)
        toplevel.surface.enter(output)
        toplevel.surface.sendPreferredScale(1.5)
        try harness.pump { toplevel.surface.lastCommit?.viewportDestination != nil }

        let commit = try #require(toplevel.surface.lastCommit)
        // 801 × 1.5 = 1201.5 → 1202; 601 × 1.5 = 901.5 → 902.
        #expect(commit.bufferWidth == 1202 && commit.bufferHeight == 902)
        #expect(commit.bufferScale == 1, "with a viewport the buffer scale stays 1")
        #expect(commit.viewportDestination?.width == 801 && commit.viewportDestination?.height == 601)
        #expect(window.scaleFactor == 1.5)
        // The 2×2 logical mark at (10, 10) covers physical pixels 15 ..< 18.
        #expect(commit.pixel(x: 15, y: 15) == painter.ink)
        #expect(commit.pixel(x: 17, y: 17) == painter.ink)
        #expect(commit.pixel(x: 14, y: 15) == painter.colour)
        #expect(commit.pixel(x: 18, y: 15) == painter.colour)
    }

    @Test func movingBetweenOutputsRerendersAtTheNewScale() throws {
        let compositor = TestCompositor()
        let standard = compositor.addOutput(name: "standard", scale: 1)
        let hidpi = compositor.addOutput(name: "hidpi", scale: 2)
        let harness = try Harness(compositor: compositor)
        let painter = Painter()
        let (window, toplevel) = try harness.mapWindow(painter: painter)
        var configuredScale: Double?
        window.onConfigure = { _, scale, _ in configuredScale = scale }
        let surface = toplevel.surface
        #expect(painter.draws.last?.scale == 1, "outputs differ: scale 1 until the surface enters one")
        surface.enter(standard)
        try harness.settle()
        try harness.completeFrame(window)
        let draws = painter.draws.count

        // Crossing: on both outputs, the denser one decides.
        surface.enter(hidpi)
        try harness.pump { surface.lastCommit?.bufferScale == 2 }
        #expect(surface.lastCommit?.bufferWidth == 1600)
        #expect(painter.draws.count == draws + 1)
        #expect(painter.draws.last?.damage == [SurfaceRect(x: 0, y: 0, width: 800, height: 600)])
        #expect(painter.draws.last?.scale == 2)
        #expect(configuredScale == 2)
        try harness.completeFrame(window)

        surface.leave(hidpi)
        try harness.pump { surface.lastCommit?.bufferScale == 1 }
        #expect(surface.lastCommit?.bufferWidth == 800)
        #expect(surface.lastCommit?.bufferDamage == [DamageRect(x: 0, y: 0, width: 800, height: 600)])
    }

    @Test func outputScaleChangesAndUnplugsAreFollowed() throws {
        let compositor = TestCompositor()
        let output = compositor.addOutput(name: "changing", scale: 1)
        let harness = try Harness(compositor: compositor)
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        toplevel.surface.enter(output)
        try harness.settle()
        try harness.completeFrame(window)
        output.setScale(3)
        try harness.pump { toplevel.surface.lastCommit?.bufferScale == 3 }
        #expect(toplevel.surface.lastCommit?.bufferWidth == 2400)
        try harness.completeFrame(window)
        output.remove()
        try harness.pump { toplevel.surface.lastCommit?.bufferScale == 1 }
        #expect(toplevel.surface.lastCommit?.bufferWidth == 800)
    }
}
