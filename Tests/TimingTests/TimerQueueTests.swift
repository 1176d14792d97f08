import Testing
import Timing

@Suite struct TimerQueueTests {
    @Test func oneShotFiresOnceAtItsDeadline() {
        let queue = TimerQueue(clock: ManualClock())
        var firedAt: [Double] = []
        queue.schedule(after: 0.5) { firedAt.append(queue.clock.now) }
        queue.advance(by: 0.49)
        #expect(firedAt.isEmpty)
        queue.advance(by: 1)
        #expect(firedAt == [0.5])
        #expect(queue.count == 0)
        #expect(queue.nextDeadline == nil)
    }

    @Test func repeatingFiresEveryIntervalUntilCancelled() {
        let queue = TimerQueue(clock: ManualClock())
        var ticks = 0
        let timer = queue.schedule(after: 0.5, repeating: 0.25) { ticks += 1 }
        queue.advance(by: 0.5)
        #expect(ticks == 1)
        queue.advance(by: 1)
        #expect(ticks == 5)
        timer.cancel()
        #expect(!timer.isActive)
        queue.advance(by: 1)
        #expect(ticks == 5)
    }

    @Test func timersFireInDeadlineOrder() {
        let queue = TimerQueue(clock: ManualClock())
        var order: [String] = []
        queue.schedule(after: 0.3) { order.append("c") }
        queue.schedule(after: 0.1) { order.append("a") }
        queue.schedule(after: 0.2) { order.append("b") }
        queue.advance(by: 1)
        #expect(order == ["a", "b", "c"])
    }

    @Test func anActionCanCancelALaterDueTimer() {
        let queue = TimerQueue(clock: ManualClock())
        var fired: [String] = []
        var second: TimerHandle?
        queue.schedule(after: 0.1) { fired.append("first"); second?.cancel() }
        second = queue.schedule(after: 0.1) { fired.append("second") }
        queue.advance(by: 0.2)
        #expect(fired == ["first"])
    }

    @Test func anActionCanScheduleAnotherTimer() {
        let queue = TimerQueue(clock: ManualClock())
        var fired: [Double] = []
        queue.schedule(after: 0.1) {
            queue.schedule(after: 0.1) { fired.append(queue.clock.now) }
        }
        queue.advance(by: 0.5)
        #expect(fired == [0.2])
    }

    /// The event loop calls `fireDue()` at arbitrary times, not only at
    /// deadlines: each timer still fires at the first call after its
    /// deadline, whatever was cancelled, found not due or fired before.
    @Test func fireDueFindsEachTimerAtTheFirstCallAfterItsDeadline() {
        let clock = ManualClock()
        let queue = TimerQueue(clock: clock)
        var fired: [String] = []
        let cancelled = queue.schedule(after: 0.25) { fired.append("cancelled") }
        queue.schedule(after: 2) { fired.append("late") }
        cancelled.cancel()
        clock.set(0.5)
        #expect(queue.fireDue() == 0)
        queue.schedule(after: 0.25) { fired.append("scheduled after a call that found nothing due") }
        clock.set(0.625)
        #expect(queue.fireDue() == 0)
        clock.set(1)
        #expect(queue.fireDue() == 1)
        queue.schedule(after: 0.25, repeating: 0.25) { fired.append("tick") }
        clock.set(1.25)
        #expect(queue.fireDue() == 1)
        clock.set(1.5)
        #expect(queue.fireDue() == 1)
        clock.set(2)
        #expect(queue.fireDue() == 2)
        #expect(fired == ["scheduled after a call that found nothing due", "tick", "tick", "tick", "late"])
    }

    @Test func nextDeadlineIsTheEarliest() {
        let queue = TimerQueue(clock: ManualClock(now: 10))
        queue.schedule(after: 2) {}
        let early = queue.schedule(after: 1) {}
        #expect(queue.nextDeadline == 11)
        early.cancel()
        #expect(queue.nextDeadline == 12)
    }

    @Test func aStalledRepeatingTimerDoesNotBurst() {
        let clock = ManualClock()
        let queue = TimerQueue(clock: clock)
        var ticks = 0
        queue.schedule(after: 0.1, repeating: 0.1) { ticks += 1 }
        clock.set(5)   // the loop was blocked for 5 s
        queue.fireDue()
        #expect(ticks == 1)
        #expect(queue.nextDeadline == 5.1)
    }
}

/// A window's timers in the loop's queue (issue 37): they fire with the
/// loop's, and closing the window cancels exactly them.
@Suite struct SharedTimerQueueTests {
    @Test func timersScheduledThroughASharingQueueFireInTheLoopsQueue() {
        let loop = TimerQueue(clock: ManualClock())
        let window = TimerQueue(sharing: loop)
        var fired: [String] = []
        window.schedule(after: 0.2) { fired.append("window") }
        loop.schedule(after: 0.1) { fired.append("loop") }
        #expect(loop.nextDeadline == 0.1 && window.count == 1 && loop.count == 2)
        loop.advance(by: 1)
        #expect(fired == ["loop", "window"])
        #expect(window.count == 0)
    }

    @Test func cancelAllCancelsOnlyTheSharingQueuesTimers() {
        let loop = TimerQueue(clock: ManualClock())
        let closed = TimerQueue(sharing: loop), open = TimerQueue(sharing: loop)
        var fired: [String] = []
        closed.schedule(after: 0.5) { fired.append("closed") }
        closed.schedule(after: 0.1, repeating: 0.1) { fired.append("closed repeating") }
        open.schedule(after: 0.5) { fired.append("open") }
        loop.schedule(after: 0.5) { fired.append("loop") }
        closed.cancelAll()
        #expect(closed.count == 0 && loop.count == 2)
        loop.advance(by: 1)
        #expect(fired == ["open", "loop"])
    }
}
