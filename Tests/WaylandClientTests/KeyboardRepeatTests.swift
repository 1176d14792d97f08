import Testing
import Timing
@testable import WaylandClient

@Suite struct KeyboardRepeatTests {
    @Test func repeatsAfterDelayAtRateUntilStopped() {
        let timers = TimerQueue(clock: ManualClock())
        let repeater = KeyRepeat(timers: timers)
        repeater.configure(rate: 10, delay: 500)
        var fired: [Double] = []
        repeater.start(code: 30) { fired.append(timers.clock.now) }
        timers.advance(by: 0.499)
        #expect(fired.isEmpty)
        timers.advance(by: 0.25)
        #expect(fired.count == 3)
        #expect(abs(fired[0] - 0.5) < 1e-9 && abs(fired[2] - 0.7) < 1e-9)
        repeater.stop()
        timers.advance(by: 5)
        #expect(fired.count == 3)
        #expect(timers.count == 0)
    }

    @Test func defaultIs25PerSecondAfter600ms() {
        let timers = TimerQueue(clock: ManualClock())
        let repeater = KeyRepeat(timers: timers)
        var count = 0
        repeater.start(code: 30) { count += 1 }
        timers.advance(by: 0.599)
        #expect(count == 0)
        timers.advance(by: 0.001 + 0.99)
        #expect(count == 25, "one at 0.6 s, then every 40 ms up to 1.56 s")
    }

    @Test func rateZeroMeansNoRepeat() {
        let timers = TimerQueue(clock: ManualClock())
        let repeater = KeyRepeat(timers: timers)
        repeater.configure(rate: 0, delay: 100)
        var count = 0
        repeater.start(code: 30) { count += 1 }
        timers.advance(by: 10)
        #expect(count == 0)
        #expect(repeater.code == nil)
    }

    @Test func anotherKeyReplacesTheRepeatingOne() {
        let timers = TimerQueue(clock: ManualClock())
        let repeater = KeyRepeat(timers: timers)
        var keys: [UInt32] = []
        repeater.start(code: 30) { keys.append(30) }
        timers.advance(by: 0.3)
        repeater.start(code: 31) { keys.append(31) }
        timers.advance(by: 0.7)
        #expect(keys == [31, 31, 31])
        #expect(repeater.code == 31)
    }
}
