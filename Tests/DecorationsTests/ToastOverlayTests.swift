@testable import Decorations
import Testing
import Timing

/// When a toast shows and goes, on a fake clock: after its time, on its
/// button (whose action then runs once), or when another takes its place.
@Suite struct ToastOverlayTests {
    final class Fixture {
        let timers = TimerQueue(clock: ManualClock())
        let overlay: ToastOverlay
        var events: [String] = []

        init() {
            overlay = ToastOverlay(timers: timers)
            overlay.onEvent = { [unowned self] event in
                switch event {
                case .shown(let toast): events.append("shown \(toast.title)")
                case .dismissed(let toast, let reason): events.append("dismissed \(toast.title): \(reason.rawValue)")
                }
            }
        }
    }

    @Test func aToastStaysForItsTimeThenGoesByItself() {
        let fixture = Fixture()
        fixture.overlay.show(Toast("Drawing cleared"))
        fixture.timers.advance(by: Toast.defaultTimeout - 0.1)
        #expect(fixture.overlay.current?.title == "Drawing cleared")
        fixture.timers.advance(by: 0.2)
        #expect(fixture.overlay.current == nil)
        #expect(fixture.events == ["shown Drawing cleared", "dismissed Drawing cleared: timeout"])
        #expect(fixture.timers.count == 0, "no timer is left behind")
    }

    @Test func aNewToastReplacesTheShownOneAndGetsItsOwnFullTime() {
        let fixture = Fixture()
        fixture.overlay.show(Toast("Line deleted"))
        fixture.timers.advance(by: 4)
        fixture.overlay.show(Toast("Exported"))
        // The first toast's time runs out here; the second's does not.
        fixture.timers.advance(by: 2)
        #expect(fixture.overlay.current?.title == "Exported")
        fixture.timers.advance(by: 3.1)
        #expect(fixture.overlay.current == nil)
        #expect(fixture.events == ["shown Line deleted", "dismissed Line deleted: replaced", "shown Exported",
                                   "dismissed Exported: timeout"])
    }

    @Test func theButtonDismissesTheToastThenRunsItsActionOnce() {
        let fixture = Fixture()
        var undone = 0
        fixture.overlay.show(Toast("Drawing cleared", button: "Undo") {
            undone += 1
            #expect(fixture.overlay.current == nil, "the toast is gone before the action runs")
        })
        fixture.overlay.pressButton()
        fixture.overlay.pressButton()
        #expect(undone == 1)
        #expect(fixture.events.last == "dismissed Drawing cleared: button")
        fixture.timers.advance(by: 10)
        #expect(fixture.events.count == 2, "its timer died with it")
    }

    @Test func dismissingWhenNothingShowsSaysNothing() {
        let fixture = Fixture()
        fixture.overlay.dismiss(.stroke)
        fixture.overlay.show(Toast("Exported"))
        fixture.overlay.dismiss(.stroke)
        fixture.overlay.dismiss(.stroke)
        #expect(fixture.events == ["shown Exported", "dismissed Exported: stroke"])
    }
}
