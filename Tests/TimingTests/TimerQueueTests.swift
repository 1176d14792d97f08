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
