@testable import Decorations
@testable import Playground
@testable import Scene
import Testing
import TestSupport
@testable import TouchCore
@testable import TouchTrackerApp

/// Issue 36: over the gesture playground the header bar shows the
/// playground's own controls (the way back to the drawing, its title, the
/// main menu), not the drawing's greyed with a blank where the colour
/// was; the playground's tabs and the Recognizer Lab's switches are
/// finger-sized.
@Suite struct PlaygroundHeaderEndToEndTests {
    typealias Overlays = HeaderControlsAfterOverlaysEndToEndTests

    private func playground() throws -> AppHarness {
        let app = try AppHarness()
        app.session.firstWindow.showPlayground()
        try app.frame()
        return app
    }

    @Test func theHeaderHoldsThePlaygroundsControlsEachPaintedAndLive() throws {
        let app = try playground()
        let chrome = app.session.firstWindow.scene.chrome
        let shown = Overlays.shownControls(app)
        #expect(shown.map(\.command.title) == ["Drawing", "Main Menu"])
        #expect(chrome.headerBar.title == "Gesture Playground")
        for drawingControl in [chrome.undoButton, chrome.redoButton, chrome.zoomButton, chrome.toolButton,
                               chrome.colourButton] {
            #expect(drawingControl.superview == nil, "\(drawingControl.command.title) is not in the playground's header")
        }
        for control in shown {
            #expect(control.command.isEnabled, "\(control.command.title) can be pressed")
            #expect(Overlays.isPainted(control, in: app), "\(control.command.title) is painted")
        }
        #expect(chrome.drawingButton.isLabelShown, "the way back says where it goes")
    }

    @Test func theHeadersDrawingButtonGoesBackAndTheDrawingsControlsReturn() throws {
        let app = try playground()
        let chrome = app.session.firstWindow.scene.chrome
        try Overlays.tap(chrome.drawingButton, in: app)
        try app.frame()
        #expect(!app.session.firstWindow.isShowingPlayground)
        #expect(chrome.drawingButton.superview == nil)
        #expect(chrome.headerBar.title == app.session.firstWindow.toplevel.title)
        let shown = Overlays.shownControls(app)
        #expect(shown.map(\.command.title).starts(with: ["Undo", "Redo"]))
        #expect(shown.contains { $0 === chrome.colourButton } && shown.contains { $0 === chrome.menuButton })
        for control in shown where control !== chrome.undoButton && control !== chrome.redoButton {
            #expect(Overlays.isPainted(control, in: app), "\(control.command.title) is painted again")
        }
        // A stroke draws again.
        try app.stroke(from: Point(x: 50, y: 200), to: Point(x: 250, y: 200))
        #expect(app.session.firstWindow.canvas.drawing.count == 1)
    }

    @Test func theTabsAndTheLabsSwitchesAreFingerSized() throws {
        let app = try playground()
        let playground = app.session.firstWindow.playground
        for tab in playground.pageButtons {
            #expect(tab.frame.height >= 40, "the \(tab.title) tab is \(tab.frame.height) tall")
        }
        let lab = try #require(playground.pages.firstIndex { $0 === playground.recognizerLab })
        // The Recognizer Lab's tab, tapped with a finger.
        let tab = playground.pageButtons[lab]
        let centre = tab.convert(tab.bounds.center, to: nil).inCanvas
        try app.tap(centre.x, centre.y)
        #expect(playground.currentPage === playground.recognizerLab)
        // Each of the lab's panels holds its own switches.
        func switches(in view: View) -> [LabSwitch] {
            view.subviews.flatMap { ($0 as? LabSwitch).map { [$0] } ?? switches(in: $0) }
        }
        let switches = switches(in: playground.recognizerLab)
        #expect(!switches.isEmpty)
        for labSwitch in switches {
            #expect(labSwitch.frame.height >= 40, "\(labSwitch.title) is \(labSwitch.frame.height) tall")
        }
    }
}
