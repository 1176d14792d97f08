import Canvas
@testable import Instruments
import Testing
import TestSupport
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// The command on hostile files and command lines: what used to hang, grow
/// without end or crash now fails at once with a clear message (each run
/// under a time limit), and what is ambiguous is refused.
@Suite struct ProgramHostileInputTests {
    typealias Workspace = ProgramTests.Workspace

    /// A runaway (a FIFO read that waits for a writer, /dev/zero read to
    /// its end) fails in this long.
    static let quick = 10.0

    static let header = RecordingReadingTests.header

    @Test func aFIFOAsTheLockFileIsRefusedAtOnce() throws {
        let workspace = try Workspace()
        let before = workspace.read("drawing.json")
        #expect(mkfifo(workspace.drawing + ".lock", 0o600) == 0)
        let result = try workspace.run(["--file", workspace.drawing], timeout: Self.quick)
        #expect(result.status == ExitStatus.drawingUnreadable.rawValue, "\(result.standardError)")
        #expect(result.standardError == "touchtracker: \(workspace.drawing).lock: a FIFO (named pipe) where the "
                + "drawing's lock file should be; remove it to open the drawing\n")
        #expect(workspace.read("drawing.json") == before)
    }

    @Test(arguments: ["replay", "check"])
    func aFIFOOrADeviceAsARecordingIsRefusedAtOnce(command: String) throws {
        let workspace = try Workspace()
        let fifo = workspace.directory + "/pipe.ttrec"
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(fifo, "a FIFO (named pipe)"), ("/dev/zero", "a character device"),
                             (workspace.directory, "a directory")] {
            let result = try workspace.run([command, path], timeout: Self.quick)
            #expect(result.status == ExitStatus.failure.rawValue)
            #expect(result.standardError == "touchtracker: \(path): \(kind), not a recording\n")
        }
    }

    @Test func aRecordingLargerThanTheLimitIsRefusedUnread() throws {
        let workspace = try Workspace()
        let path = workspace.directory + "/huge.ttrec"
        try AppHarness.write(Array(Self.header.utf8), to: path)
        // Sparse: no disk space, nothing to read.
        #expect(truncate(path, off_t(Recording.byteLimit + 1)) == 0)
        let result = try workspace.run(["replay", path], timeout: Self.quick)
        #expect(result.status == ExitStatus.failure.rawValue)
        #expect(result.standardError == "touchtracker: \(path): the file is \(Recording.byteLimit + 1) bytes or more, "
                + "more than the \(Recording.byteLimit)-byte limit for a recording\n")
    }

    /// 1e20 in a touch crashed the SVG export (SIGILL); 1e308 in a drawing
    /// line gave Cairo a matrix it could not invert.
    @Test func farCoordinatesInARecordingAreRefusedWithTheirLine() throws {
        let workspace = try Workspace()
        let touch = workspace.directory + "/touch.ttrec", drawing = workspace.directory + "/drawing.ttrec"
        try AppHarness.write(Array((Self.header + RecordingReadingTests.window
                                    + RecordingReadingTests.down.replacingOccurrences("\"x\":10", "\"x\":1e20")).utf8),
                             to: touch)
        try AppHarness.write(Array((Self.header + "{\"t\":0,\"drawing\":[[0,0,1e308,5]]}\n").utf8), to: drawing)
        for (path, output, message) in [
            (touch, "out.svg", "line 3: a touch change: \"x\" is 1e+20, beyond what Wayland can send (±8388608)"),
            (drawing, "out.png", "line 2: drawing: line 0 has an invalid coordinate 1e+308 (allowed: finite, within ±1000000)"),
        ] {
            let result = try workspace.run(["replay", path, "--export", workspace.directory + "/" + output],
                                           timeout: Self.quick)
            #expect(result.status == ExitStatus.failure.rawValue)
            #expect(result.standardError == "touchtracker: \(path): \(message)\n")
            #expect(access(workspace.directory + "/" + output, F_OK) != 0, "nothing exported")
        }
    }

    /// The farthest a compositor can send still replays and exports.
    @Test(arguments: ["svg", "png"])
    func aStrokeToTheFarthestPositionWaylandCarriesExports(format: String) throws {
        let workspace = try Workspace()
        let path = workspace.directory + "/far.ttrec"
        func touch(_ event: String, _ x: Double, _ t: Double) -> String {
            "{\"t\":\(t),\"origin\":\"compositor\",\"seat\":\"seat0\",\"device\":\"touch\","
                + "\"frame\":[{\"event\":\"\(event)\",\"id\":1,\"x\":\(x),\"y\":150,\"time\":\(Int(t * 1000))}]}\n"
        }
        try AppHarness.write(Array((Self.header + RecordingReadingTests.window + "{\"t\":0,\"drawing\":[]}\n"
                                    + touch("down", 10, 0.5) + touch("motion", 4_000_000, 0.6)
                                    + touch("motion", 8_388_000, 0.7) + touch("up", 8_388_000, 0.8)).utf8), to: path)
        let output = workspace.directory + "/far." + format
        let result = try workspace.run(["replay", path, "--export", output], timeout: 30)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("1 line drawn, exported to \(output)"), "\(result.standardOutput)")
        #expect((AppHarness.read(output) ?? []).count > 100)
    }

    @Test(arguments: ["replay", "check"])
    func helpOfACommandPrintsItsUsage(command: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run([command, "--help"], timeout: Self.quick)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Usage: touchtracker \(command) "))
        #expect(result.standardOutput == Options.usage(of: command) + "\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func conflictingOptionsExitWithStatus2() throws {
        let workspace = try Workspace()
        for (arguments, message) in [
            (["--export", "a.png", "--export", "b.png"], "option --export is given twice"),
            (["--playground", "--export", "a.png"], "--playground goes with a session; --export opens none"),
        ] {
            let result = try workspace.run(arguments, timeout: Self.quick)
            #expect(result.status == ExitStatus.usage.rawValue)
            #expect(result.standardError == "touchtracker: \(message)\n")
            #expect(access(workspace.directory + "/a.png", F_OK) != 0)
        }
    }

    /// Only "no such file" means there is no drawing: a name too long or a
    /// folder that is a file is an error, not an empty drawing exported.
    @Test func aDrawingPathThatCannotBeLookedUpIsAnError() throws {
        let workspace = try Workspace()
        let output = workspace.directory + "/out.png"
        let tooLong = workspace.directory + "/" + String(repeating: "a", count: 300) + ".json"
        let underAFile = workspace.drawing + "/inside.json"
        for (path, reason) in [(tooLong, "File name too long"), (underAFile, "Not a directory")] {
            for arguments in [["--file", path, "--export", output], ["--file", path]] {
                let result = try workspace.run(arguments, timeout: Self.quick)
                #expect(result.status == ExitStatus.drawingUnreadable.rawValue, "\(arguments): \(result.standardError)")
                #expect(result.standardError.hasSuffix(": \(reason)\n"), "\(result.standardError)")
                #expect(!result.standardOutput.contains("exported"))
                #expect(access(output, F_OK) != 0, "nothing exported")
            }
        }
    }
}

extension String {
    /// `self` with every `target` replaced.
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
