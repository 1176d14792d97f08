import Testing
import TestCompositor
@testable import WaylandClient
import WaylandInput

/// Seats wired to a real `ToplevelWindow`, as the app does it.
@Suite struct SeatWindowTests {
    @Test func inputOnTheWindowReachesTheApp() throws {
        let compositor = TestCompositor()
        let seat = compositor.addSeat()
        let harness = try Harness(compositor: compositor)
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        let seats = SeatManager(display: harness.display, window: window, loop: harness.loop)
        let input = CollectedInput()
        seats.inputHandler = input
        try harness.settle()
        input.events = []
        input.targets = []

        seat.touchDown(on: toplevel.surface.resource, id: 0, x: 100, y: 50, time: 7)
        seat.touchFrame()
        seat.pointerEnter(toplevel.surface.resource, x: 3, y: 4)
        seat.pointerFrame()
        try harness.settle()
        #expect(input.events == [
            .touch(TouchInputFrame(seat: "seat0", changes: [TouchChange(id: 0, kind: .down, x: 100, y: 50, time: 7)])),
            .pointer(PointerFrame(seat: "seat0", events: [.enter(x: 3, y: 4)], time: 0)),
        ])
        #expect(input.targets.allSatisfy { if case .window(let target) = $0 { target === window } else { false } })

        // The cursor's own surface is not the window: touches there are ignored.
        let cursorSurface = try #require(seat.cursorRequests.last?.surface)
        input.events = []
        seat.touchDown(on: cursorSurface, id: 1, x: 1, y: 1, time: 8)
        seat.touchFrame()
        try harness.settle()
        #expect(input.events.isEmpty)
        withExtendedLifetime((seats, window, input)) {}
    }
}
