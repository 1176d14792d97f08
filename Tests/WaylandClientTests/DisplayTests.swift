import Testing
import TestCompositor
@testable import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct DisplayTests {
    @Test func noCompositorNamesWaylandDisplayOnOneLine() throws {
        let name = "touchtracker-test-no-such-socket"
        #expect {
            _ = try Display.connect(name: name)
        } throws: { error in
            guard case WaylandError.noCompositor(let message) = error else { return false }
            return message.contains("WAYLAND_DISPLAY=\(name)") && !message.contains("\n")
        }
    }

    @Test func unsetRuntimeDirectoryIsNamed() {
        let message = Display.noCompositorMessage(name: nil, errno: ENOENT, environment: [:])
        #expect(message.contains("WAYLAND_DISPLAY is not set"))
        #expect(message.contains("XDG_RUNTIME_DIR is not set"))
        #expect(!message.contains("\n"))
    }

}
