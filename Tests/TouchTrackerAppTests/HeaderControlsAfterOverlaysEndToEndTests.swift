import Canvas
import Decorations
@testable import Scene
import Testing
import TestCompositor
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Every control of the header bar is painted again once a menu, a
/// popover or a dialog over the window has closed: none is left blank
/// while it still takes presses (issue 36: the zoom readout's "100%" went
/// after the canvas menu, which left the canvas out of the responder chain).
@Suite struct HeaderControlsAfterOverlaysEndToEndTests {
    /// What opens over the window, and how a person opens it.
    enum Overlay: String, CaseIterable, CustomTestStringConvertible {
        case canvasMenuByRightClick, canvasMenuByPenButton, mainMenu, colourPopover, zoomOptions, keyboardShortcuts

        var testDescription: String { rawValue }
    }

    static func chrome(_ app: AppHarness) -> WindowChrome { app.session.firstWindow.scene.chrome }

    /// The header bar's controls that are shown.
    static func shownControls(_ app: AppHarness) -> [HeaderButton] {
        let bar = chrome(app).headerBar
        return (bar.startButtons + bar.endButtons).filter { !$0.isHidden }
    }

    /// Whether something darker than the bar is painted on `button`'s face
    /// (an icon, a swatch, a reading; greyed ones too).
    static func isPainted(_ button: HeaderButton, in app: AppHarness) -> Bool {
        let face = button.convert(button.bounds, to: nil)
        let scale = Double(app.scale)
        for y in Int(face.minY * scale)..<Int(face.maxY * scale) {
            for x in Int(face.minX * scale)..<Int(face.maxX * scale) {
                if let pixel = app.presented.pixel(x: x, y: y), pixel >> 16 & 0xFF < 0xC0 { return true }
            }
        }
        return false
    }

    /// A finger tap on `button` (its centre, in the harness's canvas
    /// coordinates, which start below the bar).
    static func tap(_ button: HeaderButton, in app: AppHarness) throws {
        let centre = button.convert(button.bounds.center, to: nil)
        try app.tap(centre.x, centre.y - AppHarness.canvasTop)
    }

    /// Opens `overlay` as a person would, and checks it is open.
    static func open(_ overlay: Overlay, in app: AppHarness, pen: Pen) throws {
        let chrome = chrome(app)
        switch overlay {
        case .canvasMenuByRightClick:
            try app.pointerEnter(200, 150)
            try app.pointerButton(0x111, pressed: true)
            try app.pointerButton(0x111, pressed: false)
            #expect(app.menu.isMenuVisible)
        case .canvasMenuByPenButton:
            try pen.enter(200, 150)
            try app.send {
                pen.tool.button(0x14b, pressed: true)
                pen.tool.frame(time: app.time)
                pen.tool.button(0x14b, pressed: false)
                pen.tool.frame(time: app.time)
            }
            #expect(app.menu.isMenuVisible)
        case .mainMenu:
            try tap(chrome.menuButton, in: app)
            #expect(chrome.mainMenu != nil)
        case .colourPopover:
            try tap(chrome.colourButton, in: app)
            #expect(chrome.colourPopover != nil)
        case .zoomOptions:
            try tap(chrome.zoomButton, in: app)
            #expect(chrome.zoomOptions != nil)
        case .keyboardShortcuts:
            app.session.firstWindow.window.application?.sendAction(WindowChrome.showKeyboardShortcuts, to: nil, from: nil)
            try app.frame()
            #expect(chrome.dialog?.isOpen == true)
        }
    }

    @Test(arguments: Overlay.allCases)
    func everyHeaderControlIsPaintedAfterTheOverlayCloses(_ overlay: Overlay) throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try app.stroke(from: Point(x: 50, y: 250), to: Point(x: 150, y: 250))
        let controls = Self.shownControls(app)
        #expect(controls.contains { $0 === Self.chrome(app).zoomButton }, "the bar has room for the zoom readout")
        for control in controls {
            #expect(Self.isPainted(control, in: app), "\(control.command.title) is painted before")
        }

        try Self.open(overlay, in: app, pen: pen)
        switch overlay {
        case .keyboardShortcuts:
            try app.focusKeyboard()
            try app.press(EvdevKey.escape)
        case .canvasMenuByPenButton:
            // The pen taps, as palm rejection keeps fingers off near it.
            try pen.move(300, 80, pressure: 0)
            try pen.down(300, 80)
            try pen.up()
            try pen.leave()
            try app.wait(0.5)
        case .canvasMenuByRightClick, .colourPopover, .zoomOptions:
            try app.tap(300, 80)
        case .mainMenu:
            // Away from the menu, which reaches down the window's end.
            try app.tap(40, 200)
        }
        try app.frame()
        let chrome = Self.chrome(app)
        #expect(!app.menu.isMenuVisible && chrome.mainMenu == nil && chrome.colourPopover == nil
                && chrome.zoomOptions == nil && chrome.dialog?.isOpen != true, "closed")

        #expect(Self.shownControls(app).map(ObjectIdentifier.init) == controls.map(ObjectIdentifier.init))
        for control in controls {
            #expect(Self.isPainted(control, in: app), "\(control.command.title) is painted after")
        }
        #expect(chrome.zoomButton.command.value as? String == "100%", "the readout still reads the zoom")
        #expect(app.session.firstWindow.canvas.drawing.count == 1, "closing drew nothing")
    }
}
