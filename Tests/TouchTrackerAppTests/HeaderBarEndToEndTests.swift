import CWaylandServerProtocols
@testable import Canvas
@testable import Decorations
import Foundation
import Render
@testable import Scene
import Testing
import TestCompositor
import TestSupport
@testable import TouchCore
import WaylandClient
@testable import TouchTrackerApp
import WaylandInput

/// The header bar by finger, through the scripted compositor and the
/// pixels the app commits: Undo and Redo, a press that slides off, the main
/// menu, its dialogs, the colour popover, and a
/// narrow window.
/// With `TOUCHTRACKER_SCREENSHOTS=DIR`, the windows are saved there as PNG
/// files to look at.
@Suite struct HeaderBarEndToEndTests {
    typealias Running = SessionDecorationsTests.Running

    /// A session in a `width` × 400 window drawing its own decorations.
    static func running(width: Int32 = 800, height: Int32 = 400, scale: Int32 = 1) throws -> Running {
        let app = try Running(decorationMode: nil)
        if scale != 1 {
            let output = app.compositor.addOutput(name: "HiDPI", scale: scale)
            try app.settle()
            app.toplevel.surface.enter(output)
            try app.settle()
        }
        app.configure(width: width, height: height, states: [XDG_TOPLEVEL_STATE_ACTIVATED])
        return app
    }

    /// A finger down at (`x`, `y`), moved through `path`, and lifted.
    static func finger(_ app: Running, _ x: Double, _ y: Double, through path: [(Double, Double)] = [],
                       id: Int32 = 7) throws {
        app.seat.touchDown(on: app.surface, id: id, x: x, y: y, time: app.tick())
        app.seat.touchFrame()
        try app.settle()
        for (x, y) in path {
            app.seat.touchMotion(id: id, x: x, y: y, time: app.tick())
            app.seat.touchFrame()
            try app.settle()
        }
        app.seat.touchUp(id: id, time: app.tick())
        app.seat.touchFrame()
        try app.settle()
    }

    static func drawLine(_ app: Running, y: Double = 200) throws {
        try finger(app, 100, y, through: [(300, y), (500, y)], id: 1)
    }

    /// The middle of `button`, in window coordinates.
    static func centre(of button: HeaderButton) -> (Double, Double) {
        let point = button.convert(button.bounds.center, to: nil)
        return (point.x, point.y)
    }

    static func tap(_ app: Running, _ button: HeaderButton) throws {
        let (x, y) = centre(of: button)
        try finger(app, x, y)
    }

    /// The darkest red channel in `rect` (window points) of the last frame.
    static func darkest(_ app: Running, in rect: Rect) -> Int {
        guard let commit = app.lastPixels else { return 255 }
        let scale = Double(commit.bufferScale)
        var darkest = 255
        for y in Int(rect.minY * scale)..<Int(rect.maxY * scale) {
            for x in Int(rect.minX * scale)..<Int(rect.maxX * scale) {
                if let pixel = commit.pixel(x: x, y: y) { darkest = min(darkest, Int(pixel >> 16 & 0xFF)) }
            }
        }
        return darkest
    }

    static func save(_ app: Running, _ name: String) {
        guard let commit = app.lastPixels, let pixels = commit.pixels else { return }
        Screenshot.save(pixels, width: Int(commit.bufferWidth), height: Int(commit.bufferHeight), name: name)
    }

    static func chrome(_ app: Running) -> WindowChrome { app.session.firstWindow.scene.chrome }

    // MARK: Undo and Redo

