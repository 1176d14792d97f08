import Canvas
import Decorations
import Document
import Platform
@testable import Scene
import Testing
import TestFileSystems
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Open…, Save As… and Rename… through the in-app chooser (issue 37), by
/// finger and keyboard on the scripted compositor, which offers no file
/// chooser portal: the chooser lists the data folder's drawings, a tap
/// opens one in the window, a typed name saves a copy the window goes on
/// with, and Rename… renames it in place; the recent list follows.
@Suite struct DrawingChooserEndToEndTests {
    static let shift: UInt32 = 1
    static let control: UInt32 = 4

    /// The chooser's content, once a key or action opened it.
    static func chooser(_ app: AppHarness) throws -> DrawingChooserContent {
        let dialog = try #require(app.session.firstWindow.scene.chrome.dialog)
        #expect(dialog.isOpen)
        return try #require(dialog.contentView as? DrawingChooserContent)
    }

    /// Taps `rect` (in `view`'s coordinates) with a finger.
    static func tap(_ app: AppHarness, _ rect: Rect, in view: View) throws {
        let point = view.convert(rect.center, to: nil)
        try app.tap(point.x, point.y - AppHarness.canvasTop)
    }

    static func dataFolder(_ app: AppHarness) -> String { app.temporaryDirectory.path + "/.local/share/touchtracker" }

    /// The presented pixel inside the chooser's button, left of its title.
    static func buttonFill(_ app: AppHarness, _ content: DrawingChooserContent) throws -> UInt32 {
        try app.frame()
        let frame = content.button.frame
        let point = content.convert(Point(x: frame.minX + frame.height / 2, y: frame.midY), to: nil)
        return app.pixel(point.x, point.y - AppHarness.canvasTop)
    }

    @Test func openingADrawingFromTheListThenSavingACopyThenRenamingIt() throws {
        // An empty window takes the drawing opened in place (a drawn one
        // opens it in a window of its own: the next test).
        let app = try AppHarness(lines: [])
        let folder = Self.dataFolder(app)
        try FileSystem.makeDirectories(folder, permissions: 0o700)
        let garden = folder + "/Garden.touchtracker"
        try Document.save([line(10, 10, 100, 10), line(10, 40, 100, 40), line(10, 70, 100, 70)], to: garden)
        let first = app.documentPath
        try app.focusKeyboard()

        // Ctrl+O: the data folder's drawing, with its thumbnail.
        try app.press(EvdevKey.o, modifiers: Self.control)
        var content = try Self.chooser(app)
        #expect(content.mode == .open)
        #expect(content.entries.map(\.name) == ["Garden"])
        #expect(content.entries.first?.thumbnail?.polylines.count == 3)
        try Self.tap(app, content.rowFrame(0), in: content)
        #expect(app.session.firstWindow.scene.chrome.dialog?.isOpen != true, "opening closes the chooser")
        #expect(app.session.firstWindow.documentPath == garden)
        #expect(app.canvas.drawing.count == 3, "the window shows Garden's lines, and only those")
        #expect(!app.canvas.drawing.canUndo, "another drawing's undo steps are not this one's")
        #expect(app.toplevel.title == "Garden")
        #expect(app.session.windows.count == 1, "the empty window took it")
        #expect(try Document.load(from: first).isEmpty, "the first drawing is saved where it was")
        #expect(!FileSystem.exists(DrawingLock.lockPath(for: first)), "and let go")
        #expect(FileSystem.exists(DrawingLock.lockPath(for: garden)), "Garden is this window's now")
        let recentPath = app.temporaryDirectory.path + "/.local/share/recently-used.xbel"
        #expect(RecentDrawingsFormat.drawings(in: String(decoding: AppHarness.read(recentPath) ?? [], as: UTF8.self))
                == [garden])

