@testable import Canvas
import Document
import Testing
import TestSupport
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// Issue 34 (and 39, on Debian 13): a SIGTERM, SIGINT or SIGHUP that
/// reached a thread not blocking it ended the process by default action,
/// exit 143, the stroke in progress lost and the lock left. Pango 1.56
/// starts a fontconfig thread early; a large drawing opens on a worker
/// thread; both existed before the session blocked the signals. The
/// built `touchtracker` must block them from the start of `main`, in every
/// thread, and save and quit when one arrives, however early.
@Suite struct TerminationSignalProgramTests {
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalBeforeTheWindowOpensWaitsForTheEventLoopWhichQuitsInOrder(_ signal: Int32) throws {
        let temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        let path = temporary.path + "/drawing.json"
        try Document.saveSnapshot(of: Drawing(lines: [line(50, 100, 300, 100)]), to: path)
        let child = try ChildApp(arguments: ["--file", path], directory: temporary.path)
        defer { child.kill() }
        // The compositor is not served yet: the app waits in its first
        // roundtrip, long before its event loop runs.
        var blocked = false
        for _ in 0..<5_000 where !blocked {
            blocked = child.everyThreadBlocksTerminationSignals
            if !blocked { usleep(2_000) }
        }
        #expect(blocked, "every thread of touchtracker blocks SIGINT, SIGTERM and SIGHUP before its window opens")
        child.send(signal)
        let status = try child.exitStatus()
        #expect((status & 0x7f) == 0, "ended by the signal's default action (\(status & 0x7f)), not by quitting")
        #expect((status >> 8) & 0xff == 0, "\(child.standardError)")
        #expect(try Document.load(from: path) == [line(50, 100, 300, 100)])
        #expect(TemporaryDirectory.entries(of: temporary.path).filter { $0.hasPrefix("drawing.json") } == ["drawing.json"],
                "the lock removed, as at any clean exit")
    }

    /// With a stroke drawn: the signal saves it.
    @Test func aSignalAfterAStrokeSavesIt() throws {
        let temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        let path = temporary.path + "/drawing.json"
        try Document.saveSnapshot(of: Drawing(lines: []), to: path)
        let child = try ChildApp(arguments: ["--file", path], directory: temporary.path)
        defer { child.kill() }
        try child.mapWindow()
        try child.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        child.send(SIGTERM)
        let status = try child.exitStatus()
        #expect(status == 0, "\(child.standardError)")
        #expect(try Document.load(from: path) == [line(50, 200, 300, 200)])
    }
}
