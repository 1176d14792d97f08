import Canvas
import Decorations
import TouchCore

/// The app's controls around the canvas: the header bar (or, under
/// server-side decorations, the toolbar) with Undo, Redo, the tool, the
/// colour and the main menu; the main menu's popover; the colour popover
/// (eight colours, eight widths); the Keyboard Shortcuts and About dialogs.
///
/// Every button sends its command through the responder chain, nil-target,
/// as the book teaches: Undo, Redo and the tool reach the canvas's
/// controller; exports, palm rejection, the inspector and the playground
/// the scene's controller after it (`SceneController`); the main menu and
/// the dialogs reach this object, which
/// follows the application at the end of the chain
/// (`TouchTrackerApplication`). The buttons show what the chain says
/// (`update()`): greyed when nothing can perform them now, the tool, the
/// colour and the width in use. The colour popover's choices are the
/// canvas controller's actions (`PaletteColor.action`, `StrokeWidth.action`),
/// nil-target too. The main menu holds what the canvas menu holds away from
/// the lines, and the tool and the colour when the bar is too narrow to
/// show their buttons.
final class WindowChrome: Responder {
    static let showMainMenu = Action("showMainMenu")
    static let showKeyboardShortcuts = Action("showKeyboardShortcuts")
    static let showAbout = Action("showAbout")
    static let showColours = Action("showColours")
    static let showZoomOptions = Action("showZoomOptions")

    let headerBar: HeaderBarView
    let undoButton = HeaderButton(Command(title: "Undo", action: CanvasController.undo), content: .glyph(.undo))
    let redoButton = HeaderButton(Command(title: "Redo", action: CanvasController.redo), content: .glyph(.redo))
    let toolButton = HeaderButton(Command(title: "Freehand", action: CanvasController.switchTool),
                                  content: .toggle(off: .lines, on: .freehand))
    let colourButton = HeaderButton(Command(title: "Colour and Width", action: WindowChrome.showColours),
                                    content: .swatch)
    /// The zoom, as read ("150%"); tapped, it offers Fit and 100 %.
    let zoomButton = HeaderButton(Command(title: "Zoom", action: WindowChrome.showZoomOptions), content: .readout)
    let menuButton = HeaderButton(Command(title: "Main Menu", action: WindowChrome.showMainMenu),
                                  content: .glyph(.menu))
    /// The main menu, while open.
    private(set) var mainMenu: PopoverView?
    /// The colour popover, while open.
    private(set) var colourPopover: PopoverView?
    /// The zoom readout's popover, while open.
    private(set) var zoomOptions: PopoverView?
    /// The dialog shown, while open.
    private(set) var dialog: DialogView?
    /// The widest column the dialog shown asked for.
    private var dialogColumnWidth = 0.0
    private unowned let window: Window
    /// Measures menu titles (Pango in the app).
    private let measurer: any TextMeasuring
    /// Shows the header buttons' tooltips (`WindowChrome+Tooltips`).
    let tooltips: TooltipController
    /// Who takes on a press that closes a popover, at a window point (the
    /// canvas, when it is under it: a drag there draws); see
    /// `OverlayView.takerOfPressOutside`.
    var takerOfPressOutsidePopover: ((Point) -> View?)?

    init(window: Window, title: String, measurer: any TextMeasuring) {
        self.window = window
        self.measurer = measurer
        headerBar = HeaderBarView(title: title, startButtons: [undoButton, redoButton],
                                  endButtons: [zoomButton, toolButton, colourButton, menuButton],
                                  collapsibleButtons: [zoomButton, toolButton, colourButton])
        toolButton.labels = (off: "Lines", on: "Freehand")
        headerBar.textMeasurer = measurer
        tooltips = TooltipController(window: window, measurer: measurer)
        super.init()
        setUpTooltips()
    }

    /// Has every button show what its command would do now. Called after
    /// anything that may change that (input, a drawing opened).
    func update() {
        headerBar.updateButtons()
        (colourPopover?.contentView as? ButtonGridView)?.update()
    }

    /// A popover around `content`: a tap outside only closes it, a drag
    /// that starts outside closes it and goes on to what is under it.
    private func makePopover(holding content: View) -> PopoverView {
        let popover = PopoverView(contentView: content)
        popover.takerOfPressOutside = { [unowned self] point in takerOfPressOutsidePopover?(point) }
        return popover
    }

    // MARK: The main menu

    /// The main menu's sections: the tool (when its button is hidden),
    /// exports, what is shown and how fingers are taken, then the app's.
    var mainMenuSections: [[Command]] {
        [
            headerBar.isCollapsed ? [Command(title: "Freehand", action: CanvasController.switchTool),
                                     Command(title: "Colour and Width…", action: Self.showColours),
                                     Command(title: Self.fitTitle, action: CanvasView.zoomToFitAction),
                                     Command(title: Self.actualSizeTitle, action: CanvasView.zoomToActualSizeAction)]
                : [],
            [Command(title: "Export PNG", action: SceneController.exportPNG),
             Command(title: "Export SVG", action: SceneController.exportSVG),
             Command(title: "Export PDF", action: SceneController.exportPDF)],
            [Command(title: "Palm Rejection", action: SceneController.togglePalmRejection),
             Command(title: "Fingers Navigate", action: CanvasController.toggleFingersNavigate),
             Command(title: "Prediction", action: CanvasView.togglePrediction),
             Command(title: "Inspector", action: SceneController.toggleInspector),
             Command(title: SceneController.playgroundTitle, action: SceneController.showPlayground)],
            [Command(title: "Keyboard Shortcuts", action: Self.showKeyboardShortcuts),
             Command(title: "About TouchTracker", action: Self.showAbout)],
        ]
    }

