import Testing
import TestSupport
@testable import TouchCore

/// Tap counting and the pointer as a touch (SPEC §1).
@Suite struct TouchTests {
    let window = makeWindow()
    let view = RecordingView("view", frame: rect(0, 0, 400, 300))

    init() {
        window.addSubview(view)
    }

    private func tap(_ id: Int32, _ x: Double, _ y: Double, at time: Double, holding duration: Double = 0.1,
                     on device: InputDeviceID = fingers) -> Int {
        window.send(down(id, x, y, at: time, on: device))
        let count = view.calls.last?.touches.first?.tapCount ?? 0
        window.send(up(id, at: time + duration, on: device))
        return count
    }

    @Test func quickTapsInOnePlaceCountUp() {
        #expect(tap(1, 100, 100, at: 0) == 1)
        #expect(tap(1, 105, 102, at: 0.3) == 2)
        #expect(tap(2, 98, 100, at: 0.6) == 3)
    }

    @Test func theTapCountHoldsForTheTouchsWholeLife() throws {
        _ = tap(1, 100, 100, at: 0)
        window.send(down(1, 100, 100, at: 0.3))
        window.send(move(1, 100, 200, at: 0.4))
        window.send(up(1, at: 0.5))
        let touch = try #require(view.calls.last?.touches.first)
        #expect(touch.tapCount == 2)
    }

    @Test func aSlowTapStartsAgain() {
        #expect(tap(1, 100, 100, at: 0) == 1)
        #expect(tap(1, 100, 100, at: 0.1 + TapCounter.maximumInterval + 0.01) == 1)
    }

    @Test func aDistantTapStartsAgain() {
        #expect(tap(1, 100, 100, at: 0) == 1)
        #expect(tap(1, 100 + TapCounter.maximumDistance + 1, 100, at: 0.2) == 1)
    }

    @Test func aLongPressIsNoTap() {
        #expect(tap(1, 100, 100, at: 0, holding: TapCounter.maximumPressDuration + 0.1) == 1)
        #expect(tap(1, 100, 100, at: 0.7) == 1)
    }

    @Test func aDragIsNoTap() {
        window.send(down(1, 100, 100, at: 0))
        window.send(move(1, 200, 100, at: 0.05))
        window.send(move(1, 100, 100, at: 0.1))
        window.send(up(1, at: 0.15))
        #expect(tap(1, 100, 100, at: 0.3) == 1)
    }

    @Test func aCancelledTouchIsNoTap() {
        window.send(down(1, 100, 100, at: 0))
        window.handle(.cancel(at: 0.1))
        #expect(tap(1, 100, 100, at: 0.2) == 1)
    }

    @Test func twoFingersDoubleTappingEachCountTwo() {
        window.send(down(1, 100, 100, at: 0), down(2, 200, 100, at: 0))
        window.send(up(1, at: 0.1), up(2, at: 0.1))
        window.send(down(1, 202, 100, at: 0.3), down(2, 101, 100, at: 0.3))
        #expect(view.calls.last?.touches.map(\.tapCount) == [2, 2])
    }

    @Test func thePointerDrawsLikeATouch() throws {
        window.send(down(0, 10, 10, on: mouse))
        window.send(move(0, 20, 30, on: mouse))
        window.send(up(0, on: mouse))
        #expect(view.phases == [.began, .moved, .ended])
        let touch = try #require(view.calls.first?.touches.first)
        #expect(touch.kind == .pointer)
        #expect(touch.location(in: view) == Point(x: 20, y: 30))
    }

    @Test func thePointerIsOneMoreTouchBesideFingersOfAnotherSeat() {
        let otherMouse = InputDeviceID(seat: "seat1", kind: .pointer)
        window.send(down(0, 10, 10))
        window.send(down(0, 50, 50, on: otherMouse))
        #expect(window.activeTouches.count == 2)
        #expect(Set(window.activeTouches.map(\.kind)) == [.finger, .pointer])
    }

    @Test func pointerPressesWhileAFingerOfTheSeatIsDownAreIgnored() {
        window.send(down(1, 10, 10))
        window.send(down(0, 10, 10, on: mouse))
        window.send(move(0, 50, 50, on: mouse))
        window.send(up(0, on: mouse))
        #expect(view.phases == [.began])
        #expect(window.activeTouches.count == 1)
    }

    @Test func aFingerGoingDownCancelsThePointerTouchOfItsSeat() {
        window.send(down(0, 10, 10, on: mouse))
        window.send(down(1, 10, 10))
        // One delivery: the finger's began, then the pointer's cancelled.
        #expect(view.phases == [.began, .began, .cancelled])
        #expect(view.calls[1].touches.first?.kind == .finger)
        #expect(view.calls[2].touches.first?.kind == .pointer)
        #expect(view.calls[2].touches == view.calls[0].touches)
        window.send(move(0, 60, 60, on: mouse), up(0, on: mouse))
        #expect(view.calls.count == 3)
    }

    @Test func touchesAreHashedByIdentity() {
        window.send(down(1, 10, 10), down(2, 10, 10))
        let touches = view.calls.first?.touches ?? []
        #expect(touches.count == 2)
    }
}
