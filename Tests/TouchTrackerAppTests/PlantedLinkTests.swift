@testable import Canvas
@testable import Document
@testable import Instruments
import Platform
import Testing
import TestSupport
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// Issue 34's critical hole: in a folder another user can write to (a
/// shared `team/` folder, mode 0777), that user plants symbolic links where
/// the app will create its files, named as the app used to name its
/// temporary files (`<file>.tmp-<pid>`), and at the files themselves. Every
/// writer must leave the link's target, a file of the owner's, untouched:
/// files are created exclusively under random names, and no link is
/// followed (see `UniqueFile`).
@Suite struct PlantedLinkTests {
    /// `nobody`: the planting user (the links are made as root here and
    /// handed to that user, as if it had made them).
    static let otherUser: uid_t = 65534
    static let victimContents = "the owner's own file: not to be touched\n"

    /// A shared folder (0777) and, in a private folder beside it, a file of
    /// the owner's that the planted links point to.
    final class SharedFolder {
        private let temporary: TemporaryDirectory
        var path: String { temporary.path + "/team" }
        var victim: String { temporary.path + "/private/victim.txt" }

        init() throws {
            temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
            mkdir(temporary.path + "/private", 0o700)
            mkdir(path, 0o777)
            chmod(path, 0o777)
            try Document.writeForTest(Self.victimText, to: victim, permissions: 0o600)
        }

        static var victimText: String { PlantedLinkTests.victimContents }

        /// A link at `name` in the shared folder to the victim, owned by the other user.
        func plant(_ name: String) {
            let link = path + "/" + name
            symlink(victim, link)
            lchown(link, PlantedLinkTests.otherUser, PlantedLinkTests.otherUser)
        }

        /// Links at the names the app used to give its temporary file for
        /// `name`, for this process and the next few hundred pids, as the
        /// probe planted them.
        func plantTemporaryNames(for name: String, hiddenToo: Bool = true) {
            let me = Int(getpid())
            let next = Int(String(decoding: AppHarness.read("/proc/sys/kernel/ns_last_pid") ?? [], as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? me
            for pid in Set([me] + Array(next + 1...next + 300)) {
                plant("\(name).tmp-\(pid)")
                if hiddenToo { plant(".\(name).tmp-\(pid)") }
            }
        }

        /// The victim is as it was: same contents, still 0600.
        func expectVictimUntouched(_ writer: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let contents = String(decoding: AppHarness.read(victim) ?? [], as: UTF8.self)
            #expect(contents == Self.victimText, "\(writer) wrote through a planted link", sourceLocation: sourceLocation)
            var info = stat()
            stat(victim, &info)
            #expect(info.st_mode & 0o777 == 0o600, "\(writer) widened the victim's mode", sourceLocation: sourceLocation)
        }

        /// The entry at `name` is a regular file of ours, not a link.
        func isOwnRegularFile(_ name: String) -> Bool {
            guard let status = try? FileStatus(linkAt: path + "/" + name) else { return false }
            return status.kind == .regular && status.isOwnedByThisUser
        }
    }

    @Test func savingADrawingWritesNoLinkItFinds() throws {
        let folder = try SharedFolder()
        folder.plantTemporaryNames(for: "d.json")
        try Document.save([line(1, 2, 3, 4)], to: folder.path + "/d.json")
        folder.expectVictimUntouched("a drawing save")
        #expect(try Document.load(from: folder.path + "/d.json") == [line(1, 2, 3, 4)])
        #expect(folder.isOwnRegularFile("d.json"))
    }

    @Test func theRecentListWritesNoLinkItFinds() throws {
        let folder = try SharedFolder()
        folder.plantTemporaryNames(for: "recently-used.xbel")
        var said: [String] = []
        let recent = RecentDrawings(path: folder.path + "/recently-used.xbel", report: { said.append($0) })
        recent.use(folder.path + "/d.touchtracker")
        folder.expectVictimUntouched("the recent list's first write")
        #expect(folder.isOwnRegularFile("recently-used.xbel"))
        #expect(said.isEmpty)

        // The list itself replaced by a link: what it reads is no XBEL, so it is left alone and said.
        unlink(folder.path + "/recently-used.xbel")
        folder.plant("recently-used.xbel")
        recent.use(folder.path + "/e.touchtracker")
        folder.expectVictimUntouched("a recent list replaced by a link")
        #expect(said.count == 1)
    }
    @Test func startingAJournalWritesNoLinkItFinds() throws {
        let folder = try SharedFolder()
        folder.plantTemporaryNames(for: "d.json.journal")
        try DrawingJournal.start(for: folder.path + "/d.json", token: "t1", ids: [])
        folder.expectVictimUntouched("the journal's start")
        #expect(folder.isOwnRegularFile("d.json.journal"))
    }

    @Test func aJournalReplacedByALinkIsNotAppendedTo() throws {
        let folder = try SharedFolder()
        let drawing = folder.path + "/d.json"
        try DrawingJournal.start(for: drawing, token: "t1", ids: [])
        unlink(DrawingJournal.path(for: drawing))
        folder.plant("d.json.journal")
        #expect(throws: DocumentError.self) {
            try DrawingJournal.append([.added(LineID(1), line(1, 2, 3, 4))], for: drawing)
        }
        folder.expectVictimUntouched("a journal append")
    }

