import Testing
import TestSupport
@testable import TouchCore

/// SPEC §1: raw batches become touches, phases and deliveries.
@Suite struct WindowTouchTests {
    let window = makeWindow(width: 400, height: 300)
    let log = Log()
    let left: RecordingView
    let right: RecordingView

    init() {
        left = RecordingView("left", frame: rect(0, 0, 200, 300), log: log)
        right = RecordingView("right", frame: rect(200, 0, 200, 300), log: log)
        window.addSubview(left)
        window.addSubview(right)
    }

    @Test func fingersDownInOneFrameArriveInOneTouchesBegan() {
        window.send(down(1, 10, 10), down(2, 50, 50), down(3, 90, 90))
        #expect(left.calls.count == 1)
        #expect(left.calls.first?.phase == .began)
        #expect(left.calls.first?.touches.count == 3)
    }

    @Test func fingersDownInSeparateFramesArriveSeparately() {
        window.send(down(1, 10, 10))
        window.send(down(2, 50, 50))
        #expect(left.phases == [.began, .began])
        #expect(left.calls.map(\.touches.count) == [1, 1])
    }

    @Test func eachViewGetsItsOwnTouchesOfAFrame() {
        window.send(down(1, 10, 10), down(2, 250, 10), down(3, 20, 20))
        #expect(left.calls.map(\.touches.count) == [2])
        #expect(right.calls.map(\.touches.count) == [1])
        #expect(log.entries == ["left began", "right began"])
    }

    @Test func locationAndPreviousLocationFollowTheFinger() throws {
        window.send(down(1, 10, 20, at: 1))
        let touch = try #require(left.calls.first?.touches.first)
        #expect(touch.phase == .began)
        #expect(touch.location(in: nil) == Point(x: 10, y: 20))
        #expect(touch.previousLocation(in: nil) == Point(x: 10, y: 20))
        #expect(touch.view === left)
        #expect(touch.window === window)
        #expect(touch.kind == .finger)
        window.send(move(1, 30, 40, at: 2))
        #expect(touch.phase == .moved)
        #expect(touch.timestamp == 2)
        #expect(touch.location(in: nil) == Point(x: 30, y: 40))
        #expect(touch.previousLocation(in: nil) == Point(x: 10, y: 20))
        #expect(touch.location(in: right) == Point(x: -170, y: 40))
        window.send(up(1, at: 3))
        #expect(touch.phase == .ended)
        #expect(touch.location(in: nil) == Point(x: 30, y: 40))
        #expect(left.calls.map(\.touches) == [[touch], [touch], [touch]])
    }

    @Test func aTouchThatLeavesItsViewStillReachesThatView() {
        window.send(down(1, 190, 10))
        window.send(move(1, 300, 10))
        window.send(move(1, 500, -20))
        window.send(up(1))
        #expect(left.phases == [.began, .moved, .moved, .ended])
        #expect(right.calls.isEmpty)
        #expect(left.calls.last?.touches.first?.location(in: left) == Point(x: 500, y: -20))
    }

    @Test func aViewRemovedMidTouchStillGetsTheRestOfIt() {
        window.send(down(1, 10, 10))
        left.removeFromSuperview()
        window.send(move(1, 20, 20))
        window.send(up(1))
        #expect(left.phases == [.began, .moved, .ended])
    }

