import TestCompositor
import Testing

/// Headless weston 10's repaint loop as the benchmark's scripted
/// compositor plays it, and the client that commits on every event worked
/// out on it.
@Suite struct WestonRepaintCadenceTests {
    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func aCommitFromIdleIsRepaintedAfterTheRefreshLessTheRepaintWindow() throws {
        var loop = WestonRepaintCadence()
        #expect(loop.nextEvent == nil, "idle until something is committed")
        loop.committed(at: 1)
        let repaint = try #require(loop.nextRepaint)
        #expect(close(repaint - 1, 1.0 / 60 - 0.007), "≈ 9.7 ms")
        let repainted = loop.repaint(hasNewCommit: true)
        #expect(repainted)
        #expect(close(try #require(loop.pendingPresentation), repaint + 0.016))
    }

    @Test func whileBusyRepaintsComeEvery25Point7Milliseconds() throws {
        var loop = WestonRepaintCadence()
        loop.committed(at: 1)
        var repaints: [Double] = []
        for _ in 0..<3 {
            repaints.append(try #require(loop.nextRepaint))
            let repainted = loop.repaint(hasNewCommit: true)
            #expect(repainted)
            loop.committed(at: try #require(loop.pendingPresentation) - 0.001)
            loop.presented()
        }
        #expect(close(repaints[1] - repaints[0], 0.016 + 1.0 / 60 - 0.007))
        #expect(close(repaints[2] - repaints[1], repaints[1] - repaints[0]))
    }

    @Test func aRepaintThatFindsNothingStopsTheLoop() {
        var loop = WestonRepaintCadence()
        loop.committed(at: 1)
        let repainted = loop.repaint(hasNewCommit: true)
        #expect(repainted)
        loop.presented()
        let stopped = !loop.repaint(hasNewCommit: false)
        #expect(stopped)
        #expect(loop.nextEvent == nil)
        loop.committed(at: 2)
        #expect(close(loop.nextRepaint ?? 0, 2 + 1.0 / 60 - 0.007), "the next commit starts it again")
    }

    @Test func theEveryEventClientIsShownAtTheFirstRepaintAfterEachCommit() {
        // One commit from idle; then two 10 ms apart while busy.
        let first = 1.0, toRepaint = 1.0 / 60 - 0.007
        let latencies = WestonRepaintCadence.everyEventLatencies(commits: [first, first + 0.005, first + 0.015])
        #expect(latencies.count == 3)
        // The first and second make the repaint at first + 9.7 ms.
        #expect(close(latencies[0], toRepaint + 0.016))
        #expect(close(latencies[1], toRepaint + 0.016 - 0.005))
        // The third waits for the next repaint, 25.7 ms after the first.
        #expect(close(latencies[2], 2 * toRepaint + 2 * 0.016 - 0.015))
    }
}
