import Document
@testable import Canvas
import Document
import Testing
import TestCompositor
import TestSupport
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// Issue 24, "leave no trace", with the built `touchtracker` in a process
/// of its own: the commands that only read leave nothing beside the
/// drawing, nor does failing to connect; a crash (SIGKILL) leaves the
/// journal, which the next start applies and its clean exit removes.
@Suite struct LeaveNoTraceProgramTests {
    /// Files the commands may have left in the workspace, its captured
    /// output aside.
    private static func leftovers(_ workspace: ProgramTests.Workspace) -> [String] {
        TemporaryDirectory.entries(of: workspace.directory).filter { !["stdout.txt", "stderr.txt"].contains($0) }
    }

    @Test func failingToConnectLeavesOnlyTheDrawing() throws {
        let workspace = try ProgramTests.Workspace()
        let before = workspace.read("drawing.json")
        let result = try workspace.run(["--file", workspace.drawing],
                                       environment: ["WAYLAND_DISPLAY": "no-such-compositor"])
        #expect(result.status == 1)
        #expect(Self.leftovers(workspace) == ["drawing.json"], "the lock it took is removed")
        #expect(workspace.read("drawing.json") == before)
    }

    @Test func exportCreatesNoSidecar() throws {
        let workspace = try ProgramTests.Workspace()
        for format in ["svg", "png", "pdf"] {
            let result = try workspace.run(["--file", workspace.drawing, "--export",
                                            workspace.directory + "/out.\(format)"])
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(Self.leftovers(workspace) == ["drawing.json", "out.pdf", "out.png", "out.svg"])
    }

    @Test func replayAndCheckCreateNoSidecar() throws {
        let workspace = try ProgramTests.Workspace()
        let recording = RecordReplayProgramTests.recordings + "/scripted-gestures.ttrec"
        let replayed = try workspace.run(["replay", recording, "--export", workspace.directory + "/replay.svg"])
        #expect(replayed.status == 0, "\(replayed.standardError)")
        let checked = try workspace.run(["check", recording])
        #expect(checked.standardOutput.isEmpty == false)
        #expect(Self.leftovers(workspace) == ["drawing.json", "replay.svg"], "nothing in HOME, nothing by the drawing")
    }

    /// `touchtracker` connected to a scripted compositor in this process
    /// (its socket handed over as `WAYLAND_SOCKET`), killed with SIGKILL
    /// once its stroke is in the journal: a crash, not an exit.
    @Test func aJournalLeftBySIGKILLIsAppliedAtTheNextStartAndRemovedAtItsCleanExit() throws {
        let temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        let path = temporary.path + "/drawing.json"
        try Document.saveSnapshot(of: Drawing(lines: [line(50, 100, 300, 100)]), to: path)
        let journal = DrawingJournal.path(for: path)
        let child = try ChildApp(arguments: ["--file", path], directory: temporary.path)
        defer { child.kill() }
        try child.mapWindow()
        try child.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        try child.pump("the stroke in the journal") {
            String(decoding: AppHarness.read(journal) ?? [], as: UTF8.self).contains("\n+ 1 ")
        }
        child.kill()
        let crashed = TemporaryDirectory.entries(of: temporary.path).filter { $0.hasPrefix("drawing.json") }
        #expect(crashed == ["drawing.json", "drawing.json.journal", "drawing.json.lock"], "what a crash leaves")

        let next = try AppHarness(documentPath: path, sharing: temporary)
        #expect(next.canvas.drawing.lines == [line(50, 100, 300, 100), line(50, 200, 300, 200)], "applied")
        next.session.quit()
        #expect(next.session.ending == .saved)
        #expect(TemporaryDirectory.entries(of: temporary.path).filter { $0.hasPrefix("drawing.json") }
                == ["drawing.json"], "folded into the drawing and removed, the lock too")
        #expect(try Document.load(from: path) == [line(50, 100, 300, 100), line(50, 200, 300, 200)])
    }
}

/// The `touchtracker` executable in a child process, its Wayland socket
/// served by a `TestCompositor` in this one. The child blocks on its
/// compositor (the first roundtrip), so this side pumps the compositor
/// while it waits, with a real timeout.
private final class ChildApp {
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

    /// SIGKILL, then reaps it: nothing of its own runs at the end.
    func kill() {
        guard !reaped else { return }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
    }
}
