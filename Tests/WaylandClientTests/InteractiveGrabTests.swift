import CWaylandServerProtocols
import Testing
import TestCompositor
@testable import WaylandClient

/// Interactive move and resize from the press that started them, as a
/// client-side title bar uses them.
@Suite struct InteractiveGrabTests {
    private static let leftButton: UInt32 = 0x110

    @Test func aPointerPressMovesAndResizesWithItsOwnSerial() throws {
        let compositor = TestCompositor()
        let seat = compositor.addSeat()
        let harness = try Harness(compositor: compositor)
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        let seats = SeatManager(display: harness.display, window: window, loop: harness.loop)
        try harness.settle()
        #expect(seats.latestPress == nil)

        seat.pointerEnter(toplevel.surface.resource, x: 10, y: 10)
        let press = seat.pointerButton(Self.leftButton, pressed: true, time: 5)
        seat.pointerFrame()
        try harness.settle()
        let grab = try #require(seats.latestPress)
        #expect(grab.serial == press)

        // A later press does not change the grab taken for the first one.
        seat.pointerButton(Self.leftButton, pressed: false, time: 6)
        let second = seat.pointerButton(Self.leftButton, pressed: true, time: 7)
        seat.pointerFrame()
        try harness.settle()
        #expect(seats.latestPress?.serial == second)

        window.beginMove(grab)
        window.beginResize(grab, edges: .bottomRight)
        try harness.pump { toplevel.resizeRequests.count == 1 }
        #expect(toplevel.moveRequests.map(\.serial) == [press])
        #expect(toplevel.moveRequests.first?.seat != nil)
        #expect(toplevel.resizeRequests.first?.serial == press)
        #expect(toplevel.resizeRequests.first?.edges == XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT.rawValue)
        withExtendedLifetime(seats) {}
    }

    @Test func aTouchDownIsAPressToo() throws {
        let compositor = TestCompositor()
        let seat = compositor.addSeat()
        let harness = try Harness(compositor: compositor)
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        let seats = SeatManager(display: harness.display, window: window, loop: harness.loop)
        try harness.settle()

        let down = seat.touchDown(on: toplevel.surface.resource, id: 3, x: 40, y: 12, time: 9)
        seat.touchFrame()
        try harness.settle()
        #expect(seats.latestPress?.serial == down)
        withExtendedLifetime(seats) {}
    }

    @Test func aGrabWhoseSeatWentAwayStartsNothing() throws {
        let compositor = TestCompositor()
        let seat = compositor.addSeat()
        let harness = try Harness(compositor: compositor)
        let (window, toplevel) = try harness.mapWindow(painter: Painter())
        let seats = SeatManager(display: harness.display, window: window, loop: harness.loop)
        try harness.settle()
        seat.pointerEnter(toplevel.surface.resource, x: 10, y: 10)
        seat.pointerButton(Self.leftButton, pressed: true, time: 5)
        seat.pointerFrame()
        try harness.settle()
        let grab = try #require(seats.latestPress)

        seat.remove()
        try harness.settle()
        #expect(seats.latestPress == nil)
        window.beginMove(grab)
        window.setMaximized(true)
        try harness.pump { toplevel.maximizeRequests == 1 }
        #expect(toplevel.moveRequests.isEmpty)
        withExtendedLifetime(seats) {}
    }
}
