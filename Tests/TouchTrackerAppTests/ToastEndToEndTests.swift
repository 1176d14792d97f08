import Glibc
import Canvas
@testable import Decorations
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The toasts (issue 36) through the whole stack: the scripted
/// compositor's input, the presented pixels, the saved file and `--trace`.
@Suite struct ToastEndToEndTests {
    /// The toast's bar, opaque dark grey (#353535) over the paper.
    static let toastGrey: UInt32 = 0xFF35_3535

    /// Where the shown toast is, in the harness's canvas coordinates.
    private func toastFrame(_ app: AppHarness) -> Rect { app.session.firstWindow.scene.toastView.frame.inCanvas }

    /// A point on the bar, left of its title: the bar's grey when painted.
    private func barPoint(_ app: AppHarness) -> Point {
        let frame = toastFrame(app)
        return Point(x: frame.minX + 10, y: frame.midY)
    }

    private func buttonCentre(_ app: AppHarness) throws -> Point {
        let view = app.session.firstWindow.scene.toastView
        return view.convert(try #require(view.buttonFrame).center, to: nil).inCanvas
    }

    private func pressButton(_ app: AppHarness) throws {
        let centre = try buttonCentre(app)
        try app.down(5, centre.x, centre.y)
        try app.up(5)
    }

    private func doubleTap(_ app: AppHarness, _ x: Double, _ y: Double) throws {
        try app.down(9, x, y)
        try app.up(9)
        try app.down(9, x, y)
        try app.up(9)
        try app.frame()
    }

    /// Saves the presented window for people to look at (`TOUCHTRACKER_SCREENSHOTS`).
    private func screenshot(_ app: AppHarness, _ name: String) {
        let commit = app.presented
        guard let pixels = commit.pixels else { return }
        Screenshot.save(pixels, width: Int(commit.bufferWidth), height: Int(commit.bufferHeight), name: name)
    }

    private func toastLines(_ app: AppHarness) -> [String] {
        app.logLines.filter { $0.hasPrefix(#"{"trace":"toast""#) }
    }

    private func drawTwoLines(_ app: AppHarness) throws {
        try app.stroke(1, from: Point(x: 50, y: 50), to: Point(x: 350, y: 50))
        try app.stroke(2, from: Point(x: 50, y: 100), to: Point(x: 350, y: 100))
        #expect(try app.savedLines().count == 2)
    }

    @Test func aDoubleTapClearsWithAToastWhoseUndoBringsEveryLineBackAndSavesThem() throws {
        let app = try AppHarness(trace: true)
        try drawTwoLines(app)
        let before = app.pixel(50, 150)
        #expect(before == Colour.white, "no toast before the clear")
        try doubleTap(app, 200, 150)
        #expect(try app.savedLines().isEmpty)
        let frame = toastFrame(app)
        let canvas = app.canvas.frame.inCanvas
        #expect(frame.maxY == canvas.maxY - ToastView.margin, "at the canvas's bottom, \(frame) in \(canvas)")
        #expect(abs(frame.midX - canvas.midX) < 1, "centred")
        #expect(app.pixel(barPoint(app).x, barPoint(app).y) == Self.toastGrey)
        screenshot(app, "toast-drawing-cleared")
        #expect((app.session.firstWindow.scene.toastView.buttonFrame?.height ?? 0) >= 40, "a finger-sized button")
        #expect(toastLines(app) == [#"{"trace":"toast","event":"shown","title":"Drawing cleared","button":"Undo"}"#])

        try pressButton(app)
        try app.frame()
        #expect(try app.savedLines().count == 2, "one tap on Undo brings both lines back, on disk too")
        #expect(app.pixel(200, 50) != Colour.white && app.pixel(200, 100) != Colour.white)
        #expect(app.pixel(barPoint(app).x, barPoint(app).y) == Colour.white, "the toast is gone")
        #expect(toastLines(app).last == #"{"trace":"toast","event":"dismissed","title":"Drawing cleared","reason":"button"}"#)
    }

    @Test func theToastGoesAfterItsTimeAndADoubleTapOnNothingSaysNothing() throws {
        let app = try AppHarness(trace: true)
        try doubleTap(app, 200, 150)
        #expect(app.session.firstWindow.scene.toastView.isHidden, "an empty drawing: nothing cleared, nothing to undo")
        try app.wait(0.5)
        try app.stroke(1, from: Point(x: 50, y: 50), to: Point(x: 350, y: 50))
        try doubleTap(app, 200, 150)
        let bar = barPoint(app)
        try app.wait(Toast.defaultTimeout - 0.5)
        #expect(app.pixel(bar.x, bar.y) == Self.toastGrey, "still there just before its time")
        try app.wait(1)
        #expect(app.pixel(bar.x, bar.y) == Colour.white)
        #expect(toastLines(app).last?.contains(#""reason":"timeout""#) == true)
    }

    @Test func aDeletedLineOffersUndoAndTheNextStrokeTakesTheToastAway() throws {
        let app = try AppHarness(trace: true)
        try drawTwoLines(app)
        try app.focusKeyboard()
        try app.tap(200, 100)
        try app.press(EvdevKey.delete)
        try app.frame()
        #expect(try app.savedLines().count == 1)
        #expect(app.session.firstWindow.scene.toasts.current?.title == "Line deleted")
        let bar = barPoint(app)
        #expect(app.pixel(bar.x, bar.y) == Self.toastGrey)
        try app.stroke(3, from: Point(x: 50, y: 150), to: Point(x: 350, y: 150))
        try app.frame()
        #expect(app.pixel(bar.x, bar.y) == Colour.white)
        #expect(toastLines(app).last == #"{"trace":"toast","event":"dismissed","title":"Line deleted","reason":"stroke"}"#)
        #expect(try app.savedLines().count == 2, "the stroke is kept, the deleted line stays deleted")
    }

    @Test func undoingByKeyboardMakesTheToastsUndoOutdated() throws {
        let app = try AppHarness(trace: true)
        try drawTwoLines(app)
        try app.focusKeyboard()
        try doubleTap(app, 200, 150)
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        try app.frame()
        #expect(try app.savedLines().count == 2)
        #expect(app.session.firstWindow.scene.toasts.current == nil, "its Undo would now undo the lines' drawing")
        #expect(toastLines(app).last?.contains(#""reason":"outdated""#) == true)
    }

    @Test func anExportSaysWhereItWentAndOpenHandsTheFileOn() throws {
        let app = try AppHarness()
        try drawTwoLines(app)
        var opened: [String] = []
        app.session.firstWindow.scene.openFile = { opened.append($0) }
        app.session.firstWindow.application.sendAction(SceneController.exportPNG, to: nil, from: nil)
        try app.frame()
        let path = try #require(app.reports.last?.split(separator: " ", maxSplits: 4).last.map(String.init))
        let name = CanvasScene.fileName(of: path)
        #expect(app.session.firstWindow.scene.toasts.current?.title == "Exported “\(name)”")
        let bar = barPoint(app)
        #expect(app.pixel(bar.x, bar.y) == Self.toastGrey)
        screenshot(app, "toast-exported")
        try pressButton(app)
        #expect(opened == [path])
        #expect(AppHarness.read(path)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true, "a PNG file")
    }

    @Test func openStartsTheDesktopsOpenerWithTheFileWithoutWaitingAndReapsIt() throws {
        // A stand-in for xdg-open on the session's PATH that waits for the
        // test's word (a line on a FIFO), then notes what it was asked to open.
        let home = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        #expect(mkdir(home.path + "/bin", 0o700) == 0)
        #expect(mkfifo(home.path + "/go", 0o600) == 0)
        let opener = home.path + "/bin/" + DesktopOpener.command
        try AppHarness.write(Array(#"""
            #!/bin/sh
            read word < "$HOME/go"
            printf '%s' "$1" > "$HOME/opened"

            """#.utf8), to: opener)
        #expect(chmod(opener, 0o700) == 0)
        let app = try AppHarness(environment: ["HOME": home.path, "PATH": home.path + "/bin",
                                               "XDG_STATE_HOME": home.path + "/state",
                                               "XDG_RUNTIME_DIR": home.path + "/runtime"], sharing: home)
        try drawTwoLines(app)
        app.session.firstWindow.application.sendAction(SceneController.exportPNG, to: nil, from: nil)
        try app.frame()
        let path = try #require(app.reports.last?.split(separator: " ", maxSplits: 4).last.map(String.init))
        try pressButton(app)
        #expect(app.session.firstWindow.opener?.runningCount == 1, "the loop went on while the opener runs")
        #expect(AppHarness.read(home.path + "/opened") == nil)
        try AppHarness.write(Array("go\n".utf8), to: home.path + "/go")
        // The loop sleeps in poll until the opener's exit wakes it.
        for _ in 0..<100 where app.session.firstWindow.opener?.runningCount != 0 {
            try app.session.loop.runOnce(timeout: 0.1)
        }
        #expect(app.session.firstWindow.opener?.runningCount == 0, "the opener was reaped")
        #expect(AppHarness.read(home.path + "/opened") == Array(path.utf8), "it was given the file, whole")
    }

    @Test func aFailedExportSaysWhyInAToast() throws {
        let app = try AppHarness(environment: ["HOME": "/nonexistent-dir"])
        try drawTwoLines(app)
        app.session.firstWindow.application.sendAction(SceneController.exportPNG, to: nil, from: nil)
        try app.frame()
        let toast = try #require(app.session.firstWindow.scene.toasts.current)
        #expect(toast.title.hasPrefix("Cannot export: ") && toast.buttonTitle == nil)
        let bar = barPoint(app)
        #expect(app.pixel(bar.x, bar.y) == Self.toastGrey)
        screenshot(app, "toast-export-failed")
    }

    @Test func aPenTurningFingersToNavigatingSaysSoOnceAndDrawInsteadTurnsItBack() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try pen.stroke(from: Point(x: 50, y: 50), to: Point(x: 350, y: 50))
        try app.wait(1)
        #expect(app.canvas.navigation.fingersNavigate)
        #expect(app.session.firstWindow.scene.toasts.current?.title == "Fingers now move the canvas")
        #expect(app.session.firstWindow.scene.toasts.current?.buttonTitle == "Draw Instead")
        let bar = barPoint(app)
        #expect(app.pixel(bar.x, bar.y) == Self.toastGrey)
        screenshot(app, "toast-fingers-navigate")
        try pressButton(app)
        #expect(!app.canvas.navigation.fingersNavigate)
        try app.stroke(1, from: Point(x: 50, y: 120), to: Point(x: 350, y: 120))
        #expect(try app.savedLines().count == 2, "a finger draws again")
        // Once a session: the next pen stroke says nothing.
        try pen.stroke(from: Point(x: 50, y: 150), to: Point(x: 350, y: 150))
        #expect(app.session.firstWindow.scene.toasts.current == nil)
    }
}
