import CWaylandClient
import Testing
import TestCompositor
@testable import WaylandClient

/// Tearing the seats down when nothing else holds the connection any more
/// (as when the app's session, which owns everything, goes away).
@Suite struct SeatManagerTeardownTests {
    @Test func theLastOwnerOfTheConnectionFreesTheCursorSurfaceBeforeDisconnecting() throws {
        let compositor = TestCompositor()
        let seat = compositor.addSeat()
        var manager: SeatManager?
        do {
            let harness = try Harness(compositor: compositor)
            let clientCompositor = try #require(harness.display.registry.compositor)
            let window = try #require(wl_compositor_create_surface(clientCompositor))
            defer { wl_surface_destroy(window) }
            try harness.pump { compositor.surfaces.count == 1 }
            let ours = compositor.surfaces[0].resource
            manager = SeatManager(display: harness.display, loop: harness.loop,
                                  isOurSurface: { $0 == window }, cursorScale: { 1 })
            try harness.pump { seat.livePointers == 1 }
            seat.pointerEnter(ours, x: 5, y: 5)
            seat.pointerFrame()
            try harness.pump { !seat.cursorRequests.isEmpty }
            #expect(seat.cursorRequests.last?.surface != nil, "a cursor surface exists to be freed")
        }
        // The manager now holds the last reference to the display and loop;
        // releasing it used to disconnect first and then crash destroying
        // the cursor's surface on the freed connection.
        manager = nil
        #expect(manager == nil)
    }
}
