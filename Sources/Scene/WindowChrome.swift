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
package final class WindowChrome: Responder {
    static let showMainMenu = Action("showMainMenu")
    static let showKeyboardShortcuts = Action("showKeyboardShortcuts")
    static let showAbout = Action("showAbout")
    static let showColours = Action("showColours")
    static let showZoomOptions = Action("showZoomOptions")
    static let showExportDialog = Action("showExportDialog")

    let headerBar: HeaderBarView
    let undoButton = HeaderButton(Command(title: "Undo", action: CanvasController.undo), content: .glyph(.undo))
    let redoButton = HeaderButton(Command(title: "Redo", action: CanvasController.redo), content: .glyph(.redo))
    /// The tool in use; pressed, the three tools (`WindowChrome+Tools`).
    let toolButton = HeaderButton(Command(title: "Tool", action: WindowChrome.showTools),
                                  content: .choice(WindowChrome.tools.map(\.choice)))
    let colourButton = HeaderButton(Command(title: "Colour and Width", action: WindowChrome.showColours),
                                    content: .swatch)
    /// The zoom, as read ("150%"); tapped, it offers Fit and 100 %.
    let zoomButton = HeaderButton(Command(title: "Zoom", action: WindowChrome.showZoomOptions), content: .readout)
    let menuButton = HeaderButton(Command(title: "Main Menu", action: WindowChrome.showMainMenu),
                                  content: .glyph(.menu))
    /// Back from the playground to the drawing.
    let drawingButton = HeaderButton(Command(title: "Drawing", action: SceneController.showDrawing),
                                     content: .glyph(.back))
    /// The window's title over the drawing: the drawing's name.
    package var drawingTitle: String {
        // Over the playground the bar keeps the playground's title.
        didSet { if !headerBar.startButtons.contains(where: { $0 === drawingButton }) { headerBar.title = drawingTitle } }
    }
    /// Open…, Open Recent, Save As… and Rename… (`WindowChrome+DrawingFiles`);
    /// nil where no file may be touched (a replay): they are greyed.
    package var drawingFiles: DrawingFiles?
    /// The main menu, while open.
    private(set) var mainMenu: PopoverView?
    /// The colour popover, while open.
    private(set) var colourPopover: PopoverView?
    /// The zoom readout's popover, while open.
    private(set) var zoomOptions: PopoverView?
    /// The tool button's popover, while open.
    var toolOptions: PopoverView?
    /// The dialog shown, while open.
    private(set) var dialog: DialogView?
    /// The widest column the dialog shown asked for.
    private var dialogColumnWidth = 0.0
    unowned let window: Window
    /// Measures menu titles (Pango in the app).
    let measurer: any TextMeasuring
    /// Shows the header buttons' tooltips (`WindowChrome+Tooltips`).
    let tooltips: TooltipController
    /// Who takes on a press that closes a popover, at a window point (the
    /// canvas, when it is under it: a drag there draws); see
    /// `OverlayView.takerOfPressOutside`.
    var takerOfPressOutsidePopover: ((Point) -> View?)?
    /// The app's version, which About shows (the wiring's `Version`).
    package var appVersion = ""
    /// What the Export dialog opens with: the last choice exported.
    package var exportChoice = ExportChoice()
    /// An export was chosen in the Export dialog (to remember it).
    package var onExportChoiceChange: (ExportChoice) -> Void = { _ in }

    init(window: Window, title: String, measurer: any TextMeasuring) {
        self.window = window
        self.measurer = measurer
        drawingTitle = title
        headerBar = HeaderBarView(title: title, startButtons: [], endButtons: [])
        drawingButton.labels = (off: "Drawing", on: "Drawing")
        headerBar.textMeasurer = measurer
        tooltips = TooltipController(window: window, measurer: measurer)
        super.init()
        setUpTooltips()
        showDrawingControls()
    }

    // MARK: What the header holds

    // Over the drawing: Undo and Redo at the start; the zoom, the tool, the
    // colour (these three go into the main menu when the bar is narrow)
    // and the main menu at the end.
    private var drawingStartButtons: [HeaderButton] { [undoButton, redoButton] }
    private var drawingEndButtons: [HeaderButton] { [zoomButton, toolButton, colourButton, menuButton] }
    private var drawingCollapsibleButtons: [HeaderButton] { [zoomButton, toolButton, colourButton] }

    /// The header over the gesture playground (issue 36) holds what the
    /// playground uses and none of the drawing's controls (they would only
    /// show greyed, the colour's a blank): at the start "‹ Drawing", the
    /// way back, where libadwaita puts a navigation view's back button; the
    /// title "Gesture Playground"; at the end the main menu (the inspector,
    /// keyboard shortcuts and About apply to the playground too). Its pages
    /// are switched by the playground's own row of tabs below, as by
    /// `AdwViewSwitcherBar`; Escape goes back too.
    func showPlaygroundControls() {
        headerBar.setButtons(start: [drawingButton], end: [menuButton])
        headerBar.title = SceneController.playgroundTitle
        update()
    }

    /// The drawing's header again.
    func showDrawingControls() {
        headerBar.setButtons(start: drawingStartButtons, end: drawingEndButtons,
                             collapsible: drawingCollapsibleButtons)
        headerBar.title = drawingTitle
        update()
    }

    /// Has every button show what its command would do now. Called after
    /// anything that may change that (input, a drawing opened).
    func update() {
        headerBar.updateButtons()
        (colourPopover?.contentView as? ButtonGridView)?.update()
    }

    /// A popover around `content`: a tap outside only closes it, a drag
    /// that starts outside closes it and goes on to what is under it.
    func makePopover(holding content: View) -> PopoverView {
        let popover = PopoverView(contentView: content)
        popover.takerOfPressOutside = { [unowned self] point in takerOfPressOutsidePopover?(point) }
        return popover
    }

    // MARK: The main menu

    /// The main menu's sections: the tool (when its button is hidden),
    /// exports, what is shown and how fingers are taken, then the app's.
    var mainMenuSections: [[Command]] {
        [
            headerBar.isCollapsed ? toolCommands + [Command(title: "Colour and Width…", action: Self.showColours),
                                     Command(title: Self.fitTitle, action: CanvasView.zoomToFitAction),
                                     Command(title: Self.actualSizeTitle, action: CanvasView.zoomToActualSizeAction)]
                : [],
            drawingFileCommands,
            [Command(title: "Export…", action: Self.showExportDialog)],
            [Command(title: "Palm Rejection", action: SceneController.togglePalmRejection),
             Command(title: "Fingers Navigate", action: CanvasController.toggleFingersNavigate),
             Command(title: "Prediction", action: CanvasView.togglePrediction),
             Command(title: "Book", action: CanvasView.toggleBookRules),
             Command(title: "Inspector", action: SceneController.toggleInspector),
             Command(title: SceneController.playgroundTitle, action: SceneController.showPlayground)],
            [Command(title: "New Window", action: SceneController.newWindow)],
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

    /// Closes whichever popover or dialog is open; returns whether one was.
    /// A press outside one closes it and does nothing else (a right click
    /// included: it does not also open the canvas's menu).
    func closeOpenOverlay() -> Bool {
        let overlays: [OverlayView?] = [mainMenu, colourPopover, zoomOptions, dialog]
        let open = overlays.compactMap { $0 }.filter(\.isOpen)
        for overlay in open { overlay.close() }
        return !open.isEmpty
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
        present(DialogView(title: title, contentView: content))
        dialogColumnWidth = columnWidth
    }

    /// Shows `dialog` (the one shown before closed).
    func present(_ dialog: DialogView) {
        self.dialog?.close()
        self.dialog = dialog
        dialog.open(in: window)
    }

    /// The window changed size: popovers close (they were placed for the
    /// old one), a dialog is placed again.
    func windowResized() {
        tooltips.hide()
        closeMainMenu()
        colourPopover?.close()
        zoomOptions?.close()
        toolOptions?.close()
        // Its text wraps and its columns go again for the new width.
        if let dialog, dialog.isOpen, let content = dialog.contentView as? TextRowsView {
            showDialog(title: dialog.title, sections: content.sections, columnWidth: dialogColumnWidth)
        }
    }

    // MARK: Responder

    package override func handler(for action: Action) -> ((Any?) -> Void)? {
        switch action {
        case Self.showMainMenu: { [unowned self] _ in openMainMenu() }
        case Self.showColours: { [unowned self] _ in openColours() }
        case Self.showZoomOptions: { [unowned self] _ in openZoomOptions() }
        case Self.showTools: { [unowned self] _ in openTools() }
        case Self.showExportDialog: { [unowned self] _ in openExportDialog() }
        case Self.showOpenChooser, Self.showRecentChooser, Self.showSaveAsChooser, Self.showRenameChooser:
            drawingFilesHandler(for: action)
        case Self.showKeyboardShortcuts: { [unowned self] _ in
            showDialog(title: "Keyboard Shortcuts", sections: KeyboardShortcuts.sections, columnWidth: 350)
        }
        case Self.showAbout: { [unowned self] _ in
            // The app's name heads the dialog itself, as in AdwAboutDialog.
            showDialog(title: "", sections: AboutTouchTracker.sections(version: appVersion), columnWidth: 360)
        }
        default: super.handler(for: action)
        }
    }

    package override func validate(_ command: Command) {
        switch command.action {
        case Self.showMainMenu: command.state = mainMenu == nil ? .off : .on
        case Self.showColours: command.value = currentSwatch()
        case Self.showZoomOptions: command.value = currentZoom()
        case Self.showTools:
            command.state = toolOptions == nil ? .off : .on
            command.value = currentToolIndex()
        default: break
        }
    }
}