    /// Opens the main menu under its button (or under the bar's end if
    /// the bar is hidden).
    func openMainMenu() {
        closeMainMenu()
        let menu = PopoverMenuView(sections: mainMenuSections, measurer: measurer)
        if let application = window.application { menu.validate(with: application) }
        let popover = makePopover(holding: menu)
        popover.onClose = { [unowned self, unowned popover] in
            if mainMenu === popover { mainMenu = nil }
            update()
        }
        mainMenu = popover
        let anchor = headerBar.isHidden ? Rect(x: window.bounds.maxX - 24, y: 0, width: 0, height: 0)
            : menuButton.convert(menuButton.bounds, to: nil)
        popover.open(in: window, pointingAt: anchor)
        update()
    }

    func closeMainMenu() {
        mainMenu?.close()
    }

    // MARK: The colour popover

    /// Opens the colour popover under the colour button, or under the
    /// main menu's when the colour button is in the menu.
    func openColours() {
        colourPopover?.close()
        let colours = PaletteColor.allCases.map { colour in
            HeaderButton(Command(title: colour.title, action: colour.action), content: .colourChoice(colour.color))
        }
        let widths = StrokeWidth.allCases.map { width in
            HeaderButton(Command(title: width.title, action: width.action), content: .widthChoice(width.points))
        }
        let grid = ButtonGridView(groups: [[Array(colours[..<4]), Array(colours[4...])],
                                           [Array(widths[..<4]), Array(widths[4...])]])
        let popover = makePopover(holding: grid)
        popover.onClose = { [unowned self, unowned popover] in
            if colourPopover === popover { colourPopover = nil }
        }
        colourPopover = popover
        let button = colourButton.isHidden || headerBar.isHidden ? menuButton : colourButton
        popover.open(in: window, pointingAt: button.convert(button.bounds, to: nil))
        grid.update()
    }

    /// The colour and width the canvas draws with, as the chain says:
    /// the palette's commands that are on.
    private func currentSwatch() -> Swatch? {
        guard let application = window.application else { return nil }
        func isOn(_ action: Action) -> Bool {
            let command = Command(title: "", action: action)
            application.validateCommand(command, sender: nil)
            return command.isEnabled && command.state == .on
        }
        guard let colour = PaletteColor.allCases.first(where: { isOn($0.action) }),
              let width = StrokeWidth.allCases.first(where: { isOn($0.action) }) else { return nil }
        return Swatch(colour: colour.color, width: width.points)
    }

    // MARK: The zoom

    static let fitTitle = "Fit Drawing"
    static let actualSizeTitle = "100 %"

    /// Opens Fit Drawing and 100 % under the zoom readout.
    func openZoomOptions() {
        zoomOptions?.close()
        let menu = PopoverMenuView(sections: [[Command(title: Self.fitTitle, action: CanvasView.zoomToFitAction),
                                               Command(title: Self.actualSizeTitle,
                                                       action: CanvasView.zoomToActualSizeAction)]],
                                   measurer: measurer)
        if let application = window.application { menu.validate(with: application) }
        let popover = makePopover(holding: menu)
        popover.onClose = { [unowned self, unowned popover] in
            if zoomOptions === popover { zoomOptions = nil }
            update()
        }
        zoomOptions = popover
        popover.open(in: window, pointingAt: zoomButton.convert(zoomButton.bounds, to: nil))
    }

    /// The zoom as the chain reads it: "150%".
    private func currentZoom() -> String? {
        guard let application = window.application else { return nil }
        let command = Command(title: "", action: CanvasView.zoomToFitAction)
        application.validateCommand(command, sender: nil)
        return command.isEnabled ? command.value as? String : nil
    }

    // MARK: Dialogs

    func showDialog(title: String, sections: [TextRowsView.Section], columnWidth: Double) {
        dialog?.close()
        let content = TextRowsView(sections: sections, columnWidth: columnWidth,
                                   maximumSize: DialogView.roomForContent(in: window.bounds), measurer: measurer)
        let dialog = DialogView(title: title, contentView: content)
        self.dialog = dialog
        dialogColumnWidth = columnWidth
        dialog.open(in: window)
    }

    /// The window changed size: popovers close (they were placed for the
    /// old one), a dialog is placed again.
    func windowResized() {
        tooltips.hide()
        closeMainMenu()
        colourPopover?.close()
        zoomOptions?.close()
        // Its text wraps and its columns go again for the new width.
        if let dialog, dialog.isOpen, let content = dialog.contentView as? TextRowsView {
            showDialog(title: dialog.title, sections: content.sections, columnWidth: dialogColumnWidth)
        }
    }

    // MARK: Responder

    override func handler(for action: Action) -> ((Any?) -> Void)? {
        switch action {
        case Self.showMainMenu: { [unowned self] _ in openMainMenu() }
        case Self.showColours: { [unowned self] _ in openColours() }
        case Self.showZoomOptions: { [unowned self] _ in openZoomOptions() }
        case Self.showKeyboardShortcuts: { [unowned self] _ in
            showDialog(title: "Keyboard Shortcuts", sections: KeyboardShortcuts.sections, columnWidth: 350)
        }
        case Self.showAbout: { [unowned self] _ in
            // The app's name heads the dialog itself, as in AdwAboutDialog.
            showDialog(title: "", sections: AboutTouchTracker.sections, columnWidth: 360)
        }
        default: super.handler(for: action)
        }
    }

    override func validate(_ command: Command) {
        switch command.action {
        case Self.showMainMenu: command.state = mainMenu == nil ? .off : .on
        case Self.showColours: command.value = currentSwatch()
        case Self.showZoomOptions: command.value = currentZoom()
        default: break
        }
    }
}
