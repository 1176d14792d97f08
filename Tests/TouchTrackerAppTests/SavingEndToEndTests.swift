@testable import Canvas
import Document
import Render
@testable import Scene
import Testing
import TestSupport
import TestFileSystems
import TouchCore
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// What a user sees when the drawing cannot be saved (a banner until it
/// can, retries, an emergency copy at the end), and one writer per drawing,
/// through the whole stack.
@Suite struct SavingEndToEndTests {
    /// Whether the presented pixel at (x, y) is the banner's red.
    private func isBanner(_ app: AppHarness, _ x: Double, _ y: Double) -> Bool {
        let pixel = app.pixel(x, y)
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        return pixel >> 24 == 0xFF && r > 0xA0 && g < 0x40 && b < 0x40
    }

    /// A point inside the banner clear of its text: near the canvas's bottom-left corner.
    private let bannerSpot = (x: 3.0, y: Double(AppHarness.height) - 3)

    /// Makes every save of `app` fail: its drawing's directory becomes a file.
    private func breakSaving(_ app: AppHarness) throws {
        #expect(rename(app.directory + "/sub", app.directory + "/away") == 0)
        try AppHarness.write([], to: app.directory + "/sub")
    }

    private func repairSaving(_ app: AppHarness) {
        unlink(app.directory + "/sub")
        #expect(rename(app.directory + "/away", app.directory + "/sub") == 0)
    }

    // MARK: One writer