        // Ctrl+Shift+S: the name offered is Garden's; a name taken is refused in the dialog.
        try app.press(EvdevKey.s, modifiers: Self.control | Self.shift)
        content = try Self.chooser(app)
        #expect(content.mode == .saveAs && content.name == "Garden")
        try app.press(EvdevKey.enter)
        #expect(content.problem == "“Garden.touchtracker” already exists. Choose another name.")
        #expect(app.session.firstWindow.scene.chrome.dialog?.isOpen == true, "the chooser stays for another name")
        #expect(try Self.buttonFill(app, content) == Colour.accent, "a name to save under: the button is live")
        for _ in 0..<6 { try app.press(EvdevKey.backspace) }
        #expect(!content.button.isEnabled, "no name: nothing to save under")
        #expect(try Self.buttonFill(app, content) != Colour.accent, "and it looks insensitive")
        try app.press(EvdevKey.enter)
        #expect(content.problem == DrawingName.Problem.empty.description, "Enter still says why")
        for key in [EvdevKey.a, EvdevKey.c, EvdevKey.e] { try app.press(key) }
        #expect(content.name == "ace")
        #expect(content.button.isEnabled)
        try Self.tap(app, content.button.frame, in: content)
        let ace = folder + "/ace.touchtracker"
        #expect(app.session.firstWindow.documentPath == ace)
        #expect(try Document.load(from: ace).count == 3, "the copy holds the lines")
        #expect(try Document.load(from: garden).count == 3, "Garden stays as it was")
        #expect(!FileSystem.exists(DrawingLock.lockPath(for: garden)) && FileSystem.exists(DrawingLock.lockPath(for: ace)))
        #expect(app.toplevel.title == "ace")
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 250, y: 200))
        #expect(app.canvas.drawing.count == 4)

        // Rename…: in place, the title follows, the line drawn in the copy goes along.
        app.session.firstWindow.application.sendAction(WindowChrome.showRenameChooser, to: nil, from: nil)
        content = try Self.chooser(app)
        #expect(content.mode == .rename && content.name == "ace" && content.entries.isEmpty)
        try app.press(EvdevKey.s)
        try Self.tap(app, content.button.frame, in: content)
        let aces = folder + "/aces.touchtracker"
        #expect(app.session.firstWindow.documentPath == aces)
        #expect(!FileSystem.exists(ace) && !FileSystem.exists(DrawingLock.lockPath(for: ace)))
        #expect(try Document.load(from: aces).count == 4)
        #expect(app.toplevel.title == "aces")
        #expect(RecentDrawingsFormat.drawings(in: String(decoding: AppHarness.read(recentPath) ?? [], as: UTF8.self))
                .prefix(2) == [aces, ace])
        try app.quitByKeyboard()
        #expect(!FileSystem.exists(DrawingLock.lockPath(for: aces)))
    }

    @Test func withNoDrawingToListTheOpenButtonIsInsensitiveAndEnterSaysWhy() throws {
        let app = try AppHarness(lines: [])
        try app.focusKeyboard()
        try app.press(EvdevKey.o, modifiers: Self.control)
        let content = try Self.chooser(app)
        #expect(content.mode == .open && content.entries.isEmpty)
        #expect(!content.button.isEnabled)
        #expect(try Self.buttonFill(app, content) != Colour.accent, "drawn insensitive, not as the live accent")
        try Self.tap(app, content.button.frame, in: content)
        #expect(content.problem == nil, "a tap on it does nothing")
        #expect(app.session.firstWindow.scene.chrome.dialog?.isOpen == true)
        try app.press(EvdevKey.enter)
        #expect(content.problem == DrawingChooserContent.emptyText)
        #expect(app.session.windows.count == 1)
    }

    @Test func openingADrawingFromAWindowWithLinesOpensItInAWindowOfItsOwn() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100)])
        let folder = Self.dataFolder(app)
        try FileSystem.makeDirectories(folder, permissions: 0o700)
        let garden = folder + "/Garden.touchtracker"
        try Document.save([line(10, 10, 100, 10), line(10, 40, 100, 40)], to: garden)
        try app.focusKeyboard()
        try app.press(EvdevKey.o, modifiers: Self.control)
        let content = try Self.chooser(app)
        try Self.tap(app, content.rowFrame(0), in: content)
        #expect(app.session.windows.count == 2, "a drawing is a window")
        #expect(app.session.firstWindow.documentPath == app.documentPath, "the first window keeps its drawing")
        #expect(app.canvas.drawing.count == 1)
        let second = try #require(app.session.windows.last)
        #expect(second.documentPath == garden && second.canvas.drawing.count == 2)
        #expect(app.compositor.toplevels.count == 2 && app.compositor.toplevels[1].title == "Garden")
        #expect(FileSystem.exists(DrawingLock.lockPath(for: app.documentPath)) && FileSystem.exists(DrawingLock.lockPath(for: garden)))

        // Open… of the drawing a window has already opens no second window for it.
        try app.press(EvdevKey.o, modifiers: Self.control)
        let again = try Self.chooser(app)
        let row = try #require(again.entries.firstIndex { $0.path == garden })
        try Self.tap(app, again.rowFrame(row), in: again)
        #expect(app.session.windows.count == 2)
        try app.quitByKeyboard()
        #expect(!FileSystem.exists(DrawingLock.lockPath(for: garden)))
    }

    @Test func openRecentListsTheDrawingsUsedLatelyWithThumbnailsAndOpensOneByATap() throws {
        let app = try AppHarness(lines: [])
        let elsewhere = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        let garden = elsewhere.path + "/Garden.touchtracker"
        let house = elsewhere.path + "/House.touchtracker"
        try Document.save([line(10, 10, 100, 10), line(10, 40, 100, 40), line(10, 70, 100, 70)], to: garden)
        try Document.save([line(10, 10, 100, 100)], to: house)
        // Other apps' recent files stay; ours are listed newest first.
        let recentPath = app.temporaryDirectory.path + "/.local/share/recently-used.xbel"
        let recent = RecentDrawings(path: recentPath, report: { _ in })
        recent.use(garden, now: 1_000_000)
        recent.use(house, now: 2_000_000)

        app.session.firstWindow.application.sendAction(WindowChrome.showRecentChooser, to: nil, from: nil)
        let content = try Self.chooser(app)
        #expect(content.mode == .openRecent)
        #expect(content.entries.map(\.name) == ["House", "Garden"], "newest first")
        #expect(content.entries.map { $0.thumbnail?.polylines.count } == [1, 3], "each with its thumbnail")
        try Self.tap(app, content.rowFrame(1), in: content)
        #expect(app.session.firstWindow.scene.chrome.dialog?.isOpen != true, "opening closes the chooser")
        #expect(app.session.firstWindow.documentPath == garden, "the empty window took it")
        #expect(app.canvas.drawing.count == 3)
        #expect(app.toplevel.title == "Garden")
        #expect(RecentDrawingsFormat.drawings(in: String(decoding: AppHarness.read(recentPath) ?? [], as: UTF8.self))
                .first == garden, "opened again, it is the newest")
        try app.quitByKeyboard()
    }

    @Test func aFileThatIsNotADrawingIsSaidAndLeftWhereItIs() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100)])
        let folder = Self.dataFolder(app)
        try FileSystem.makeDirectories(folder, permissions: 0o700)
        let notes = folder + "/notes.json"
        try AppHarness.write(Array("{\"shopping\": [\"eggs\"]}".utf8), to: notes)
        try app.focusKeyboard()
        try app.press(EvdevKey.o, modifiers: Self.control)
        let content = try Self.chooser(app)
        #expect(content.entries.map(\.name) == ["notes"])
        #expect(content.entries.first?.thumbnail == nil)
        try app.press(EvdevKey.down)
        try app.press(EvdevKey.enter)
        #expect(content.problem?.hasPrefix("That file is not a TouchTracker drawing") == true)
        #expect(app.session.firstWindow.documentPath == app.documentPath, "the drawing shown stays")
        #expect(AppHarness.read(notes) == Array("{\"shopping\": [\"eggs\"]}".utf8), "the file is untouched, not set aside")
        #expect(!FileSystem.exists(DrawingLock.lockPath(for: notes)))
        try app.press(EvdevKey.escape)
        #expect(app.session.firstWindow.scene.chrome.dialog?.isOpen != true)
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 250, y: 200))
        #expect(try app.savedLines().count == 2, "drawing and saving go on")
    }

    @Test func aDrawingOpenInAnotherInstanceIsRefusedAndNothingChanges() throws {
        let app = try AppHarness(lines: [line(50, 100, 300, 100)])
        let folder = Self.dataFolder(app)
        try FileSystem.makeDirectories(folder, permissions: 0o700)
        let garden = folder + "/Garden.touchtracker"
        try Document.save([line(10, 10, 100, 10)], to: garden)
        let other = try AppHarness(documentPath: garden)
        try app.focusKeyboard()
        try app.press(EvdevKey.o, modifiers: Self.control)
        let content = try Self.chooser(app)
        try Self.tap(app, content.rowFrame(0), in: content)
        #expect(content.problem == "That drawing is open in another TouchTracker window. Close it there first.")
        #expect(app.session.firstWindow.documentPath == app.documentPath && app.canvas.drawing.count == 1)
        #expect(other.session.firstWindow.documentPath == garden, "the other instance keeps it")

        // Save As onto it: a name taken, refused before its lock is tried.
        try app.press(EvdevKey.escape)
        try app.press(EvdevKey.s, modifiers: Self.control | Self.shift)
        let saveAs = try Self.chooser(app)
        try Self.tap(app, saveAs.rowFrame(0), in: saveAs)
        #expect(saveAs.name == "Garden", "a tapped drawing's name fills the field")
        try app.press(EvdevKey.slash)
        try app.press(EvdevKey.enter)
        #expect(saveAs.problem == DrawingName.Problem.slash.description)
        try app.press(EvdevKey.backspace)
        try app.press(EvdevKey.enter)
        #expect(saveAs.problem == "“Garden.touchtracker” already exists. Choose another name.")
        #expect(try Document.load(from: garden).count == 1, "Garden is as it was")
    }

    @Test(.enabled(if: ScratchFileSystem.isAvailable, "needs to mount a tmpfs (root): skipped"))
    func renamingInAReadOnlyFolderIsRefusedAndTheDrawingKeepsSaving() throws {
        let disk = try ScratchFileSystem(size: 64 << 10)
        let app = try AppHarness(documentPath: disk.path + "/drawing.json")
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        try disk.makeReadOnly()
        try app.focusKeyboard()
        app.session.firstWindow.application.sendAction(WindowChrome.showRenameChooser, to: nil, from: nil)
        let content = try Self.chooser(app)
        try app.press(EvdevKey.a)
        try app.press(EvdevKey.enter)
        #expect(content.problem?.contains("is read-only: nothing can be saved there") == true, "\(content.problem ?? "")")
        #expect(app.session.firstWindow.documentPath == disk.path + "/drawing.json")
        #expect(try Document.load(from: disk.path + "/drawing.json").count == 1, "nothing moved or lost")
        try disk.makeWritable()
    }
}