    @Test func aJournalOfAnotherUsersIsNotAppendedTo() throws {
        let folder = try SharedFolder()
        let drawing = folder.path + "/d.json"
        try DrawingJournal.start(for: drawing, token: "t1", ids: [])
        let journal = DrawingJournal.path(for: drawing)
        chown(journal, Self.otherUser, Self.otherUser)
        let before = AppHarness.read(journal)
        #expect {
            try DrawingJournal.append([.added(LineID(1), line(1, 2, 3, 4))], for: drawing)
        } throws: { error in
            "\(error)".contains("another user's")
        }
        #expect(AppHarness.read(journal) == before)
    }

    @Test func aLockFileThatIsALinkIsRefusedWithAMessage() throws {
        let folder = try SharedFolder()
        let drawing = folder.path + "/d.json"
        try Document.save([], to: drawing)
        folder.plant("d.json.lock")
        #expect {
            _ = try DrawingLock.acquire(for: drawing)
        } throws: { error in
            "\(error)".contains("a symbolic link where the drawing's lock file should be")
        }
        folder.expectVictimUntouched("taking the lock")
    }

    /// The probe's `ln -s /nonexistent d.json.lock`: each instance fell
    /// back to locking the drawing, which every save replaces, and both wrote it.
    @Test func aDanglingLinkAsTheLockFileLetsNoSecondInstanceIn() throws {
        let folder = try SharedFolder()
        let drawing = folder.path + "/d.json"
        try Document.save([], to: drawing)
        symlink("/nonexistent", folder.path + "/d.json.lock")
        #expect(throws: DocumentError.self) { _ = try DrawingLock.acquire(for: drawing) }
    }

    @Test func aLockFileOfAnotherUsersIsRefused() throws {
        let folder = try SharedFolder()
        let drawing = folder.path + "/d.json"
        try Document.save([], to: drawing)
        let lock = folder.path + "/d.json.lock"
        try Document.writeForTest("", to: lock, permissions: 0o666)
        chown(lock, Self.otherUser, Self.otherUser)
        #expect {
            _ = try DrawingLock.acquire(for: drawing)
        } throws: { error in
            "\(error)".contains("a file of another user's (uid 65534)")
        }
    }

    /// The probe's FIFO: `retake` opened it without O_NONBLOCK and waited
    /// for a writer forever, SIGTERM ignored.
    @Test func aLockReplacedByAFIFOIsRefusedNotWaitedOn() throws {
        let folder = try SharedFolder()
        let drawing = folder.path + "/d.json"
        try Document.save([], to: drawing)
        let lock = try #require(try DrawingLock.acquire(for: drawing))
        unlink(lock.path)
        mkfifo(lock.path, 0o600)
        #expect {
            try lock.retake(drawingPath: drawing)
        } throws: { error in
            "\(error)".contains("a FIFO (named pipe) where the drawing's lock file should be")
        }
    }

    @Test func savingTheSettingsWritesNoLinkItFinds() throws {
        let folder = try SharedFolder()
        folder.plantTemporaryNames(for: "settings.conf")
        var reports: [String] = []
        let settings = SettingsFile(path: folder.path + "/settings.conf") { reports.append($0) }
        settings.update { $0.prediction = false }
        #expect(reports.isEmpty)
        folder.expectVictimUntouched("the settings")
        #expect(folder.isOwnRegularFile("settings.conf"))
    }

    @Test func aRecordingReplacesALinkAtItsPathAndWritesNoneOfItsTemporaryNames() throws {
        let folder = try SharedFolder()
        folder.plant("rec.ttrec")
        folder.plantTemporaryNames(for: "rec.ttrec")
        let recording = try RecordingFile(path: folder.path + "/rec.ttrec")
        #expect(recording.write(Array("recorded\n".utf8)) == nil)
        recording.close()
        folder.expectVictimUntouched("a recording")
        #expect(folder.isOwnRegularFile("rec.ttrec"))
        #expect(AppHarness.read(folder.path + "/rec.ttrec") == Array("recorded\n".utf8))
    }

    @Test func aCheckPageWritesNoLinkItFinds() throws {
        let folder = try SharedFolder()
        folder.plantTemporaryNames(for: "report.html")
        try CheckReportHTML.write("<p>page</p>", to: folder.path + "/report.html")
        folder.expectVictimUntouched("check --html")
        #expect(folder.isOwnRegularFile("report.html"))
    }

    /// `conformance --junit` writes its report through the same atomic
    /// replacement, with the same readable-by-all mode as a page.
    @Test func aReadableReportWritesNoLinkItFindsAndKeepsItsMode() throws {
        let folder = try SharedFolder()
        folder.plantTemporaryNames(for: "junit.xml")
        try AtomicReplacement.replace(folder.path + "/junit.xml", with: Array("<testsuites/>".utf8), permissions: 0o644)
        folder.expectVictimUntouched("--junit")
        let status = try FileStatus(linkAt: folder.path + "/junit.xml")
        #expect(status.kind == .regular && status.permissions & 0o777 == 0o644 & ~Self.umask())
    }

    @Test func anEmergencyCopyWritesNoLinkItFinds() throws {
        let folder = try SharedFolder()
        let copies = folder.path + "/touchtracker"
        mkdir(copies, 0o777)
        chmod(copies, 0o777)
        let time = 1_790_000_000
        let name = "d-\(Document.utcStamp(time))-\(getpid()).json"
        for pid in [getpid()] { symlink(folder.victim, copies + "/\(name).tmp-\(pid)") }
        let copy = try Document.writeEmergencyCopy(of: [line(1, 2, 3, 4)], for: "/elsewhere/d.json",
                                                   environment: ["XDG_STATE_HOME": folder.path, "HOME": folder.path],
                                                   at: time)
        folder.expectVictimUntouched("an emergency copy")
        #expect(try Document.load(from: copy) == [line(1, 2, 3, 4)])
    }

    /// A file that is not a drawing is renamed aside, never over a name
    /// planted meanwhile: the planted link stays, the file takes the next name.
    @Test func aFileSetAsideNeverReplacesWhatIsPlantedAtItsName() throws {
        let folder = try SharedFolder()
        let drawing = folder.path + "/d.json"
        try Document.writeForTest("not a drawing", to: drawing, permissions: 0o600)
        let time = 1_790_000_000
        folder.plant("d.json.corrupt-\(Document.utcStamp(time))")
        let aside = try Document.setAside(corruptFileAt: drawing, at: time)
        #expect(aside == drawing + ".corrupt-\(Document.utcStamp(time))-1")
        #expect(AppHarness.read(aside) == Array("not a drawing".utf8))
        #expect((try? FileStatus(linkAt: drawing + ".corrupt-\(Document.utcStamp(time))"))?.kind == .symbolicLink)
        folder.expectVictimUntouched("setting a file aside")
    }

    /// The drawing itself may be a link the person made, and is saved
    /// through it, but never into another user's file.
    @Test func aDrawingThatLinksToAnotherUsersFileIsRefusedWithAMessage() throws {
        let folder = try SharedFolder()
        let theirs = folder.path + "/theirs.json"
        try Document.save([line(1, 2, 3, 4)], to: theirs)
        chown(theirs, Self.otherUser, Self.otherUser)
        symlink(theirs, folder.path + "/d.json")
        #expect {
            _ = try Document.resolvingSymbolicLinks(folder.path + "/d.json")
        } throws: { error in
            "\(error)".contains("belongs to another user (uid 65534)")
        }
    }

    @Test func aDrawingThatLinksToTheUsersOwnFileIsSavedThroughTheLink() throws {
        let folder = try SharedFolder()
        let mine = folder.path + "/mine.json"
        try Document.save([], to: mine)
        symlink(mine, folder.path + "/d.json")
        #expect(try Document.resolvingSymbolicLinks(folder.path + "/d.json") == mine)
    }

    // MARK: The built program, as the probe ran it

    @Test func checkHTMLFromTheProgramWritesNoLinkItFinds() throws {
        let folder = try SharedFolder()
        let workspace = try ProgramTests.Workspace()
        folder.plantTemporaryNames(for: "report.html")
        let recording = RecordReplayProgramTests.recordings + "/scripted-gestures.ttrec"
        let result = try workspace.run(["check", recording, "--html", folder.path + "/report.html"])
        #expect(result.status == 0, "\(result.standardError)")
        folder.expectVictimUntouched("touchtracker check --html")
        #expect(folder.isOwnRegularFile("report.html"))
    }

    @Test func exportFromTheProgramWritesNoLinkItFinds() throws {
        let folder = try SharedFolder()
        let workspace = try ProgramTests.Workspace()
        folder.plantTemporaryNames(for: "out.png")
        let result = try workspace.run(["--file", workspace.drawing, "--export", folder.path + "/out.png"])
        #expect(result.status == 0, "\(result.standardError)")
        folder.expectVictimUntouched("touchtracker --export")
        #expect(folder.isOwnRegularFile("out.png"))
    }

    static func umask() -> UInt32 {
        let mask = Glibc.umask(0)
        Glibc.umask(mask)
        return UInt32(mask)
    }
}

extension Document {
    /// A plain file with `text`, for the tests' own fixtures.
    static func writeForTest(_ text: String, to path: String, permissions: mode_t) throws {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL, permissions)
        guard fd >= 0 else { throw Errno.current }
        defer { close(fd) }
        _ = text.withCString { write(fd, $0, strlen($0)) }
        fchmod(fd, permissions)
    }
}
