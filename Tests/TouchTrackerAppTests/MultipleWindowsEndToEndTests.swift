@testable import Canvas
import Document
import Platform
@testable import Scene
import Testing
import TestCompositor
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Issue 37: one window per drawing in one process. New Window (Ctrl+N)
/// opens a new drawing, saved at once, in a second toplevel; input goes
/// to the window it lands on; closing a window closes only it, the last
/// one ends the session with every drawing saved.
@Suite struct MultipleWindowsEndToEndTests {
    /// Where a new drawing goes: the data folder under the harness's HOME.
    private static func dataFolder(_ app: AppHarness) -> String {
        app.directory + "/.local/share/touchtracker"
    }

    /// Ctrl+N in the first window, then the second window configured and
    /// drawn once.
    private static func openSecondWindow(_ app: AppHarness) throws -> TestToplevel {
        try app.focusKeyboard()
        try app.press(EvdevKey.n, modifiers: ModifierMask.control)
        try app.pump { app.compositor.toplevels.count == 2 }
        let second = app.compositor.toplevels[1]
        second.configure(width: AppHarness.width, height: AppHarness.height + Int32(AppHarness.canvasTop))
        try app.pump { second.surface.lastCommit?.attachedBuffer == true }
        return second
    }

    /// One finger drawing a straight line on `toplevel`'s surface.
    private static func stroke(on toplevel: TestToplevel, _ app: AppHarness, from start: Point, to end: Point) throws {
        let surface = toplevel.surface.resource
        try app.send {
            app.seat.touchDown(on: surface, id: 1, x: start.x, y: start.y, time: app.time)
            app.seat.touchFrame()
        }
        for step in 1...5 {
            let t = Double(step) / 5
            try app.send {
                app.seat.touchMotion(id: 1, x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t,
                                     time: app.time)
                app.seat.touchFrame()
            }
        }
        try app.send {
            app.seat.touchUp(id: 1, time: app.time)
            app.seat.touchFrame()
        }
    }

    @Test func ctrlNOpensASecondWindowOnAnUntitledDrawingSavedAtOnce() throws {
        let app = try AppHarness()
        let second = try Self.openSecondWindow(app)
        #expect(app.toplevel.title == "drawing", "the first window is named after its file")
        #expect(second.title == "Untitled Drawing 2")
        #expect(second.appID == Session.appID)
        let path = Self.dataFolder(app) + "/Untitled Drawing 2.touchtracker"
        #expect(FileSystem.exists(path), "the new drawing is on disk before anything is drawn")
        #expect(try Document.load(from: path).isEmpty)
        #expect(app.session.windows.map(\.documentPath) == [app.documentPath, path])
    }

    @Test func theNextNewDrawingTakesTheNextFreeNumber() throws {
        let app = try AppHarness()
        let folder = Self.dataFolder(app)
        try FileSystem.makeDirectories(folder, permissions: 0o700)
        try Document.save([], to: folder + "/Untitled Drawing 2.touchtracker")
        let second = try Self.openSecondWindow(app)
        #expect(second.title == "Untitled Drawing 3", "an existing file is never reused")
    }

    @Test func theNewWindowIsInTheMainMenuAndTheShortcuts() throws {
        let app = try AppHarness()
        let titles = app.session.firstWindow.scene.chrome.mainMenuSections.flatMap { $0.map(\.title) }
        #expect(titles.contains("New Window"))
        let rows = KeyboardShortcuts.sections.flatMap(\.rows).map(\.text)
        #expect(rows.contains("Ctrl+N") && rows.contains("Ctrl+W"))
    }

