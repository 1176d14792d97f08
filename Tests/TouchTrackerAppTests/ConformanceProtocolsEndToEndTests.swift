import CConformanceProtocols
import Canvas
import Testing
import TestSupport
import TouchCore
@testable import Conformance
@testable import TouchTrackerApp

/// Issue 28: the client side of the input-emulation protocols ships only
/// in `touchtracker conformance`'s code path. A compositor that offers
/// them (as every wlroots compositor does) sees the drawing app bind none,
/// whether they are there from the start or come later, while the app
/// draws as usual.
@Suite struct ConformanceProtocolsEndToEndTests {
    @Test func theDrawingAppBindsNoInputEmulationGlobal() throws {
        let app = try AppHarness()
        var bound: [String] = []
        for (name, interface) in [("zwlr_virtual_pointer_manager_v1", tt_zwlr_virtual_pointer_manager_v1_interface()),
                                  ("zwp_virtual_keyboard_manager_v1", tt_zwp_virtual_keyboard_manager_v1_interface())] {
            app.compositor.addGlobal(interface: .init(OpaquePointer(interface!)), version: 1) { _, _, _ in
                bound.append(name)
            }
        }
        try app.settle()
        try app.stroke(from: Point(x: 40, y: 60), to: Point(x: 200, y: 60))
        try app.pointerEnter(60, 120)
        try app.pointerButton(0x110, pressed: true)
        try app.pointerMotion(220, 120)
        try app.pointerButton(0x110, pressed: false)
        try app.settle()
        #expect(try app.savedLines().count == 2, "the app ran as usual")
        #expect(bound == [])
    }
}
