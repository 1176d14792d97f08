import Testing
import TestCompositor
@testable import WaylandClient

/// The window's icon through `xdg_toplevel_icon_manager_v1`, on real
/// libwayland at both ends.
@Suite struct ToplevelIconTests {
    @Test func whereTheCompositorOffersIconsTheWindowsIconIsNamedByItsAppID() throws {
        let compositor = TestCompositor()
        compositor.addToplevelIconManager()
        let harness = try Harness(compositor: compositor)
        let window = try ToplevelWindow(display: harness.display, loop: harness.loop, title: "TouchTracker",
                                        appID: "org.touchtracker.TouchTracker", minimumSize: (320, 240))
        try withExtendedLifetime(window) {
            try harness.pump { compositor.toplevels.first?.surface.commits.count == 1 }
        }
        // Set once, with the first commit; a name given after the icon was
        // set would have ended the connection with a protocol error.
        #expect(compositor.toplevels[0].iconNames == ["org.touchtracker.TouchTracker"])
    }
}
