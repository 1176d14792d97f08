import Testing
import Timing
@testable import WaylandClient
#if canImport(Glibc)
import Glibc
import Platform
#endif

@Suite struct EventLoopTimeoutTests {
    @Test func sleepsWithoutTimeoutWhenNothingIsScheduled() {
        #expect(EventLoop.pollTimeout(deadline: nil, now: 5, limit: nil) == -1)
    }

    @Test func roundsUpToWholeNanosecondsSoItNeverWakesEarly() {
        #expect(EventLoop.pollTimeout(deadline: 5.25, now: 5, limit: nil) == 250_000_000)
        #expect(EventLoop.pollTimeout(deadline: 0.5000000001, now: 0.5, limit: nil) == 1)
        #expect(EventLoop.pollTimeout(deadline: 6, now: 5, limit: nil) == 1_000_000_000)
    }

    @Test func dueOrPastDeadlinesDoNotSleep() {
        #expect(EventLoop.pollTimeout(deadline: 5, now: 5, limit: nil) == 0)
        #expect(EventLoop.pollTimeout(deadline: 4, now: 5, limit: nil) == 0)
        #expect(EventLoop.pollTimeout(deadline: nil, now: 5, limit: 0) == 0)
    }

    @Test func theEarlierOfDeadlineAndLimitWins() {
        #expect(EventLoop.pollTimeout(deadline: 7, now: 5, limit: 0.25) == 250_000_000)
        #expect(EventLoop.pollTimeout(deadline: 5.1, now: 5, limit: 10) == 100_000_000)
        #expect(EventLoop.pollTimeout(deadline: 1e12, now: 0, limit: nil) == Int64.max)
    }

    @Test func timeoutFollowsTheTimerQueueOnAFakeClock() {
        let clock = ManualClock(now: 100)
        let timers = TimerQueue(clock: clock)
        timers.schedule(after: 0.5) {}
        #expect(EventLoop.pollTimeout(deadline: timers.nextDeadline, now: clock.now, limit: nil) == 500_000_000)
        clock.set(100.4)
        #expect(EventLoop.pollTimeout(deadline: timers.nextDeadline, now: clock.now, limit: nil) == 100_000_000)
    }
}

@Suite struct EventLoopTests {
    @Test func hooksAfterTheFlushRunOnceTheFrameHasReachedTheCompositor() throws {
        let harness = try Harness(clock: SystemClock())
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        try harness.completeFrame(window)
        try harness.settle()
        let commits = toplevel.surface.commits.count
        var commitsSeenByHook: [Int] = []
        for stage in [LoopStage.flushed, .idle] {
            harness.loop.add(stage) {
                // What the compositor has received by now.
                harness.compositor.dispatch()
                commitsSeenByHook.append(toplevel.surface.commits.count)
            }
        }
        window.setNeedsDisplay(SurfaceRect(x: 10, y: 10, width: 20, height: 20))
        try harness.loop.runOnce(timeout: 0)
        #expect(commitsSeenByHook == [commits + 1, commits + 1], "the frame's commit was flushed before the hooks ran")
    }

    @Test func anIdleHookThatDidWorkKeepsTheLoopFromSleeping() throws {
        let harness = try Harness(clock: SystemClock())
        let (window, _) = try harness.mapWindow(painter: Painter())
        try harness.completeFrame(window)
        try harness.settle()
        var pending = 1
        var calls = 0
        harness.loop.add(.idle) {
            calls += 1
            guard pending > 0 else { return }
            pending -= 1
            harness.loop.lookAgainBeforeSleeping()
        }
        let start = SystemClock().now
        try harness.loop.runOnce(timeout: 2)
        #expect(SystemClock().now - start < 1, "it looked again at once instead of sleeping")
        #expect(calls == 1)
        // With nothing left to do, the next iteration sleeps its full timeout.
        let idleStart = SystemClock().now
        try harness.loop.runOnce(timeout: 0.2)
        #expect(SystemClock().now - idleStart >= 0.19)
        #expect(calls == 2)
    }

    @Test func idleLoopWithAMappedWindowSleepsUntilItsTimerIsDue() throws {
        // A real clock: nothing but the timer may wake the loop.
        let harness = try Harness(clock: SystemClock())
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        try harness.completeFrame(window)
        try harness.settle()
        let commits = toplevel.surface.commits.count
        let wakeUps = harness.loop.wakeUps
        var fired = false
        harness.loop.timers.schedule(after: 0.05) {
            fired = true
            harness.loop.stop()
        }
        try harness.loop.run()
        #expect(fired)
        #expect(harness.loop.wakeUps == wakeUps + 1, "one sleep, woken by the timer")
        harness.compositor.dispatch()
        #expect(toplevel.surface.commits.count == commits, "an idle window commits nothing")
    }

    @Test func watchedDescriptorWakesTheLoop() throws {
        let harness = try Harness()
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var readable = 0
        let watch = harness.loop.watch(fd: fds[0], events: .readable) { _ in
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            readable += 1
        }
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
        try harness.loop.runOnce(timeout: nil)
        #expect(readable == 1)
        watch.cancel()
        _ = write(fds[1], &byte, 1)
        try harness.loop.runOnce(timeout: 0)
        #expect(readable == 1)
    }

    @Test func stopFromAHookEndsRunWithoutSleeping() throws {
        // Nothing but a distant timer could wake the loop's sleep.
        let harness = try Harness(clock: SystemClock())
        var safetyNetFired = false
        let safetyNet = harness.loop.timers.schedule(after: 5) { safetyNetFired = true }
        let wakeUps = harness.loop.wakeUps
        harness.loop.add(.present) { harness.loop.stop() }
        try harness.loop.run()
        #expect(harness.loop.wakeUps == wakeUps + 1)
        #expect(!safetyNetFired, "run() returned without waiting for the next timer")
        safetyNet.cancel()
    }

    @Test func hooksRunEachIteration() throws {
        let harness = try Harness()
        var runs = 0
        harness.loop.add(.present) { runs += 1 }
        try harness.loop.runOnce(timeout: 0)
        try harness.loop.runOnce(timeout: 0)
        #expect(runs == 2)
    }

    @Test func lostConnectionEndsTheLoopWithAClearError() throws {
        let harness = try Harness()
        harness.compositor.disconnectClient()
        #expect {
            try harness.loop.run()
        } throws: { error in
            guard case WaylandError.connectionLost(let reason) = error else { return false }
            return reason == "the compositor closed the connection"
                && "\(error)" == "Lost the connection to the Wayland compositor: the compositor closed the connection."
        }
    }
}

@Suite struct LoopStageTests {
    @Test func stagesRunInTheirOrderWhateverOrderTheHooksWereAddedIn() throws {
        let harness = try Harness(clock: SystemClock())
        var order: [String] = []
        harness.loop.add(.idle) { order.append("idle") }
        harness.loop.add(.present) { order.append("present") }
        harness.loop.add(.flushed) { order.append("flushed") }
        harness.loop.add(.closeInput) { order.append("closeInput") }
        harness.loop.add(.present) { order.append("present 2") }
        try harness.loop.runOnce(timeout: 0)
        #expect(order == ["closeInput", "present", "present 2", "flushed", "idle"])
    }
}
