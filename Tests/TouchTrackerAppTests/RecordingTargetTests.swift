import Canvas
import Document
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `--record` never destroys what the app keeps: a recording that names the
/// drawing, its lock or journal, or the settings (by any spelling) is
/// refused, and the recording file is written only once a session runs.
@Suite struct RecordingTargetTests {
    typealias Workspace = ProgramTests.Workspace

    /// Runs `touchtracker` with a compositor that cannot be reached: any
    /// run that got past the refusals ends there, with exit status 1.
    private func run(_ workspace: Workspace, _ arguments: [String],
                     environment: [String: String] = [:]) throws -> ProgramTests.Run {
        try workspace.run(arguments, environment: ["WAYLAND_DISPLAY": "no-such-compositor"].merging(environment) { $1 })
    }

    private func makeDirectories(_ path: String) throws {
        var made = ""
        for part in path.split(separator: "/") {
            made += "/" + part
            try #require(mkdir(made, 0o700) == 0 || errno == EEXIST, "mkdir \(made)")
        }
    }

    @Test func recordingOntoTheDrawingIsRefusedAndTheDrawingKept() throws {
        let workspace = try Workspace()
        let before = workspace.read("drawing.json")
        let result = try run(workspace, ["--file", workspace.drawing, "--record", workspace.drawing])
        #expect(result.status == 2)
        #expect(result.standardError == "touchtracker: --record \(workspace.drawing) names the drawing "
                + "(\(workspace.drawing)); recording there would destroy it: record to another file\n")
        #expect(workspace.read("drawing.json") == before)
        #expect(try Document.load(from: workspace.drawing) == Workspace.lines)
    }

    @Test func everySpellingOfTheDrawingIsRefused() throws {
        let workspace = try Workspace()
        let before = workspace.read("drawing.json")
        try #require(link(workspace.drawing, workspace.directory + "/hard-link.json") == 0)
        try #require(symlink(workspace.drawing, workspace.directory + "/soft-link.json") == 0)
        try #require(mkdir(workspace.directory + "/sub", 0o700) == 0)
        for spelling in ["/./drawing.json", "/sub/../drawing.json", "/hard-link.json", "/soft-link.json",
                         "//drawing.json"] {
            let result = try run(workspace, ["--file", workspace.drawing, "--record", workspace.directory + spelling])
            #expect(result.status == 2, "\(spelling)")
            #expect(result.standardError.contains("names the drawing"), "\(spelling): \(result.standardError)")
            #expect(workspace.read("drawing.json") == before, "\(spelling)")
        }
    }

    @Test func theDefaultDrawingItsLockJournalAndTheSettingsAreRefused() throws {
        let workspace = try Workspace()
        let data = workspace.directory + "/data"
        let drawing = data + "/touchtracker/drawing.json"
        try makeDirectories(data + "/touchtracker")
        try Document.save(Workspace.lines, to: drawing)
        let before = AppHarness.read(drawing)
        let settings = workspace.directory + "/.config/touchtracker/settings.conf"
        let targets = [(drawing, "the drawing"), (drawing + ".lock", "the drawing's lock"),
                       (drawing + ".journal", "the drawing's journal"), (settings, "the settings")]
        try makeDirectories(workspace.directory + "/.config/touchtracker")
        for (target, role) in targets {
            let result = try run(workspace, ["--record", target], environment: ["XDG_DATA_HOME": data])
            #expect(result.status == 2, "\(target)")
            #expect(result.standardError.contains("names \(role) "), "\(target): \(result.standardError)")
            #expect(AppHarness.read(drawing) == before)
        }
        #expect(try Document.load(from: drawing) == Workspace.lines)
    }

    @Test func checkLiveRefusesToRecordOntoItsDrawing() throws {
        let workspace = try Workspace()
        let before = workspace.read("drawing.json")
        let result = try run(workspace, ["check", "--live", "--file", workspace.drawing, "--record", workspace.drawing])
        #expect(result.status == 2)
        #expect(result.standardError.contains("names the drawing"))
        #expect(workspace.read("drawing.json") == before)
    }

    @Test func aSessionThatNeverStartsLeavesTheRecordingPathAsItWas() throws {
        let workspace = try Workspace()
        let recording = workspace.directory + "/earlier.ttrec"
        try AppHarness.write(Array("an earlier recording\n".utf8), to: recording)
        let result = try run(workspace, ["--file", workspace.drawing, "--record", recording])
        #expect(result.status == 1, "no compositor")
        #expect(workspace.read("earlier.ttrec") == Array("an earlier recording\n".utf8))
        let fresh = try run(workspace, ["--file", workspace.drawing, "--record", workspace.directory + "/new.ttrec"])
        #expect(fresh.status == 1)
        #expect(access(workspace.directory + "/new.ttrec", F_OK) != 0, "no file made for a session that never ran")
    }

    @Test func aSecondInstanceRefusedForTheLockLeavesTheDrawingAlone() throws {
        let workspace = try Workspace()
        let before = workspace.read("drawing.json")
        let held = try Document.beginOpening(at: workspace.drawing)
        let result = try run(workspace, ["--file", workspace.drawing, "--record", workspace.drawing])
        #expect(result.status == 3)
        #expect(result.standardError.contains("is open in another touchtracker"), "\(result.standardError)")
        #expect(workspace.read("drawing.json") == before)
        withExtendedLifetime(held) {}
    }

    @Test func aRecordingInADirectoryIsACleanRefusal() throws {
        let workspace = try Workspace()
        let result = try run(workspace, ["--file", workspace.drawing, "--record", workspace.directory])
        #expect(result.status == 1)
        #expect(result.standardError == "touchtracker: cannot record to \(workspace.directory): Is a directory\n")
    }
}
