import CWaylandServerProtocols
@testable import Decorations
import Export
import Foundation
@testable import Scene
import Testing
import TestCompositor
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// ☰ Export… by finger, through the scripted compositor and the pixels
/// the app commits, in a 360 × 640 window (issue 36): one menu entry opens
/// one dialog whose controls all fit and are finger-sized; choosing PDF and
/// A4 and tapping Export writes an A4 page under ~/Pictures' naming, says
/// so in a toast, and is what the dialog opens with next time.
/// With `TOUCHTRACKER_SCREENSHOTS=DIR`, the dialog is saved there as PNG.
@Suite struct ExportDialogEndToEndTests {
    typealias Bar = HeaderBarEndToEndTests
    typealias Running = SessionDecorationsTests.Running

    /// Taps the middle of choice `index` of `group`.
    static func choose(_ app: Running, _ index: Int, of group: ToggleGroupView) throws {
        let point = group.convert(group.segment(index).center, to: nil)
        try Bar.finger(app, point.x, point.y)
    }

    /// Taps the middle of `view`.
    static func tap(_ app: Running, _ view: View) throws {
        let point = view.convert(view.bounds.center, to: nil)
        try Bar.finger(app, point.x, point.y)
    }

    /// Opens ☰ and taps Export…; the dialog's content.
    static func openExportDialog(_ app: Running) throws -> ExportDialogContent {
        let chrome = Bar.chrome(app)
        try Bar.tap(app, chrome.menuButton)
        let menu = try #require(chrome.mainMenu?.contentView as? PopoverMenuView)
        #expect(menu.commands.filter { $0.title.hasPrefix("Export") }.map(\.title) == ["Export…"],
                "one entry in place of Export PNG, SVG and PDF")
        let row = try #require(menu.commands.firstIndex { $0.title == "Export…" })
        let frame = menu.convert(menu.rowFrames[row], to: nil)
        try Bar.finger(app, frame.midX, frame.midY)
        #expect(chrome.mainMenu == nil, "choosing closes the menu")
        let dialog = try #require(chrome.dialog)
        #expect(dialog.isOpen && dialog.title == "Export")
        return try #require(dialog.contentView as? ExportDialogContent)
    }

    @Test func choosingPDFAndA4AndTappingExportWritesAnA4Page() throws {
        let app = try Running(decorationMode: nil, keepsSettings: true)
        app.configure(width: 360, height: 640, states: [XDG_TOPLEVEL_STATE_ACTIVATED])
        let chrome = Bar.chrome(app)
        try Bar.finger(app, 60, 400, through: [(150, 400), (300, 400)], id: 1)
        let content = try Self.openExportDialog(app)
        let dialog = try #require(chrome.dialog)

        // Every control is on the card, inside the window, and finger-sized.
        #expect(Rect(x: 0, y: 0, width: 360, height: 640).contains(dialog.cardFrame))
        let controls: [View] = [content.format, content.scale, content.background, content.page, content.orientation,
                                content.exportButton]
        for control in controls {
            let frame = control.convert(control.bounds, to: nil)
            #expect(dialog.cardFrame.contains(frame), "\(frame) on the card \(dialog.cardFrame)")
            #expect(frame.height >= 40)
        }
        // PNG first: its rows apply, the PDF's are dimmed.
        #expect(content.format.selectedIndex == 0)
        #expect(content.scale.isEnabled && content.background.isEnabled)
        #expect(!content.page.isEnabled && !content.orientation.isEnabled)
        let pageLabel = Rect(x: 0, y: content.page.frame.minY + 10, width: 60, height: 20)
        let pageLabelOnScreen = content.convert(pageLabel, to: nil)
        let dimmedInk = Bar.darkest(app, in: pageLabelOnScreen)
        Bar.save(app, "export-dialog-png")
        // The Export button is drawn in the accent colour.
        let button = content.exportButton.convert(content.exportButton.bounds, to: nil)
        #expect(SessionDecorationsTests.matches(app.lastPixels?.pixel(x: Int(button.minX) + 24, y: Int(button.midY)),
                                                AdwaitaStyle.accent))

        try Self.choose(app, 2, of: content.format)
        #expect(content.format.selectedIndex == 2)
        #expect(!content.scale.isEnabled && !content.background.isEnabled)
        #expect(content.page.isEnabled && !content.orientation.isEnabled, "the drawing's own page has no orientation")
        #expect(Bar.darkest(app, in: pageLabelOnScreen) < dimmedInk - 40, "the Page row is drawn in full now")
        try Self.choose(app, 1, of: content.page)
        #expect(content.orientation.isEnabled)
        Bar.save(app, "export-dialog-pdf-a4")

        try Self.tap(app, content.exportButton)
        #expect(!dialog.isOpen)
        let files = try FileManager.default.contentsOfDirectory(atPath: app.home.path).filter { $0.hasSuffix(".pdf") }
        #expect(files.count == 1)
        let export = "\(app.home.path)/\(try #require(files.first))"
        #expect(files.first?.hasPrefix("TouchTracker ") == true)
        #expect(app.reports == ["exported the drawing to \(export)"])
        let text = String(decoding: try #require(FileManager.default.contents(atPath: export)), as: UTF8.self)
        #expect(text.contains("/MediaBox [0 0 595 842]"), "an A4 page")
        #expect(app.session.firstWindow.scene.toasts.current?.title == "Exported “\(try #require(files.first))”")
        #expect(app.session.firstWindow.canvas.drawing.count == 1, "the taps in the dialog drew nothing")

        // Remembered: the settings file has it, and the dialog opens with it.
        let settings = try String(contentsOfFile: app.settingsPath, encoding: .utf8)
        #expect(settings.contains("export = pdf 1 white a4 portrait\n"), "\(settings)")
        let reopened = try Self.openExportDialog(app)
        #expect(reopened.format.selectedIndex == 2 && reopened.page.selectedIndex == 1)
        #expect(reopened.page.isEnabled && reopened.orientation.isEnabled)
    }

    @Test func aTwiceScaledTransparentPNGFromTheDialog() throws {
        let app = try Bar.running(width: 360, height: 640)
        try Bar.finger(app, 60, 400, through: [(150, 400), (300, 400)], id: 1)
        let content = try Self.openExportDialog(app)
        try Self.choose(app, 1, of: content.scale)
        try Self.choose(app, 0, of: content.background)
        try Self.tap(app, content.exportButton)
        let files = try FileManager.default.contentsOfDirectory(atPath: app.home.path).filter { $0.hasSuffix(".png") }
        let export = "\(app.home.path)/\(try #require(files.first))"
        let reference = app.home.path + "/reference.png"
        try Exporter.export(app.session.firstWindow.canvas.drawing, to: reference,
                            options: ExportOptions(scale: 2, background: .transparent))
        #expect(FileManager.default.contents(atPath: export) == FileManager.default.contents(atPath: reference))
        let data = try #require(FileManager.default.contents(atPath: export))
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 2 * (240 + 12 + 40), "twice the line's 252 pt of ink and its margins")
    }
}

