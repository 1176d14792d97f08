import Canvas
import Document
import Testing
import TestSupport
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// The command on drawings it must not open or write: one held by another
/// instance, files that are no drawing, a missing drawing to export, and
/// an export onto the drawing itself. Each is refused at once with its
/// documented exit status, and every file is left as it was.
@Suite struct ProgramFileTests {
    typealias Workspace = ProgramTests.Workspace

    /// A runaway (a FIFO read that waits for a writer) fails in this long.
    static let quick = 10.0

    @Test func aSecondInstanceSaysWhichProcessHasTheDrawingAndWritesNothing() throws {
        let workspace = try Workspace()
        let before = workspace.read("drawing.json")
        let held = try Document.open(at: workspace.drawing)
        let result = try workspace.run(["--file", workspace.drawing], timeout: Self.quick)
        #expect(result.status == ExitStatus.drawingInUse.rawValue)
        #expect(result.status == 3)
        #expect(result.standardError.contains("process \(getpid())"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(workspace.read("drawing.json") == before)
        _ = held
    }

    @Test func aFIFOAsTheDrawingIsRefusedAtOnce() throws {
        let workspace = try Workspace()
        let fifo = workspace.directory + "/pipe.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        for arguments in [["--file", fifo], ["--file", fifo, "--export", workspace.directory + "/out.png"]] {
            let result = try workspace.run(arguments, timeout: Self.quick)
            #expect(result.status == ExitStatus.drawingUnreadable.rawValue, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("a FIFO"), "\(result.standardError)")
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "still there, not renamed")
        #expect(!TemporaryDirectory.entries(of: workspace.directory).contains { $0.contains("corrupt") })
    }

    @Test func aFIFOAsTheExportIsRefusedAtOnce() throws {
        let workspace = try Workspace()
        let fifo = workspace.directory + "/out.svg"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try workspace.run(["--file", workspace.drawing, "--export", fifo], timeout: Self.quick)
        #expect(result.status == ExitStatus.failure.rawValue)
        #expect(result.standardError.contains("cannot export onto a FIFO"), "\(result.standardError)")
    }

    @Test func aDirectoryAsTheDrawingIsRefusedAndNotRenamed() throws {
        let workspace = try Workspace()
        let folder = workspace.directory + "/folder"
        #expect(mkdir(folder, 0o700) == 0)
        try AppHarness.write(Array("keep".utf8), to: folder + "/inside")
        let result = try workspace.run(["--file", folder], timeout: Self.quick)
        #expect(result.status == ExitStatus.drawingUnreadable.rawValue, "\(result.standardError)")
        #expect(result.standardError == "touchtracker: \(folder): a directory, not a drawing file\n")
        #expect(AppHarness.read(folder + "/inside") == Array("keep".utf8))
        #expect(!TemporaryDirectory.entries(of: workspace.directory).contains { $0.contains("corrupt") })
    }

    @Test func aDrawingTheUserMayNotReadIsRefusedAndNotRenamed() throws {
        let workspace = try Workspace()
        let before = workspace.read("drawing.json")
        // Root reads anything: run the command as nobody, in a folder nobody may enter but not write.
        let launcher = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        try #require(getuid() != 0 || access(launcher[0], X_OK) == 0, "setpriv is needed to drop root")
        #expect(chmod(workspace.directory, 0o755) == 0)
        #expect(chmod(workspace.drawing, 0o000) == 0)
        let result = try workspace.run(["--file", workspace.drawing], launcher: launcher, timeout: Self.quick)
        #expect(result.status == ExitStatus.drawingUnreadable.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains("Permission denied"), "\(result.standardError)")
        #expect(chmod(workspace.drawing, 0o600) == 0)
        #expect(workspace.read("drawing.json") == before)
        #expect(!TemporaryDirectory.entries(of: workspace.directory).contains { $0.contains("corrupt") }, "nothing set aside")
    }

    @Test func exportingADrawingThatDoesNotExistIsAnError() throws {
        let workspace = try Workspace()
        let missing = workspace.directory + "/missing.json"
        let result = try workspace.run(["--file", missing, "--export", workspace.directory + "/out.png"])
        #expect(result.status == ExitStatus.drawingUnreadable.rawValue)
        #expect(result.standardError == "touchtracker: \(missing): no such drawing, nothing to export\n")
        #expect(access(workspace.directory + "/out.png", F_OK) != 0, "no blank image written")
    }

    @Test func anExportOntoItsOwnDrawingIsRefused() throws {
        let workspace = try Workspace()
        let drawing = workspace.directory + "/drawing.png"
        try Document.save(Workspace.lines, to: drawing)
        let before = AppHarness.read(drawing)
        let result = try workspace.run(["--file", drawing, "--export", drawing])
        #expect(result.status == ExitStatus.failure.rawValue)
        #expect(result.standardError.contains("is the drawing itself"), "\(result.standardError)")
        #expect(AppHarness.read(drawing) == before)
    }

    @Test func aDrawingBeyondThePageLimitExportsScaledWithANote() throws {
        let workspace = try Workspace()
        try Document.save([line(0, -1e6, 0, 1e6), line(-20, 1e6, 20, 1e6)], to: workspace.drawing)
        let result = try workspace.run(["--file", workspace.drawing, "--export", workspace.directory + "/out.png"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("scaled to"), "\(result.standardError)")
        #expect(workspace.read("out.png").starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func everyExitStatusIsInTheHelp() {
        for status in ExitStatus.allCases {
            #expect(Options.usage.contains("  \(status.rawValue)  "), "status \(status.rawValue) in --help")
        }
    }
}
