@testable import Decorations
import Testing
import Timing
import TouchCore

/// What a press outside an open popover does, on a core window alone: it
/// closes the popover, and is used up unless `takerOfPressOutside` names a
/// view, which then gets all of the press (issue 36: a drag that starts
/// outside a popover draws).
@Suite struct OverlayViewTests {
    /// A view under the popover that notes the phases it is sent.
    final class Paper: View {
        var phases: [String] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event) { phases.append("began") }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event) { phases.append("moved") }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event) { phases.append("ended") }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { phases.append("cancelled") }
    }

    final class Fixture {
        let window = Window(size: Size(width: 400, height: 300), timers: TimerQueue(clock: ManualClock()))
        let paper: Paper
        let popover = PopoverView(contentView: View(frame: Rect(x: 0, y: 0, width: 100, height: 80)))
        private var time = 0.0

        init() {
            paper = Paper(frame: window.bounds)
            window.addSubview(paper)
            popover.open(in: window, pointingAt: Rect(x: 300, y: 0, width: 40, height: 40))
        }

        func send(_ phase: RawTouch.Phase, _ x: Double, _ y: Double) {
            time += 0.01
            let change = RawTouch(device: InputDeviceID(seat: "seat0", kind: .finger), id: 1,
                                  phase: phase, location: Point(x: x, y: y), timestamp: time)
            window.handle(TouchFrame(changes: [change], timestamp: time))
        }

        func drag(from start: Point, to end: Point) {
            send(.down, start.x, start.y)
            send(.move, (start.x + end.x) / 2, (start.y + end.y) / 2)
            send(.move, end.x, end.y)
            send(.up, end.x, end.y)
        }
    }

    @Test func aPressInsideTheCardLeavesItOpen() {
        let fixture = Fixture()
        let inside = fixture.popover.cardFrame.center
        fixture.drag(from: inside, to: inside)
        #expect(fixture.popover.isOpen && fixture.paper.phases.isEmpty)
    }

    @Test func aPressOutsideWithNoTakerClosesItAndGoesNoFurther() {
        let fixture = Fixture()
        fixture.drag(from: Point(x: 20, y: 200), to: Point(x: 120, y: 200))
        #expect(!fixture.popover.isOpen)
        #expect(fixture.paper.phases.isEmpty)
    }

    @Test func aPressOutsideGoesWholeToItsTaker() {
        let fixture = Fixture()
        var askedAt: [Point] = []
        fixture.popover.takerOfPressOutside = { [unowned fixture] point in
            askedAt.append(point)
            #expect(!fixture.popover.isOpen, "asked once closed")
            return fixture.paper
        }
        fixture.drag(from: Point(x: 20, y: 200), to: Point(x: 120, y: 200))
        #expect(!fixture.popover.isOpen)
        #expect(askedAt == [Point(x: 20, y: 200)])
        #expect(fixture.paper.phases == ["began", "moved", "moved", "ended"])
    }
}
