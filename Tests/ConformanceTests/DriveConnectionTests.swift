import CWaylandClient
import Glibc
@testable import InputEmulation
import Platform
import Testing
import TestSupport
@testable import Conformance
@testable import TouchTrackerApp

/// `conformance --drive`'s Wayland connections (wlroots' virtual devices,
/// KWin's fake input) when the compositor is missing or slow (issue 34).
@Suite struct DriveConnectionTests {
    /// It named `wayland-0` whatever `WAYLAND_DISPLAY` said.
    @Test func withoutACompositorTheSocketTriedIsNamed() throws {
        // A path: libwayland then needs no XDG_RUNTIME_DIR (and logs nothing).
        let directory = try TemporaryDirectory(prefix: "touchtracker-drive")
        let socket = directory.path + "/no-compositor"
        let (backend, notOffered) = EmulationBackends.open(environment: ["WAYLAND_DISPLAY": socket])
        #expect(backend == nil)
        let wayland = notOffered.filter { $0.contains("cannot connect to the Wayland compositor") }
        #expect(wayland.count == 2, "wlroots and KWin: \(notOffered)")
        #expect(wayland.allSatisfy { $0.contains("at '\(socket)'") }, "\(wayland)")
        #expect(!notOffered.contains { $0.contains("wayland-0") })
    }

    /// Requests beyond what the socket holds wait in `poll` until the
    /// compositor reads (libwayland 1.21 fails the whole connection when a
    /// request finds its buffer and the socket full): every request of the
    /// 20,000 reaches it, and the connection stays sound.
    @Test func requestsBeyondTheSocketsRoomWaitForTheCompositorToRead() throws {
        var ends: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        let display = try #require(wl_display_connect_to_fd(ends[0]))
        defer { wl_display_disconnect(display) }
        let compositor = FileDescriptor(rawValue: ends[1])
        defer { try? compositor.close() }
        /// `wl_display.sync`: an 8-byte header and the callback's id.
        func request() {
            wl_callback_destroy(wl_display_sync(display))
        }
        // Fill the socket while nobody reads: the flush that finds it full
        // gives up at once here (no patience), and the connection is sound.
        var sent = 0
        while true {
            request()
            sent += 1
            do {
                try DisplayFlush.flush(display, timeout: 0)
            } catch {
                #expect(error.description == "the compositor read none of our input for 0.0 s")
                break
            }
        }
        #expect(sent > 10, "the socket took some")
        #expect(wl_display_get_error(display) == 0)
        // Now the compositor reads, and the rest follows with back-pressure.
        var received = 0
        let reader = try BackgroundWork {
            var bytes = [UInt8](repeating: 0, count: 512)
            while let count = try? compositor.read(into: &bytes), count > 0 { received += count }
        }
        try DisplayFlush.flush(display, timeout: DisplayFlush.patience)
        for _ in sent..<20_000 {
            request()
            try DisplayFlush.flush(display, timeout: DisplayFlush.patience)
        }
        shutdown(ends[0], Int32(SHUT_WR))
        reader.join()
        #expect(received == 20_000 * 12)
        #expect(wl_display_get_error(display) == 0)
    }
}
