@testable import Decorations
import Testing
import TestSupport
import Timing
import TouchCore

/// The scroll view's content stays under the dragging finger, from where
/// the finger went down: the pan's translation starts at zero once it has
/// moved past its hysteresis, and the scroll view adds that distance.
@Suite struct ScrollViewTests {
    @Test func theContentFollowsTheFingerFromWhereItWentDown() {
        let window = Window(size: Size(width: 200, height: 100), timers: TimerQueue(clock: ManualClock()))
        let scroll = ScrollView(contentView: View(frame: Rect(x: 0, y: 0, width: 200, height: 400)))
        scroll.frame = window.bounds
        window.addSubview(scroll)
        func send(_ change: RawTouch) { window.handle(TouchFrame(changes: [change], timestamp: change.timestamp)) }
        send(down(1, 50, 90, at: 0))
        send(move(1, 50, 75, at: 0.05))
        #expect(scroll.contentOffset == 15, "the first 15 points scroll too")
        send(move(1, 50, 30, at: 0.1))
        #expect(scroll.contentOffset == 60)
        send(up(1, at: 0.15))
        #expect(scroll.contentOffset == 60)
    }
}