    @Test func drawingInTheSecondWindowLeavesTheFirstAlone() throws {
        let app = try AppHarness()
        let second = try Self.openSecondWindow(app)
        try Self.stroke(on: second, app, from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        let windows = app.session.windows
        #expect(windows[1].canvas.drawing.count == 1, "the stroke landed in the window it was drawn on")
        #expect(windows[0].canvas.drawing.count == 0)
        try Self.stroke(on: app.toplevel, app, from: Point(x: 60, y: 200), to: Point(x: 200, y: 200))
        #expect(windows[0].canvas.drawing.count == 1)
        #expect(windows[1].canvas.drawing.count == 1)
        // Undo in the first window takes back only the first window's line.
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        #expect(windows[0].canvas.drawing.count == 0)
        #expect(windows[1].canvas.drawing.count == 1)
    }

    @Test func closingTheFirstWindowLeavesTheSecondRunningAndItsLockGoes() throws {
        let app = try AppHarness()
        let second = try Self.openSecondWindow(app)
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        app.toplevel.close()
        try app.settle()
        #expect(app.session.windows.count == 1)
        #expect(app.session.firstWindow.documentPath.hasSuffix("Untitled Drawing 2.touchtracker"))
        #expect(!app.toplevel.isAlive, "the first toplevel is destroyed")
        #expect(!FileSystem.exists(DrawingLock.lockPath(for: app.documentPath)), "its lock released")
        #expect(!FileSystem.exists(DrawingJournal.path(for: app.documentPath)), "its journal finished")
        #expect(try app.savedLines().count == 1, "its drawing saved")
        // The second still takes input.
        try Self.stroke(on: second, app, from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        #expect(app.session.firstWindow.canvas.drawing.count == 1)
    }

    /// A toast's time is still running when its window closes: no timer
    /// of the closed window fires into it.
    @Test func aClosedWindowsTimersNeverFire() throws {
        let app = try AppHarness()
        let second = try Self.openSecondWindow(app)
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        let first = app.session.firstWindow
        first.scene.cannotOpen("notes.txt", reason: "it is not a TouchTracker drawing")
        let firstTimers = first.timers
        #expect(firstTimers.count > 0, "the first window has timers pending")
        app.toplevel.close()
        try app.settle()
        #expect(firstTimers.count == 0)
        try app.wait(10)
        try Self.stroke(on: second, app, from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        #expect(app.session.firstWindow.canvas.drawing.count == 1)
    }

    @Test func closingTheLastWindowQuitsWithBothDrawingsSaved() throws {
        let app = try AppHarness()
        let second = try Self.openSecondWindow(app)
        try app.stroke(from: Point(x: 50, y: 100), to: Point(x: 300, y: 100))
        try Self.stroke(on: second, app, from: Point(x: 50, y: 150), to: Point(x: 300, y: 150))
        let secondPath = app.session.windows[1].documentPath
        let result = app.runGuarded(onIteration: { iteration in
            if iteration == 2 { app.toplevel.close() }
            if iteration == 4 { second.close() }
            app.compositor.dispatch()
        })
        #expect(result.endedByItself, "closing the last window ends the session")
        #expect(app.session.endings.map { $0.ending } == [.saved, .saved])
        #expect(try app.savedLines().count == 1)
        #expect(try Document.load(from: secondPath).count == 1)
        #expect(!FileSystem.exists(DrawingLock.lockPath(for: secondPath)))
    }

    @Test func ctrlWClosesOnlyTheWindowWithFocus() throws {
        let app = try AppHarness()
        _ = try Self.openSecondWindow(app)
        try app.press(EvdevKey.w, modifiers: ModifierMask.control)
        #expect(app.session.windows.count == 1)
        #expect(app.session.firstWindow.documentPath.hasSuffix("Untitled Drawing 2.touchtracker"))
    }

    @Test func aFileAlreadyOpenIsNotOpenedTwice() throws {
        let app = try AppHarness()
        let again = app.session.openWindow(for: app.directory + "/./drawing.json")
        #expect(again === app.session.firstWindow)
        try app.settle()
        #expect(app.compositor.toplevels.count == 1)
    }

    @Test func aFolderOrAFileOfAnotherKindSaysWhyInAToastAndOpensNothing() throws {
        let app = try AppHarness()
        let notADrawing = app.directory + "/notes.touchtracker"
        try AppHarness.write(Array("shopping list".utf8), to: notADrawing)
        for path in [app.directory, notADrawing] {
            #expect(app.session.openWindow(for: path, from: app.session.firstWindow) == nil)
            try app.frame()
            let toast = try #require(app.session.firstWindow.scene.toasts.current)
            #expect(toast.title.hasPrefix("Cannot open “"), "\(toast.title)")
        }
        #expect(app.session.windows.count == 1)
        #expect(app.compositor.toplevels.count == 1)
        #expect(try AppHarness.read(notADrawing) == Array("shopping list".utf8), "nothing lost")
    }
}
