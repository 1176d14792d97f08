@testable import Canvas
import Document
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The lasso's selection and the clipboard (issues 37 and 38), through the
/// app's real `wl_data_device` against the scripted compositor: Copy and
/// Cut take every lassoed line, Paste selects every pasted line, and the
/// selection's menu offers Copy and Cut.
@Suite struct LassoClipboardEndToEndTests {
    let clipboardTests = ClipboardEndToEndTests()
    let top = line(100, 100, 140, 100), middle = line(160, 200, 200, 200), far = line(300, 250, 380, 250)

    /// The app with three lines, the Select tool and a loop round the first two.
    private func lassoed() throws -> AppHarness {
        let app = try AppHarness(lines: [top, middle, far], clipboard: true)
        try app.focusKeyboard()
        try app.press(EvdevKey.s)
        try app.down(1, 80, 80)
        for (x, y) in [(220.0, 80.0), (220, 220), (80, 220)] { try app.move(1, x, y) }
        try app.up(1)
        try app.wait(0.5)
        try #require(app.canvas.drawing.selectedLines.map(\.line) == [top, middle])
        return app
    }

    /// Accent pixels along the selection box's top edge (79: 21 pt above the lines).
    private func boxDashes(_ app: AppHarness) -> Int {
        stride(from: 90.0, through: 210, by: 1).filter { app.pixel($0, 79) == Colour.accent }.count
    }

    @Test func controlCAndControlXTakeEveryLassoedLine() throws {
        let app = try lassoed()
        #expect(boxDashes(app) > 20, "the dashed box shows")
        try app.press(EvdevKey.c, modifiers: ModifierMask.control)
        #expect(app.session.firstWindow.scene.toasts.current?.title == "Copied 2 lines")
        let copied = try clipboardTests.pasteAsOtherClient(ClipboardEndToEndTests.types[0], from: app)
        #expect(try ClipboardLines.decode(copied) == [top, middle])

        try app.press(EvdevKey.x, modifiers: ModifierMask.control)
        #expect(app.canvas.drawing.lines == [far])
        #expect(app.session.firstWindow.scene.toasts.current?.title == "Cut 2 lines")
        #expect(boxDashes(app) == 0, "the box went with the lines")
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        #expect(app.canvas.drawing.lines == [top, middle, far], "one undo step brings both back")
    }

    @Test func theSelectionsMenuOffersCopyAndCutThatTakeTheWholeSelection() throws {
        let app = try lassoed()
        try app.tap(120, 100)
        #expect(app.menu.layout?.items.map(\.title) == ["Delete", "Duplicate", "Copy", "Cut"])
        let cut = try #require(app.menu.layout?.items.last).frame.inCanvas
        try app.tap(cut.midX, cut.midY)
        #expect(app.canvas.drawing.lines == [far])
        let taken = try clipboardTests.pasteAsOtherClient(ClipboardEndToEndTests.types[0], from: app)
        #expect(try ClipboardLines.decode(taken) == [top, middle])
    }

    @Test func controlVSelectsEveryPastedLineSoDeleteTakesThemAll() throws {
        let app = try AppHarness(lines: [far], clipboard: true)
        try app.focusKeyboard()
        try clipboardTests.copyAsOtherClient([line(0, 0, 40, 0), line(0, 40, 40, 40)], into: app)
        try app.press(EvdevKey.v, modifiers: ModifierMask.control)
        try app.pump { app.canvas.drawing.count == 3 }
        try app.frame()
        // The canvas is 400 × 300: the pasted pair is centred on (200, 150).
        let pasted = [line(180, 130, 220, 130), line(180, 170, 220, 170)]
        #expect(app.canvas.drawing.selectedLines.map(\.line) == pasted)
        #expect(app.showsSelectedLine(at: 200, 130) && app.showsSelectedLine(at: 200, 170), "both ringed")
        try app.press(EvdevKey.delete)
        #expect(app.canvas.drawing.lines == [far])
    }
}