    @Test func aSecondSessionOnTheSameDrawingIsRefusedAndWritesNothing() throws {
        let first = try AppHarness(lines: [line(50, 100, 300, 100)])
        let before = AppHarness.read(first.documentPath)
        #expect(throws: DocumentError.locked(path: first.documentPath, holder: getpid())) {
            _ = try AppHarness(documentPath: first.documentPath)
        }
        #expect(AppHarness.read(first.documentPath) == before, "the second session wrote nothing")
        try first.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        #expect(try first.savedLines() == [line(50, 100, 300, 100), line(50, 200, 300, 200)])
    }

    @Test func aSessionOnASymbolicLinkSavesOntoItsTarget() throws {
        let temporary = try TemporaryDirectory(prefix: "touchtracker-e2e")
        let directory = temporary.path
        try Document.save([line(50, 100, 300, 100)], to: directory + "/real.json")
        #expect(symlink(directory + "/real.json", directory + "/link.json") == 0)
        let linked = try AppHarness(documentPath: directory + "/link.json")
        #expect(linked.session.firstWindow.documentPath == directory + "/real.json")
        #expect(linked.pixel(150, 100) == Colour.black)
        try linked.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        var info = stat()
        #expect(lstat(directory + "/link.json", &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "still a link")
        #expect(try Document.load(from: directory + "/real.json").count == 2)
    }

    // MARK: The banner and retries

    @Test func aFailingSaveShowsABannerUntilASaveSucceeds() throws {
        let app = try AppHarness(documentName: "sub/drawing.json")
        #expect(!isBanner(app, bannerSpot.x, bannerSpot.y), "no banner while saving works")
        try breakSaving(app)
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        #expect(isBanner(app, bannerSpot.x, bannerSpot.y), "the banner is painted")
        #expect(app.session.firstWindow.banner.text?.contains("Not a directory") == true,
                "\(String(describing: app.session.firstWindow.banner.text))")
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        #expect(isBanner(app, bannerSpot.x, bannerSpot.y), "it stays while saves fail")
        #expect(app.pixel(150, 100) == Colour.black, "the drawing stays on screen")

        repairSaving(app)
        try app.stroke(from: Point(x: 50, y: 250), to: Point(x: 300, y: 250))
        #expect(!isBanner(app, bannerSpot.x, bannerSpot.y), "gone once a save succeeded")
        #expect(app.pixel(bannerSpot.x, bannerSpot.y) == Colour.white)
        #expect(try app.savedLines().count == 3, "nothing drawn meanwhile is lost")
    }

    @Test func savingIsRetriedOnATimerThatBacksOffAndStopsOnceSaved() throws {
        let app = try AppHarness(documentName: "sub/drawing.json")
        let autosave = try #require(app.session.firstWindow.autosave)
        #expect(!autosave.isRetryScheduled, "no timer while saving works: the idle loop has no deadline")
        try breakSaving(app)
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        #expect(autosave.isRetryScheduled)
        var delays: [Double] = []
        for _ in 0..<4 {
            let deadline = try #require(app.session.loop.timers.nextDeadline)
            delays.append(deadline - app.clock.now)
            app.advance(by: deadline - app.clock.now)
        }
        // The first retry was scheduled 10 ms before the stroke's last frame.
        #expect(delays.map { ($0 * 10).rounded() / 10 } == [1, 2, 4, 8], "each failed retry waits twice as long")
        #expect(isBanner(app, bannerSpot.x, bannerSpot.y))

        repairSaving(app)
        app.advance(by: 16)
        try app.frame()
        #expect(try app.savedLines() == [line(50, 100, 300, 100)], "saved by the timer, without a new change")
        #expect(!autosave.isRetryScheduled)
        #expect(!isBanner(app, bannerSpot.x, bannerSpot.y))
        #expect(app.reports.last == "saved the drawing to \(app.documentPath) again")
    }

    // MARK: Quitting with unsaved changes

    @Test func quittingWithUnsavedChangesWritesAnEmergencyCopyAndSaysWhere() throws {
        let app = try AppHarness(documentName: "sub/drawing.json")
        try breakSaving(app)
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        try app.quitByKeyboard()
        guard case .emergencyCopy(let copy, let failure)? = app.session.firstWindow.ending else {
            Issue.record("ending: \(String(describing: app.session.firstWindow.ending))")
            return
        }
        #expect(copy.hasPrefix(app.directory + "/state/touchtracker/drawing-"))
        #expect(try Document.load(from: copy) == [line(50, 100, 300, 100)])
        var info = stat()
        #expect(stat(copy, &info) == 0 && info.st_mode & 0o777 == 0o600)

        var messages: [String] = []
        let status = Program.conclude(app.session, runError: nil) { messages.append($0) }
        #expect(status == .savedToEmergencyCopy)
        #expect(status.rawValue == 5)
        #expect(messages.count == 1 && messages[0].contains(copy), "\(messages)")
        _ = failure
    }

    @Test func quittingWithEverythingSavedExitsZeroAndWritesNoCopy() throws {
        let app = try AppHarness()
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        try app.quitByKeyboard()
        #expect(app.session.firstWindow.ending == .saved)
        #expect(Program.conclude(app.session, runError: nil) { _ in } == .success)
        #expect(TemporaryDirectory.entries(of: app.directory + "/state").isEmpty)
    }

    /// A drawing its owner made read-only is not replaced (a rename over
    /// it would succeed, and leave it 0600): the banner says why, and the
    /// lines go to an emergency copy at the end, as for a read-only folder.
    @Test func aReadOnlyDrawingFileIsNotReplacedAndQuittingKeepsACopy() throws {
        let app = try AppHarness()
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        #expect(chmod(app.documentPath, 0o444) == 0)
        let before = AppHarness.read(app.documentPath)
        let journalBefore = AppHarness.read(app.documentPath + ".journal")
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        #expect(isBanner(app, bannerSpot.x, bannerSpot.y))
        #expect(app.session.firstWindow.banner.text == "Not saved: the drawing is read-only (mode 0444). Your lines are kept; "
                + "saving is retried, and quitting writes an emergency copy.")
        #expect(app.reports.last?.contains("the drawing is read-only (mode 0444), so it is not saved over") == true,
                "\(app.reports)")
        try app.quitByKeyboard()
        guard case .emergencyCopy(let copy, _)? = app.session.firstWindow.ending else {
            Issue.record("ending: \(String(describing: app.session.firstWindow.ending))")
            return
        }
        #expect(try Document.load(from: copy).count == 2, "both lines are in the copy")
        #expect(AppHarness.read(app.documentPath) == before, "the drawing is as it was")
        #expect(AppHarness.read(app.documentPath + ".journal") == journalBefore, "and so is its journal")
        var info = stat()
        #expect(stat(app.documentPath, &info) == 0 && info.st_mode & 0o777 == 0o444, "still read-only")
        #expect(Program.conclude(app.session, runError: nil) { _ in } == .savedToEmergencyCopy)
    }

    // MARK: Real full and read-only disks

    @Test(.enabled(if: ScratchFileSystem.isAvailable, "needs to mount a tmpfs (root): skipped"))
    func aFullDiskShowsTheReasonAndKeepsEveryLine() throws {
        let disk = try ScratchFileSystem(size: 64 << 10)
        // A drawing without a journal (as version 1 wrote them): its first
        // save in a session is a whole new snapshot, which needs free space.
        try Document.save([line(50, 100, 300, 100)], to: disk.path + "/drawing.json")
        let app = try AppHarness(documentPath: disk.path + "/drawing.json")
        let filler = disk.fill()
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        #expect(isBanner(app, bannerSpot.x, bannerSpot.y))
        #expect(app.session.firstWindow.banner.text?.contains("No space left on device") == true,
                "\(String(describing: app.session.firstWindow.banner.text))")
        #expect(try app.savedLines().count == 1, "the old drawing is intact")
        #expect(TemporaryDirectory.entries(of: disk.path).sorted() == ["drawing.json", "drawing.json.lock", "filler"], "no temporary left")
        #expect(app.reports.count == 1 && app.reports[0].contains("No space left on device"), "\(app.reports)")

        unlink(filler)
        app.advance(by: 1)
        try app.frame()
        #expect(try app.savedLines().count == 2, "the retry saved it")
        #expect(!isBanner(app, bannerSpot.x, bannerSpot.y))
    }

    @Test(.enabled(if: ScratchFileSystem.isAvailable, "needs to mount a tmpfs (root): skipped"))
    func aReadOnlyFolderShowsTheReasonAndQuittingKeepsACopy() throws {
        let disk = try ScratchFileSystem(size: 64 << 10)
        let app = try AppHarness(documentPath: disk.path + "/drawing.json")
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        try disk.makeReadOnly()
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 300, y: 200))
        #expect(isBanner(app, bannerSpot.x, bannerSpot.y))
        #expect(app.session.firstWindow.banner.text?.contains("Read-only file system") == true,
                "\(String(describing: app.session.firstWindow.banner.text))")
        try app.quitByKeyboard()
        guard case .emergencyCopy(let copy, _)? = app.session.firstWindow.ending else {
            Issue.record("ending: \(String(describing: app.session.firstWindow.ending))")
            return
        }
        #expect(try Document.load(from: copy).count == 2, "both lines are in the copy")
        #expect(try Document.load(from: disk.path + "/drawing.json").count == 1, "the drawing is as last saved")
    }
}