    @Test func unchangedTouchesAreStationaryInTheEvent() throws {
        var events: [Event] = []
        final class Catcher: View {
            var onEvent: (Event) -> Void = { _ in }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event) { onEvent(event) }
            override func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
        }
        let catcher = Catcher(frame: rect(0, 0, 400, 300))
        catcher.onEvent = { events.append($0) }
        window.addSubview(catcher)
        window.send(down(1, 10, 10), down(2, 100, 100))
        window.send(move(1, 20, 20, at: 0.5))
        let event = try #require(events.first)
        #expect(event.allTouches.count == 2)
        #expect(event.timestamp == 0.5)
        #expect(event.allTouches.map(\.phase).sorted { "\($0)" < "\($1)" } == [.moved, .stationary])
        #expect(event.touches(for: catcher).count == 2)
        #expect(event.touches(for: left).isEmpty)
        #expect(window.activeTouches == event.allTouches)
    }

    @Test func cancelCancelsEveryActiveTouchMidGesture() {
        window.send(down(1, 10, 10), down(2, 250, 10))
        window.send(move(1, 20, 20), move(2, 260, 20))
        window.handle(.cancel(at: 1))
        #expect(left.phases == [.began, .moved, .cancelled])
        #expect(right.phases == [.began, .moved, .cancelled])
        #expect(window.activeTouches.isEmpty)
        // The compositor sends nothing more for those ids; stray events are ignored.
        window.send(move(1, 30, 30), up(2))
        #expect(left.calls.count == 3)
        #expect(right.calls.count == 3)
    }

    @Test func aCancelForOneContactCancelsOnlyThatTouch() {
        window.send(down(1, 10, 10), down(2, 20, 20))
        window.send(cancel(1))
        #expect(left.phases == [.began, .cancelled])
        #expect(left.calls.last?.touches.count == 1)
        #expect(window.activeTouches.count == 1)
    }

    @Test func eventsForUnknownIdsAreIgnored() {
        window.send(move(7, 10, 10), up(8), cancel(9))
        window.handle(.cancel(at: 0))
        #expect(log.entries.isEmpty)
        window.send(down(1, 10, 10))
        window.send(up(1))
        window.send(up(1), move(1, 20, 20))
        #expect(left.phases == [.began, .ended])
    }

    @Test func aReusedIdMakesANewTouch() throws {
        window.send(down(1, 10, 10))
        window.send(up(1))
        window.send(down(1, 10, 10, at: 5))
        let first = try #require(left.calls.first?.touches.first)
        let second = try #require(left.calls.last?.touches.first)
        #expect(first !== second)
        #expect(first.phase == .ended)
        #expect(second.phase == .began)
    }

    @Test func aDuplicateDownEndsTheOldTouchAndStartsANewOne() throws {
        window.send(down(1, 10, 10))
        window.send(down(1, 250, 10))
        #expect(left.phases == [.began, .ended])
        #expect(right.phases == [.began])
        let old = try #require(left.calls.first?.touches.first)
        let new = try #require(right.calls.first?.touches.first)
        #expect(old !== new)
        #expect(window.activeTouches == [new])
    }

    @Test func downAndUpInOneFrameAreDeliveredInOrder() {
        window.send(down(1, 10, 10), up(1))
        #expect(left.phases == [.began, .ended])
        #expect(window.activeTouches.isEmpty)
    }

    @Test func movesRightAfterADownMergeIntoTheBegan() throws {
        window.send(down(1, 10, 10), move(1, 15, 15), move(1, 20, 20), down(2, 30, 30))
        #expect(left.phases == [.began])
        let touch = try #require(left.calls.first?.touches.first { $0.location(in: nil).x == 20 })
        #expect(touch.previousLocation(in: nil) == Point(x: 20, y: 20))
    }

    @Test func movesOfOneFrameMergeAndAnUpAfterThemIsDeliveredSeparately() throws {
        window.send(down(1, 10, 10))
        window.send(move(1, 15, 15), move(1, 20, 20), up(1))
        #expect(left.phases == [.began, .moved, .ended])
        let touch = try #require(left.calls.first?.touches.first)
        #expect(touch.location(in: nil) == Point(x: 20, y: 20))
    }

    @Test func phasesOfOneFrameArriveBeganMovedEndedCancelled() {
        window.send(down(1, 10, 10), down(2, 20, 20), down(3, 30, 30))
        log.entries = []
        window.send(cancel(3), up(2), move(1, 12, 12), down(4, 40, 40))
        #expect(log.entries == ["left began", "left moved", "left ended", "left cancelled"])
    }

    @Test func aTouchThatHitsNothingIsTrackedButNotDelivered() {
        window.isUserInteractionEnabled = false
        window.send(down(1, 10, 10))
        #expect(log.entries.isEmpty)
        #expect(window.activeTouches.count == 1)
        #expect(window.activeTouches.first?.view == nil)
        window.send(up(1))
        #expect(window.activeTouches.isEmpty)
    }
}
