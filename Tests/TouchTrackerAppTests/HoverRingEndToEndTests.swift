import Canvas
import Render
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The ring of a hovering pen, read back from the pixels the session
/// presents to the test compositor.
@Suite struct HoverRingEndToEndTests {
    /// Whether the ring of a pen hovering at (x, y) is on screen: its right
    /// and left edges are grey, its centre is not.
    private func ringShown(_ app: AppHarness, at x: Double, _ y: Double) -> Bool {
        let r = HoverRing.radius
        return isGrey(app.pixel(x + r, y)) && isGrey(app.pixel(x - r - 1, y)) && !isGrey(app.pixel(x, y))
    }

    private func isGrey(_ pixel: UInt32) -> Bool {
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        return r == g && g == b && (0x40...0xD0).contains(r)
    }

    @Test func aHoveringPenShowsARingThatFollowsItAndGoesWhenItTouchesOrLeaves() throws {
        // A line in a corner: an empty drawing's page would be under the rings.
        let app = try AppHarness(lines: [line(390, 290, 395, 290)], tablets: true)
        let pen = try Pen(app)
        try pen.enter(100, 100)
        #expect(ringShown(app, at: 100, 100))
        #expect(app.pixel(100, 100) == Colour.white, "a ring, not a dot")

        try pen.move(200, 150, pressure: 0)
        #expect(ringShown(app, at: 200, 150))
        #expect(!ringShown(app, at: 100, 100), "the old ring is gone")
        #expect(app.pixel(100 + HoverRing.radius, 100) == Colour.white)
        let damage = app.presented.surfaceDamage
        #expect(damage.allSatisfy { $0.width <= 20 && $0.height <= 20 },
                "only the two rings are repainted: \(damage)")

        try pen.down(200, 150)
        #expect(!ringShown(app, at: 200, 150), "touching: the ink, no ring")
        #expect(app.pixel(200, 150) == Colour.red)
        try pen.move(250, 150)
        try pen.up()
        #expect(ringShown(app, at: 250, 150), "lifted but near: the ring again")
        try pen.leave()
        #expect(!ringShown(app, at: 250, 150))
        #expect(app.pixel(250 + HoverRing.radius, 150) == Colour.white, "gone, past the line's round end")
        #expect(app.pixel(240, 150) == Colour.black, "the line under it is whole")
        #expect(try app.savedLines() == [line(390, 290, 395, 290), line(200, 150, 250, 150)], "hovering drew nothing")
    }

    @Test func aToolRemovedWhileHoveringTakesItsRingAlong() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try pen.enter(100, 100)
        #expect(ringShown(app, at: 100, 100))
        try app.send { pen.tool.remove() }
        #expect(!ringShown(app, at: 100, 100))
        #expect(app.pixel(100 + HoverRing.radius, 100) == Colour.white)
    }
}