/// The Export dialog in the narrowest window (320 × 240, `DocumentWindow.minimumSize`):
/// the names go above their groups, so each choice keeps its words' width,
/// and the dialog scrolls to its Export button.
@Suite struct ExportDialogNarrowTests {
    typealias Bar = HeaderBarEndToEndTests

    @Test func inTheNarrowestWindowTheNamesGoAboveTheGroupsAndExportIsReached() throws {
        let app = try Bar.running(width: Int32(DocumentWindow.minimumSize.width), height: Int32(DocumentWindow.minimumSize.height))
        // Sent as ☰'s Export… sends it (the menu's row may be scrolled away here).
        app.session.firstWindow.application.sendAction(WindowChrome.showExportDialog, to: nil, from: nil)
        try app.settle()
        let content = try #require(Bar.chrome(app).dialog?.contentView as? ExportDialogContent)
        let room = DialogView.roomForContent(in: Rect(x: 0, y: 0, width: 360, height: 640))
        let wide = ExportDialogContent(choice: ExportChoice(), width: room.width)
        #expect(content.bounds.width < ExportDialogContent.sideBySideWidth)
        for group in [content.format, content.scale, content.background, content.page, content.orientation] {
            #expect(group.frame.minX == 0 && group.frame.width == content.bounds.width)
            #expect(group.frame.width >= wide.background.frame.width, "as wide as beside the names at 360")
        }
        Bar.save(app, "export-dialog-narrow")
        // The card is shorter than its content: a drag scrolls it to Export.
        let dialog = try #require(Bar.chrome(app).dialog)
        #expect(dialog.cardFrame.maxY <= 240)
        let middle = dialog.cardFrame.center
        try Bar.finger(app, middle.x, middle.y + 60, through: [(middle.x, middle.y), (middle.x, middle.y - 200)])
        let button = content.exportButton.convert(content.exportButton.bounds, to: nil)
        #expect(dialog.cardFrame.contains(button.center), "scrolled into view: \(button)")
        try ExportDialogEndToEndTests.tap(app, content.exportButton)
        #expect(!dialog.isOpen)
    }
}
