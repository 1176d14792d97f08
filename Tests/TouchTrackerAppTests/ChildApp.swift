import Platform
import TestCompositor
import TestSupport
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// The `touchtracker` executable in a child process, its Wayland socket
/// served by a `TestCompositor` in this one. The child blocks on its
/// compositor (the first roundtrip), so this side pumps the compositor
/// while it waits, with a real timeout.
final class ChildApp {
    struct NeverHappened: Error, CustomStringConvertible {
        let description: String
    }

    let compositor = TestCompositor()
    let seat: TestSeat
    private(set) var pid: pid_t = 0
    private var reaped = false
    private let errorPath: String

    init(arguments: [String], directory: String) throws {
        seat = compositor.addSeat(name: "seat0", version: 8)
        // Canvas coordinates under the app's toolbar, as the harness's.
        seat.surfaceOffsetY = AppHarness.canvasTop
        let socket = compositor.connectClient()
        defer { close(socket) }
        errorPath = directory + "/child-stderr.txt"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // dup2 leaves the copy open across exec (the original is close-on-exec).
        posix_spawn_file_actions_adddup2(&actions, socket, 3)
        let environment = ["HOME": directory, "XDG_RUNTIME_DIR": directory, "WAYLAND_SOCKET": "3",
                           "XDG_CONFIG_HOME": directory + "/config", "PATH": "/usr/bin:/bin"]
        let command = ProgramTests.executablePath
        let argv = ([command] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let spawned = posix_spawn(&pid, command, &actions, nil, argv, envp)
        guard spawned == 0 else { throw NeverHappened(description: "posix_spawn failed: \(spawned)") }
    }

    /// Serves the compositor until `condition` holds, for at most 30 s.
    func pump(_ what: String, until condition: () -> Bool) throws {
        for _ in 0..<15_000 {
            compositor.dispatch()
            compositor.completeFrames()
            if condition() { return }
            var status: Int32 = 0
            if !reaped, waitpid(pid, &status, WNOHANG) == pid {
                reaped = true
                let stderr = String(decoding: AppHarness.read(errorPath) ?? [], as: UTF8.self)
                throw NeverHappened(description: "touchtracker ended (status \(status)) before \(what): \(stderr)")
            }
            usleep(2_000)
        }
        throw NeverHappened(description: "no \(what) after 30 s")
    }

    var toplevel: TestToplevel { compositor.toplevels[0] }

    func mapWindow() throws {
        try pump("window") { compositor.toplevels.count == 1 }
        toplevel.configure(width: 400, height: 300 + Int32(AppHarness.canvasTop))
        try pump("first frame and touch") {
            toplevel.surface.lastCommit?.attachedBuffer == true && seat.liveTouches == 1
        }
    }

    func stroke(from start: Point, to end: Point) throws {
        let surface = toplevel.surface.resource
        seat.touchDown(on: surface, id: 1, x: start.x, y: start.y, time: 1000)
        seat.touchFrame()
        for step in 1...5 {
            let t = Double(step) / 5
            seat.touchMotion(id: 1, x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t,
                             time: 1000 + UInt32(step) * 10)
            seat.touchFrame()
        }
        seat.touchUp(id: 1, time: 1100)
        seat.touchFrame()
        compositor.dispatch()
    }

    /// Sends `signal` to the process (not to one of its threads: the
    /// kernel picks any thread that does not block it).
    func send(_ signal: Int32) {
        Glibc.kill(pid, signal)
    }

    /// Serves the compositor until the process ends, for at most 30 s;
    /// its wait status.
    func exitStatus() throws -> Int32 {
        for _ in 0..<15_000 {
            compositor.dispatch()
            compositor.completeFrames()
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                reaped = true
                return status
            }
            usleep(2_000)
        }
        throw NeverHappened(description: "touchtracker still running after 30 s")
    }

    /// What it wrote to its standard error.
    var standardError: String {
        String(decoding: AppHarness.read(errorPath) ?? [], as: UTF8.self)
    }

    /// Whether every thread of the process blocks SIGINT, SIGTERM and
    /// SIGHUP now (each thread's `SigBlk` in /proc).
    var everyThreadBlocksTerminationSignals: Bool {
        let tasks = TemporaryDirectory.entries(of: "/proc/\(pid)/task")
        guard !tasks.isEmpty else { return false }
        let wanted: UInt64 = 1 << (UInt64(SIGINT) - 1) | 1 << (UInt64(SIGTERM) - 1) | 1 << (UInt64(SIGHUP) - 1)
        return tasks.allSatisfy { task in
            let status = String(decoding: AppHarness.read("/proc/\(pid)/task/\(task)/status") ?? [], as: UTF8.self)
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
                  let mask = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            else { return false }
            return mask & wanted == wanted
        }
    }

    /// SIGKILL, then reaps it: nothing of its own runs at the end.
    func kill() {
        guard !reaped else { return }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
    }
}
