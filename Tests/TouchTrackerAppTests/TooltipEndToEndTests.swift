import Decorations
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The header buttons' tooltips (issue 36) through the whole stack: the
/// scripted compositor's pointer and touches, the presented pixels and
/// the saved file.
@Suite struct TooltipEndToEndTests {
    /// A header button's centre, in the harness's canvas coordinates.
    private func centre(of button: HeaderButton) -> Point {
        button.convert(button.bounds.center, to: nil).inCanvas
    }

    @Test func restingThePointerOnUndoShowsItsNameAndKeyAndAClickPutsItAway() throws {
        let app = try AppHarness()
        let chrome = app.session.firstWindow.scene.chrome
        let undo = centre(of: chrome.undoButton)
        try app.pointerEnter(undo.x, undo.y)
        try app.wait(TooltipController.delay + 0.05)
        #expect(chrome.tooltips.view.text == "Undo (Ctrl+Z)", "from the Keyboard Shortcuts' list")
        let tip = chrome.tooltips.view.frame.inCanvas
        #expect(tip.minY >= chrome.undoButton.convert(chrome.undoButton.bounds, to: nil).inCanvas.maxY, "below Undo")
        #expect(tip.minX >= 0, "inside the window")
        // Its box, left of the text: GTK's dark tooltip grey.
        #expect(app.pixel(tip.minX + 4, tip.midY) == 0xFF35_3535)
        let commit = app.presented
        if let pixels = commit.pixels {
            Screenshot.save(pixels, width: Int(commit.bufferWidth), height: Int(commit.bufferHeight), name: "tooltip-undo")
        }
        try app.pointerButton(InputTranslator.leftButton, pressed: true)
        try app.pointerButton(InputTranslator.leftButton, pressed: false)
        try app.frame()
        #expect(app.pixel(tip.minX + 4, tip.midY) == Colour.white, "a press puts it away")
    }

    @Test func aFingerHeldOnUndoShowsTheTooltipAndUndoesNothing() throws {
        let app = try AppHarness()
        try app.stroke(1, from: Point(x: 50, y: 150), to: Point(x: 350, y: 150))
        let chrome = app.session.firstWindow.scene.chrome
        let undo = centre(of: chrome.undoButton)
        try app.down(4, undo.x, undo.y)
        try app.wait(TooltipController.delay + 0.05)
        #expect(chrome.tooltips.shownFor === chrome.undoButton)
        try app.up(4)
        try app.frame()
        #expect(chrome.tooltips.view.isHidden)
        #expect(try app.savedLines().count == 1, "the held finger only asked what Undo does")
        try app.down(4, undo.x, undo.y)
        try app.up(4)
        try app.frame()
        #expect(try app.savedLines().isEmpty, "a tap undoes")
    }
}
