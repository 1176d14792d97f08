import Testing
import TestCompositor
import CWaylandServerProtocols
@testable import WaylandClient

@Suite struct RegistryTests {
    @Test func bindsTheGlobalsTheWindowNeeds() throws {
        let harness = try Harness()
        let registry = harness.display.registry
        #expect(registry.compositor != nil)
        #expect(registry.compositorVersion == 4)
        #expect(registry.shm != nil)
        #expect(registry.wmBase != nil)
        #expect(registry.decorationManager != nil)
        #expect(registry.fractionalScaleManager != nil)
        #expect(registry.viewporter != nil)
        try registry.requireWindowGlobals()
    }

    @Test func forwardsOtherGlobalsAndReplaysThemWhenTheHandlerIsSet() throws {
        let compositor = TestCompositor()
        compositor.addGlobal(interface: tts_wl_seat_interface(), version: 7) { _, _, _ in }
        let harness = try Harness(compositor: compositor)
        var seen: [Global] = []
        harness.display.registry.onGlobal = { seen.append($0) }
        #expect(seen.map(\.interface) == ["wl_seat"])
        #expect(seen.first?.version == 7)

        let second = compositor.addGlobal(interface: tts_wl_seat_interface(), version: 5) { _, _, _ in }
        try harness.pump { seen.count == 2 }
        var removed: [UInt32] = []
        harness.display.registry.onGlobalRemoved = { removed.append($0) }
        compositor.removeGlobal(second)
        try harness.pump { removed.count == 1 }
        #expect(removed == [seen[1].name])
    }

    @Test func tracksOutputsComingAndGoing() throws {
        let compositor = TestCompositor()
        compositor.addOutput(name: "one", scale: 1)
        let harness = try Harness(compositor: compositor)
        let registry = harness.display.registry
        try harness.pump { registry.outputs.count == 1 }
        let second = compositor.addOutput(name: "two", scale: 2)
        try harness.pump { registry.outputs.values.contains { $0.name == "two" && $0.scale == 2 } }
        second.setScale(3)
        try harness.pump { registry.outputs.values.contains { $0.scale == 3 } }
        second.remove()
        try harness.pump { registry.outputs.count == 1 }
        #expect(registry.outputs.values.first?.name == "one")
    }

    @Test func missingWindowGlobalsAreNamed() throws {
        #expect(WaylandError.missingGlobal("xdg_wm_base (xdg-shell)").description
                == "The Wayland compositor does not offer xdg_wm_base (xdg-shell), which this program needs.")
    }
}
