@testable import Decorations
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The header bar's tool button by finger (issues 36 and 38), through the
/// scripted compositor and the pixels the app commits: it shows the tool
/// in use, glyph and word, and opens a popover of Lines, Freehand and
/// Select. With `TOUCHTRACKER_SCREENSHOTS=DIR`, the windows are saved.
@Suite struct ToolButtonEndToEndTests {
    typealias Bar = HeaderBarEndToEndTests

    /// Opens the tool popover and taps its row `title`.
    private func choose(_ title: String, in app: Bar.Running) throws {
        let chrome = Bar.chrome(app)
        try Bar.tap(app, chrome.toolButton)
        let menu = try #require(chrome.toolOptions?.contentView as? PopoverMenuView)
        let index = try #require(menu.commands.firstIndex { $0.title == title })
        let row = menu.convert(menu.rowFrames[index], to: nil)
        try Bar.finger(app, row.midX, row.midY)
    }

    @Test func theToolButtonOpensTheThreeToolsAndShowsTheOneInUse() throws {
        let app = try Bar.running()
        let chrome = Bar.chrome(app)
        #expect(chrome.toolButton.label == "Lines")
        try Bar.tap(app, chrome.toolButton)
        let menu = try #require(chrome.toolOptions?.contentView as? PopoverMenuView)
        #expect(menu.commands.map(\.title) == ["Lines", "Freehand", "Select"])
        #expect(menu.commands.map(\.state) == [.on, .off, .off], "the tool in use is checked")
        #expect(chrome.toolButton.command.state == .on, "held while its popover is open")
        Bar.save(app, "tool-popover")
        // A tap outside only closes it.
        try Bar.finger(app, 400, 300)
        #expect(chrome.toolOptions == nil && app.session.firstWindow.canvas.tool == .lines)

        try choose("Select", in: app)
        #expect(app.session.firstWindow.canvas.tool == .select)
        #expect(chrome.toolOptions == nil, "a choice closes the popover")
        #expect(chrome.toolButton.label == "Select")
        try choose("Freehand", in: app)
        #expect(app.session.firstWindow.canvas.tool == .freehand && chrome.toolButton.label == "Freehand")
    }

    @Test func theToolButtonSaysWhichToolInWordsBesideItsGlyph() throws {
        let app = try Bar.running()
        let chrome = Bar.chrome(app)
        let button = chrome.toolButton
        #expect(button.isLabelShown && button.frame.width > 80, "an 800-point bar has room for the words")
        let face = button.convert(button.bounds, to: nil)
        let glyph = Rect(x: face.minX + 6, y: face.minY + 6, width: 24, height: face.height - 12)
        let words = Rect(x: face.minX + 32, y: face.minY + 6, width: face.width - 36, height: face.height - 12)
        var seen: [[UInt32]] = []
        for (title, name) in [("Lines", "tool-button-lines"), ("Freehand", "tool-button-freehand"),
                              ("Select", "tool-button-select")] {
            if title != "Lines" { try choose(title, in: app) }
            #expect(Bar.darkest(app, in: words) < 0x80, "\(title): the label is painted")
            #expect(Bar.darkest(app, in: glyph) < 0x80, "\(title): the glyph is painted")
            seen.append(Bar.pixels(app, in: glyph) + Bar.pixels(app, in: words))
            Bar.save(app, name)
        }
        #expect(Set(seen).count == 3, "each tool looks its own")
        let neighbours = [chrome.zoomButton, chrome.colourButton].map { $0.convert($0.bounds, to: nil) }
        #expect(neighbours.allSatisfy { !$0.intersects(button.convert(button.bounds, to: nil)) })
    }
}
