import Testing
import TestSupport
import Timing
@testable import TouchCore

/// The chapter's "events are queued by the UIApplication singleton": every
/// touch event goes through `Application.sendEvent(_:)`, then its window's
/// `sendEvent(_:)`, before any recognizer or view sees it; either may watch
/// events or hold them back.
@Suite struct ApplicationSendEventTests {
    final class WatchingApplication: Application {
        let log: Log
        var holdsBack = false
        init(log: Log) {
            self.log = log
            super.init()
        }
        override func sendEvent(_ event: Event) {
            log.entries.append("application \(event.allTouches.first!.phase)")
            if !holdsBack { super.sendEvent(event) }
        }
    }

    final class WatchingWindow: Window {
        let log: Log
        init(log: Log) {
            self.log = log
            super.init(size: Size(width: 200, height: 200), timers: TimerQueue(clock: ManualClock()))
        }
        override func sendEvent(_ event: Event) {
            log.entries.append("window")
            super.sendEvent(event)
        }
    }

    let log = Log()
    let application: WatchingApplication
    let window: WatchingWindow
    let view: RecordingView

    init() {
        application = WatchingApplication(log: log)
        window = WatchingWindow(log: log)
        application.addWindow(window)
        view = RecordingView("view", frame: window.bounds, log: log)
        window.addSubview(view)
    }

    @Test func everyTouchEventGoesThroughTheApplicationThenItsWindow() {
        window.send(down(1, 10, 10, at: 0))
        window.send(move(1, 20, 10, at: 0.1))
        window.send(up(1, at: 0.2))
        #expect(log.entries == [
            "application began", "window", "view began",
            "application moved", "window", "view moved",
            "application ended", "window", "view ended",
        ])
    }

    @Test func anEventTheApplicationHoldsBackReachesNoView() {
        application.holdsBack = true
        window.send(down(1, 10, 10, at: 0))
        window.send(up(1, at: 0.1))
        #expect(log.entries == ["application began", "application ended"])
    }

    @Test func anEventSentAgainLaterDeliversNothing() throws {
        var kept: Event?
        let keeper = KeepingApplication { kept = $0 }
        let window = makeWindow()
        keeper.addWindow(window)
        let view = RecordingView("view", frame: window.bounds, log: log)
        window.addSubview(view)
        window.send(down(1, 10, 10, at: 0))
        #expect(log.entries == ["view began"])
        window.sendEvent(try #require(kept))
        #expect(log.entries == ["view began"], "its touches have moved on")
    }

    @Test func anEventKeptAfterItsWindowWentIsSentNowhere() throws {
        var kept: Event?
        let keeper = KeepingApplication { kept = $0 }
        do {
            let window = makeWindow()
            keeper.addWindow(window)
            window.addSubview(RecordingView("view", frame: window.bounds, log: log))
            window.send(down(1, 10, 10, at: 0))
            keeper.removeWindow(window)
        }
        let event = try #require(kept)
        #expect(event.window == nil, "an event names its window only while that window sends it")
        keeper.sendEvent(event)
        #expect(log.entries == ["view began"])
    }

    @Test func aWindowOutlivingItsApplicationBelongsToNone() {
        let window = makeWindow()
        do {
            let shortLived = Application()
            shortLived.addWindow(window)
            #expect(window.application === shortLived)
        }
        #expect(window.application == nil)
        window.addSubview(RecordingView("view", frame: window.bounds, log: log))
        window.send(down(1, 10, 10, at: 0))
        #expect(log.entries == ["view began"], "it sends its events straight to itself")
    }

    final class KeepingApplication: Application {
        let keep: (Event) -> Void
        init(keep: @escaping (Event) -> Void) {
            self.keep = keep
            super.init()
        }
        override func sendEvent(_ event: Event) {
            keep(event)
            super.sendEvent(event)
        }
    }

    @Test func theSharedApplicationIsTheOneMadeShared() {
        let shared = Application()
        shared.makeShared()
        #expect(Application.shared === shared)
        #expect(MenuController.shared === shared.menuController)
    }
}