    @Test func tappingUndoAndRedoInTheHeaderBar() throws {
        let app = try Self.running()
        let chrome = Self.chrome(app)
        let undoFace = chrome.undoButton.convert(chrome.undoButton.bounds, to: nil)
        #expect(!chrome.undoButton.command.isEnabled && !chrome.redoButton.command.isEnabled, "nothing to undo")
        let greyed = Self.darkest(app, in: undoFace)
        try Self.drawLine(app)
        #expect(app.session.firstWindow.canvas.drawing.count == 1)
        #expect(chrome.undoButton.command.isEnabled && !chrome.redoButton.command.isEnabled)
        #expect(Self.darkest(app, in: undoFace) < greyed - 40, "Undo drawn enabled")
        Self.save(app, "header-bar-scale-1")
        #expect(app.lastPixels?.pixel(x: 300, y: 200) == 0xFF00_0000)

        try Self.tap(app, chrome.undoButton)
        #expect(app.session.firstWindow.canvas.drawing.count == 0)
        #expect(app.lastPixels?.pixel(x: 300, y: 200) == SessionDecorationsTests.white, "the line is gone")
        #expect(!chrome.undoButton.command.isEnabled && chrome.redoButton.command.isEnabled)

        try Self.tap(app, chrome.redoButton)
        #expect(app.session.firstWindow.canvas.drawing.count == 1)
        #expect(app.lastPixels?.pixel(x: 300, y: 200) == 0xFF00_0000, "the line is back")
        #expect(app.toplevel.moveRequests.isEmpty, "tapping a button never moves the window")
    }

    @Test func aFingerSlidingOffAButtonDoesNotPressIt() throws {
        let app = try Self.running()
        let chrome = Self.chrome(app)
        try Self.drawLine(app)
        let (x, y) = Self.centre(of: chrome.undoButton)
        try Self.finger(app, x, y, through: [(x + 10, y + 20), (x + 40, y + 120)])
        #expect(app.session.firstWindow.canvas.drawing.count == 1, "not undone, and no line drawn by the slide")
        #expect(app.lastPixels?.pixel(x: 300, y: 200) == 0xFF00_0000)
        #expect(app.toplevel.moveRequests.isEmpty)
    }

    /// The pixels of `rect` (window points) in the last frame.
    static func pixels(_ app: Running, in rect: Rect) -> [UInt32] {
        guard let commit = app.lastPixels else { return [] }
        return (Int(rect.minY)..<Int(rect.maxY)).flatMap { y in
            (Int(rect.minX)..<Int(rect.maxX)).map { commit.pixel(x: $0, y: y) ?? 0 }
        }
    }

    @Test func theColourButtonShowsTheChosenWidth() throws {
        let app = try Self.running()
        let chrome = Self.chrome(app)
        let face = chrome.colourButton.convert(chrome.colourButton.bounds, to: nil)
        // Below the colour's disc, where the width's points are written.
        let label = Rect(x: face.minX + 4, y: face.midY + 3, width: face.width - 8, height: face.height / 2 - 3)
        var seen: [[UInt32]] = []
        for index in 0..<8 {
            try Self.tap(app, chrome.colourButton)
            let grid = try #require(chrome.colourPopover?.contentView as? ButtonGridView)
            try Self.tap(app, grid.rows[2 + index / 4][index % 4])
            #expect(app.session.firstWindow.canvas.strokeStyle.width == StrokeWidth.allCases[index])
            #expect(Self.darkest(app, in: label) < 0x80, "\(StrokeWidth.allCases[index].title) is written")
            seen.append(Self.pixels(app, in: label))
        }
        #expect(Set(seen).count == 8, "each of the eight widths looks different on the button")
    }

    @Test func atScaleTwoTheHeaderBarIsDrawnAtTwiceThePixels() throws {
        let app = try Self.running(scale: 2)
        try Self.drawLine(app)
        let commit = try #require(app.lastPixels)
        #expect(commit.bufferScale == 2 && commit.bufferWidth == 1600)
        #expect(SessionDecorationsTests.matches(commit.pixel(x: 300, y: 4), AdwaitaStyle.headerBarBackground))
        #expect(commit.pixel(x: 300, y: 94) == SessionDecorationsTests.white)
        Self.save(app, "header-bar-scale-2")
        try Self.tap(app, Self.chrome(app).undoButton)
        #expect(app.session.firstWindow.canvas.drawing.count == 0)
    }

    // MARK: The main menu

