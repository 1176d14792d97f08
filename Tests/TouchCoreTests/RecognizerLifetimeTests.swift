import Testing
import TestSupport
import Timing
@testable import TouchCore

/// A recognizer's timers do not keep it alive: once nothing else holds it,
/// it is gone, and its pending timers do nothing when they come due.
@Suite struct RecognizerLifetimeTests {
    /// Counts action messages without holding the recognizer.
    final class Counter {
        var actions = 0
    }

    @Test func aDroppedRecognizerWithAPendingTimerIsFreedAndItsTimerDoesNothing() {
        let clock = ManualClock()
        let timers = TimerQueue(clock: clock)
        let counter = Counter()
        weak var droppedTap: TapGestureRecognizer?
        do {
            let window = Window(size: Size(width: 400, height: 300), timers: timers)
            let view = View(frame: rect(0, 0, 400, 300))
            window.addSubview(view)
            let doubleTap = TapGestureRecognizer(target: counter, action: Action("count")) { counter, _ in
                counter.actions += 1
            }
            doubleTap.numberOfTapsRequired = 2
            view.addGestureRecognizer(doubleTap)
            droppedTap = doubleTap
            // One tap: the double tap now waits for the second one on a timer.
            window.send(down(1, 50, 50, at: 0))
            window.send(up(1, at: 0.05))
            #expect(timers.count > 0)
        }
        #expect(droppedTap == nil)
        timers.advance(by: 2)
        #expect(counter.actions == 0)
        #expect(timers.count == 0)
    }

    @Test func aRecognizerThatOutlivesItsWindowStillFinishesItsGesture() {
        let clock = ManualClock()
        let timers = TimerQueue(clock: clock)
        let counter = Counter()
        let doubleTap = TapGestureRecognizer(target: counter, action: Action("count")) { counter, _ in
            counter.actions += 1
        }
        doubleTap.numberOfTapsRequired = 2
        weak var droppedWindow: Window?
        do {
            let window = Window(size: Size(width: 400, height: 300), timers: timers)
            let view = View(frame: rect(0, 0, 400, 300))
            window.addSubview(view)
            view.addGestureRecognizer(doubleTap)
            droppedWindow = window
            window.send(down(1, 50, 50, at: 0))
            window.send(up(1, at: 0.05))
        }
        #expect(droppedWindow == nil)
        // The wait for the second tap runs out with no window left: the
        // recognizer fails on its own (which sends no action).
        timers.advance(by: 2)
        #expect(doubleTap.state == .failed)
        #expect(counter.actions == 0)
    }
}
