@testable import Decorations
import Render
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Everything fits (issue 36): the Keyboard Shortcuts and About dialogs at
/// a phone's 360×640 and a laptop's 1280×800 show every text whole,
/// wrapped rather than cut, with every key in its column, and About shows
/// the app's icon.
@Suite struct DialogsFitEndToEndTests {
    static let sizes: [(width: Int32, height: Int32)] = [(360, 640), (1280, 800)]

    private func open(_ action: Action, width: Int32, height: Int32) throws -> (AppHarness, TextRowsView) {
        let app = try AppHarness()
        try app.resize(width: width, height: height)
        app.session.firstWindow.application.sendAction(action, to: nil, from: nil)
        try app.frame()
        let dialog = try #require(app.session.firstWindow.scene.chrome.dialog)
        return (app, try #require(dialog.contentView as? TextRowsView))
    }

    /// Each text's box holds it whole as Pango lays it out, inside the
    /// content and the card; a row's key and what it does never overlap.
    private func expectEveryTextWhole(_ content: TextRowsView, in app: AppHarness) throws {
        let measurer = PangoTextMeasurer()
        let card = try #require(app.session.firstWindow.scene.chrome.dialog).cardFrame
        for placed in content.placedTexts {
            let size = measurer.size(of: placed.text, font: placed.font, wrappedTo: placed.box.width)
            #expect(size.width <= placed.box.width + 0.5 && size.height <= placed.box.height + 0.5,
                    "“\(placed.text)” needs \(size), has \(placed.box)")
            #expect(placed.box.minX >= 0 && placed.box.maxX <= content.bounds.width + 0.5)
            let inWindow = content.convert(placed.box, to: nil)
            #expect(inWindow.minX >= card.minX && inWindow.maxX <= card.maxX, "“\(placed.text)” inside the card")
            for other in content.placedTexts where other != placed && other.box.intersects(placed.box) {
                Issue.record("“\(placed.text)” overlaps “\(other.text)”")
            }
        }
    }

    private func markedPixels(_ app: AppHarness, in windowRect: Rect) -> Int {
        let rect = windowRect.inCanvas
        var count = 0
        for y in stride(from: rect.minY.rounded(), to: rect.maxY, by: 1) {
            for x in stride(from: rect.minX.rounded(), to: rect.maxX, by: 1) where app.pixel(x, y) != Colour.white {
                count += 1
            }
        }
        return count
    }

    private func screenshot(_ app: AppHarness, _ name: String) {
        let commit = app.presented
        guard let pixels = commit.pixels else { return }
        Screenshot.save(pixels, width: Int(commit.bufferWidth), height: Int(commit.bufferHeight), name: name)
    }

    @Test(arguments: 0..<2)
    func theKeyboardShortcutsShowEveryKeyAndSentenceWhole(size index: Int) throws {
        let size = Self.sizes[index]
        let (app, content) = try open(WindowChrome.showKeyboardShortcuts, width: size.width, height: size.height)
        try expectEveryTextWhole(content, in: app)
        let keys = KeyboardShortcuts.sections.flatMap(\.rows).filter { $0.detail != nil }.map(\.text)
        #expect(keys.allSatisfy { key in content.placedTexts.contains { $0.text == key } }, "every key has its place")
        // The first key is painted (the dialog is scrolled to its top).
        let undoKey = try #require(content.placedTexts.first { $0.text == KeyboardShortcuts.undo.text })
        #expect(markedPixels(app, in: content.convert(undoKey.box, to: nil)) > 10, "Ctrl+Z is painted")
        screenshot(app, "keyboard-shortcuts-\(size.width)x\(size.height)")
    }

    @Test(arguments: 0..<2)
    func aboutShowsTheIconAndItsWholeSubtitle(size index: Int) throws {
        let size = Self.sizes[index]
        let (app, content) = try open(WindowChrome.showAbout, width: size.width, height: size.height)
        try expectEveryTextWhole(content, in: app)
        #expect(content.placedTexts.contains { $0.text == "Draw with your fingers, a pen or the mouse" })
        #expect(content.placedTexts.contains { $0.text == "Version \(Version.string)" }, "the wiring's version")
        let icon = try #require(content.appIconFrames.first)
        let iconInWindow = content.convert(icon, to: nil)
        // The icon's red line, near its fingertip (the SVG's 66,92 → 96,66).
        let area = iconInWindow.inCanvas
        var red = 0
        for y in stride(from: area.minY, to: area.maxY, by: 1) {
            for x in stride(from: area.minX, to: area.maxX, by: 1) where app.pixel(x, y) == 0xFFE0_1B24 { red += 1 }
        }
        #expect(red > 20, "the icon is painted, its red line with it")
        screenshot(app, "about-\(size.width)x\(size.height)")
    }

    @Test func aDialogOpenWhileTheWindowNarrowsWrapsAgain() throws {
        let (app, _) = try open(WindowChrome.showKeyboardShortcuts, width: 1280, height: 800)
        try app.resize(width: 360, height: 640)
        let content = try #require(app.session.firstWindow.scene.chrome.dialog?.contentView as? TextRowsView)
        #expect(content.bounds.width <= 360)
        try expectEveryTextWhole(content, in: app)
    }
}