    /// Its Export… entry opens the Export dialog: `ExportDialogEndToEndTests`.
    @Test func theMainMenuByTouch() throws {
        let app = try Self.running()
        let chrome = Self.chrome(app)
        try Self.drawLine(app)
        try Self.tap(app, chrome.menuButton)
        let popover = try #require(chrome.mainMenu)
        let menu = try #require(popover.contentView as? PopoverMenuView)
        // Under its button, inside the window, drawn white over the canvas.
        let button = chrome.menuButton.convert(chrome.menuButton.bounds, to: nil)
        #expect(popover.cardFrame.minY > button.maxY && popover.cardFrame.maxX <= 800)
        #expect(popover.cardFrame.minX < button.midX && button.midX < popover.cardFrame.maxX)
        #expect(menu.commands.map(\.title) == ["Open…", "Open Recent…", "Save As…", "Rename…", "Export…", "Palm Rejection",
                                               "Fingers Navigate", "Prediction", "Book", "Inspector", "Gesture Playground",
                                               "New Window", "Keyboard Shortcuts", "About TouchTracker"])
        #expect(menu.commands.first { $0.title == "Palm Rejection" }?.state == .on)
        Self.save(app, "main-menu")
        let exportRow = menu.convert(menu.rowFrames[4], to: nil)
        #expect(Self.darkest(app, in: exportRow.insetBy(dx: 4, dy: 4)) < 0x60, "its title is drawn")
        #expect(app.session.firstWindow.canvas.drawing.count == 1, "the tap on the menu button drew nothing")
    }

    @Test func predictionInTheMainMenuTurnsThePredictedTipOff() throws {
        let app = try Self.running()
        let chrome = Self.chrome(app)
        try Self.tap(app, chrome.menuButton)
        let menu = try #require(chrome.mainMenu?.contentView as? PopoverMenuView)
        let row = try #require(menu.commands.firstIndex { $0.title == "Prediction" })
        #expect(menu.commands[row].state == .on, "on by default")
        let frame = menu.convert(menu.rowFrames[row], to: nil)
        try Self.finger(app, frame.midX, frame.midY)
        #expect(chrome.mainMenu == nil)
        #expect(!app.session.firstWindow.canvas.predictsTip)
        try Self.drawLine(app)
        #expect(app.session.firstWindow.canvas.predictedTips.isEmpty)
        try Self.tap(app, chrome.menuButton)
        let reopened = try #require(chrome.mainMenu?.contentView as? PopoverMenuView)
        #expect(reopened.commands[row].state == .off)
    }

    /// Book (issue 41): the canvas takes the chapter's values and the menu
    /// shows it ticked.
    @Test func bookInTheMainMenuRunsTheCanvasWithTheChaptersValues() throws {
        // Tall enough for the main menu down to Book (Open… to Rename… made it four rows longer).
        let app = try Self.running(height: 600)
        let chrome = Self.chrome(app)
        #expect(app.session.firstWindow.canvas.rules == .standard)
        try Self.tap(app, chrome.menuButton)
        let menu = try #require(chrome.mainMenu?.contentView as? PopoverMenuView)
        let row = try #require(menu.commands.firstIndex { $0.title == "Book" })
        #expect(menu.commands[row].state == .off, "off by default")
        let frame = menu.convert(menu.rowFrames[row], to: nil)
        try Self.finger(app, frame.midX, frame.midY)
        #expect(app.session.firstWindow.canvas.rules == .book)
        #expect(app.session.firstWindow.canvas.longPressRecognizer.minimumPressDuration == 0.6)
        try Self.tap(app, chrome.menuButton)
        let reopened = try #require(chrome.mainMenu?.contentView as? PopoverMenuView)
        #expect(reopened.commands[row].state == .on)
    }

    /// A session started with `book = on` in its settings runs the canvas
    /// with the chapter's values; Book turned off is written back.
    @Test func bookInTheSettingsIsTakenAtStartAndItsChangeRemembered() throws {
        let app = try AppHarness(settings: "book = on\n")
        #expect(app.session.firstWindow.canvas.rules == .book)
        #expect(app.session.firstWindow.canvas.longPressRecognizer.cancelsTouchesInView)
        #expect(app.session.firstWindow.application.sendAction(CanvasView.toggleBookRules, to: nil, from: nil))
        #expect(app.session.firstWindow.canvas.rules == .standard)
        let saved = String(decoding: try #require(AppHarness.read(app.settingsPath)), as: UTF8.self)
        #expect(saved == "book = off\n", "the person's key, now off")
    }

    /// A tap outside only closes the menu; a drag that starts outside it
    /// closes it and draws (issue 36: a popover eats no stroke), but not
    /// one that starts on the header bar.
    @Test func aTapOutsideTheMenuOnlyClosesItAndADragDraws() throws {
        let app = try Self.running()
        let chrome = Self.chrome(app)
        try Self.tap(app, chrome.menuButton)
        #expect(chrome.mainMenu != nil)
        #expect(chrome.menuButton.command.state == .on, "the button looks held while its menu is open")
        try Self.finger(app, 100, 300)
        #expect(chrome.mainMenu == nil)
        #expect(app.session.firstWindow.canvas.drawing.count == 0, "the tap that closed it drew nothing")
        #expect(chrome.menuButton.command.state == .off)
        try Self.tap(app, chrome.menuButton)
        let (barX, barY) = Self.centre(of: chrome.undoButton)
        try Self.finger(app, barX, barY, through: [(barX + 100, barY + 150), (barX + 200, barY + 150)])
        #expect(chrome.mainMenu == nil)
        #expect(app.session.firstWindow.canvas.drawing.count == 0, "a drag from the header bar drew nothing")
        try Self.tap(app, chrome.menuButton)
        try Self.finger(app, 100, 300, through: [(200, 300), (300, 300)])
        #expect(chrome.mainMenu == nil)
        #expect(app.session.firstWindow.canvas.drawing.lines.map(\.begin.x) == [100], "the drag drew, from where it went down")
        // Escape closes it too.
        try Self.tap(app, chrome.menuButton)
        _ = app.session.firstWindow.window.handle(KeyPress(.escape))
        #expect(chrome.mainMenu == nil)
    }

    @Test func keyboardShortcutsAndAboutOpenFromTheMenu() throws {
        // Tall enough for the whole main menu under the bar (Book made it
        // a row longer, Open… to Rename… four more).
        let app = try Self.running(height: 720)
        let chrome = Self.chrome(app)
        for (title, name) in [("Keyboard Shortcuts", "shortcuts"), ("About TouchTracker", "about")] {
            try Self.tap(app, chrome.menuButton)
            let menu = try #require(chrome.mainMenu?.contentView as? PopoverMenuView)
            let row = try #require(menu.commands.firstIndex { $0.title == title })
            let frame = menu.convert(menu.rowFrames[row], to: nil)
            try Self.finger(app, frame.midX, frame.midY)
            let dialog = try #require(chrome.dialog)
            #expect(dialog.isOpen && dialog.title == (name == "about" ? "" : title))
            // The canvas is dimmed behind it.
            #expect(app.lastPixels?.pixel(x: 5, y: 395) != SessionDecorationsTests.white)
            Self.save(app, name)
            try Self.finger(app, 5, 395)
            #expect(!dialog.isOpen, "a tap outside closes it")
            #expect(app.lastPixels?.pixel(x: 5, y: 395) == SessionDecorationsTests.white)
            #expect(app.session.firstWindow.canvas.drawing.count == 0)
        }
    }

    @Test func ctrlQuestionMarkShowsTheShortcutsAndEscapeClosesThem() throws {
        let app = try Self.running()
        let chrome = Self.chrome(app)
        app.session.firstWindow.scene.handle(.key(KeyEvent(seat: "seat0", action: .press, code: 53, keysym: 0x3f,
                                               name: "question", text: "", modifiers: [.control, .shift],
                                               time: app.tick())))
        #expect(chrome.dialog?.title == "Keyboard Shortcuts")
        _ = app.session.firstWindow.window.handle(KeyPress(.escape))
        #expect(chrome.dialog?.isOpen == false)
    }

    // MARK: Narrow

    @Test func aNarrowWindowLosesNoControl() throws {
        let app = try Self.running(width: 360)
        let chrome = Self.chrome(app)
        let bar = chrome.headerBar
        #expect(bar.isCollapsed && chrome.toolButton.isHidden)
        let shown = bar.subviews.compactMap { $0 as? HeaderButton }.filter { !$0.isHidden }
        #expect(shown.count == 6, "undo, redo, the menu and the window buttons")
        for button in shown {
            let face = button.convert(button.bounds, to: nil)
            #expect(face.minX >= 0 && face.maxX <= 360)
            #expect(Self.darkest(app, in: face) < 0xC0, "\(button.command.title) is drawn")
        }
        Self.save(app, "header-bar-360")
        // The tools are in the main menu.
        try Self.tap(app, chrome.menuButton)
        let menu = try #require(chrome.mainMenu?.contentView as? PopoverMenuView)
        #expect(menu.commands.prefix(3).map(\.title) == ["Lines", "Freehand", "Select"])
        #expect(chrome.mainMenu.map { $0.cardFrame.minX >= 0 && $0.cardFrame.maxX <= 360 } == true)
        Self.save(app, "main-menu-360")
        let row = menu.convert(menu.rowFrames[1], to: nil)
        try Self.finger(app, row.midX, row.midY)
        #expect(app.session.firstWindow.canvas.tool == .freehand)
    }

    // MARK: The colour popover

    @Test func theColourButtonOpensEightColoursAndEightWidthsAndShowsTheChoice() throws {
        let app = try Self.running()
        let chrome = Self.chrome(app)
        let standard = try #require(chrome.colourButton.command.value as? Swatch)
        #expect(standard == Swatch(colour: PaletteColor.black.color, width: 10))
        try Self.tap(app, chrome.colourButton)
        let popover = try #require(chrome.colourPopover)
        let grid = try #require(popover.contentView as? ButtonGridView)
        #expect(grid.rows.map(\.count) == [4, 4, 4, 4])
        #expect(grid.rows[2...].joined().map(\.command.title) == ["1 pt", "2 pt", "4 pt", "7 pt", "10 pt", "15 pt",
                                                                  "20 pt", "30 pt"])
        #expect(grid.rows[3][0].command.state == .on, "10 pt is chosen")
        #expect(grid.rows.joined().allSatisfy { $0.hitArea.width >= 40 && $0.hitArea.height >= 40 })
        let button = chrome.colourButton.convert(chrome.colourButton.bounds, to: nil)
        #expect(popover.cardFrame.minY > button.maxY && popover.cardFrame.maxX <= 800)
        #expect(grid.rows[0][0].command.state == .on, "black is chosen")
        Self.save(app, "colour-popover")

        try Self.tap(app, grid.rows[1][1])   // red
        #expect(chrome.colourPopover == nil, "a choice closes it, as a palette's does")
        try Self.tap(app, chrome.colourButton)
        let reopened = try #require(chrome.colourPopover?.contentView as? ButtonGridView)
        #expect(reopened.rows[1][1].command.state == .on && reopened.rows[0][0].command.state == .off)
        Self.save(app, "colour-popover-red")
        try Self.tap(app, reopened.rows[3][2])   // 20 pt
        #expect(chrome.colourPopover == nil)
        #expect(app.session.firstWindow.canvas.strokeStyle == StrokeStyle(color: .red, width: StrokeWidth(points: 20)!))
        #expect(chrome.colourButton.command.value as? Swatch == Swatch(colour: PaletteColor.red.color, width: 20))
        try Self.tap(app, chrome.colourButton)
        try Self.finger(app, 100, 300)
        #expect(chrome.colourPopover == nil, "a tap outside closes it")
        // The button shows the colour: red pixels inside it.
        let face = chrome.colourButton.convert(chrome.colourButton.bounds, to: nil)
        let commit = try #require(app.lastPixels)
        let red = (Int(face.minX)..<Int(face.maxX)).flatMap { x in
            (Int(face.minY)..<Int(face.maxY)).compactMap { commit.pixel(x: x, y: $0) }
        }.filter { SessionDecorationsTests.matches($0, PaletteColor.red.color) }
        #expect(red.count > 50)
        try Self.drawLine(app)
        #expect(app.session.firstWindow.canvas.drawing.lines.last?.style == StrokeStyle(color: .red, width: StrokeWidth(points: 20)!))
    }

    @Test func inANarrowWindowTheColoursAreInTheMainMenu() throws {
        let app = try Self.running(width: 360)
        let chrome = Self.chrome(app)
        #expect(chrome.colourButton.isHidden)
        try Self.tap(app, chrome.menuButton)
        let menu = try #require(chrome.mainMenu?.contentView as? PopoverMenuView)
        let row = try #require(menu.commands.firstIndex { $0.title == "Colour and Width…" })
        let frame = menu.convert(menu.rowFrames[row], to: nil)
        try Self.finger(app, frame.midX, frame.midY)
        let popover = try #require(chrome.colourPopover)
        #expect(popover.cardFrame.minX >= 0 && popover.cardFrame.maxX <= 360)
        Self.save(app, "colour-popover-360")
    }
}
