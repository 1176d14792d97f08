@testable import Decorations
import Testing
import Timing
import TouchCore

/// The Export dialog's toggle groups (issue 36), on a core window alone: a
/// press chooses the choice it is released over, one that slides off
/// chooses nothing, and a dimmed group takes no press.
@Suite struct ToggleGroupViewTests {
    final class Fixture {
        let window = Window(size: Size(width: 400, height: 300), timers: TimerQueue(clock: ManualClock()))
        let group = ToggleGroupView(titles: ["PNG", "SVG", "PDF"], frame: Rect(x: 100, y: 100, width: 210, height: 40))
        var chosen: [Int] = []
        private var time = 0.0

        init() {
            window.addSubview(group)
            group.onChange = { [unowned self] in chosen.append($0) }
        }

        func send(_ phase: RawTouch.Phase, _ x: Double, _ y: Double) {
            time += 0.01
            let change = RawTouch(device: InputDeviceID(seat: "seat0", kind: .finger), id: 1,
                                  phase: phase, location: Point(x: x, y: y), timestamp: time)
            window.handle(TouchFrame(changes: [change], timestamp: time))
        }

        /// A press down at `start`, moved to `end` and lifted there.
        func press(from start: (Double, Double), to end: (Double, Double)) {
            send(.down, start.0, start.1)
            send(.move, end.0, end.1)
            send(.up, end.0, end.1)
        }
    }

    @Test func aTapChoosesTheChoiceUnderIt() {
        let fixture = Fixture()
        fixture.press(from: (275, 120), to: (276, 121))
        #expect(fixture.group.selectedIndex == 2 && fixture.chosen == [2])
        // The chosen one again changes nothing.
        fixture.press(from: (275, 120), to: (275, 120))
        #expect(fixture.chosen == [2])
    }

    @Test func aPressThatSlidesOffItsChoiceChoosesNothing() {
        let fixture = Fixture()
        fixture.press(from: (170, 120), to: (240, 120))
        #expect(fixture.group.selectedIndex == 0 && fixture.chosen.isEmpty, "not the one it went down on, nor the one it left on")
    }

    @Test func aDimmedGroupTakesNoPress() {
        let fixture = Fixture()
        fixture.group.isEnabled = false
        fixture.press(from: (170, 120), to: (170, 120))
        #expect(fixture.group.selectedIndex == 0 && fixture.chosen.isEmpty)
    }
}
