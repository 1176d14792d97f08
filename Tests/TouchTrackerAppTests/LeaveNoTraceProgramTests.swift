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
        #expect(next.session.firstWindow.ending == .saved)
        #expect(TemporaryDirectory.entries(of: temporary.path).filter { $0.hasPrefix("drawing.json") }
                == ["drawing.json"], "folded into the drawing and removed, the lock too")
        #expect(try Document.load(from: path) == [line(50, 100, 300, 100), line(50, 200, 300, 200)])
    }
}
