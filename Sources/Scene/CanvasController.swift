import Canvas
import Decorations
import TouchCore

/// Owns the canvas view and sits after it in the responder chain, where it
/// answers the actions a desktop user expects beyond SPEC §6: the canvas
/// menu (a right click away from any line) with Undo, Redo, Paste, Export as
/// PNG, SVG or PDF, the other drawing tool, palm rejection turned off or
/// on, the inspector overlay shown or hidden, and the gesture playground.
/// Undo, Redo, the tool, the colour and the width are its own; the rest
/// are the scene's (`SceneController`, its next responder), which the
/// menu's items reach through the chain, as every nil-target action does.
package final class CanvasController: ViewController {
    static let undo = Action("undo")
    static let redo = Action("redo")
    static let switchTool = Action("switchTool")
    /// The lasso (issue 38), offered beside the drawing tools.
    static let chooseSelectTool = Action("chooseSelectTool")
    /// The header's tool popover and the narrow bar's main menu pick one
    /// of the three tools by name.
    static let chooseLinesTool = Action("chooseLinesTool")
    static let chooseFreehandTool = Action("chooseFreehandTool")
    /// Fingers Navigate (on) or Fingers Draw (off), in the main menu: the
    /// canvas's own way of taking fingers, so its controller answers it.
    static let toggleFingersNavigate = Action("toggleFingersNavigate")

    /// The canvas menu's items; the line menu (Delete) needs none, it is a
    /// standard edit action of the canvas. The last two say what choosing
    /// them does (the tool it switches to; palm rejection off or on, as the
    /// chain says it is), so they read the same whichever way things are.
    var menuItems: [MenuItem] {
        let selectItem = canvas.tool == .select ? []
            : [MenuItem(title: Self.title(switchingTo: .select), action: Self.chooseSelectTool)]
        return [
            MenuItem(title: "Undo", action: Self.undo),
            MenuItem(title: "Redo", action: Self.redo),
            MenuItem(title: "Paste", action: CanvasView.pasteLines),
            MenuItem(title: "Export PNG", action: SceneController.exportPNG),
            MenuItem(title: "Export SVG", action: SceneController.exportSVG),
            MenuItem(title: "Export PDF", action: SceneController.exportPDF),
            MenuItem(title: Self.title(switchingTo: otherTool), action: Self.switchTool),
        ] + selectItem + [
            MenuItem(title: isOn(SceneController.togglePalmRejection) ? Self.palmRejectionOffTitle
                                                                       : Self.palmRejectionOnTitle,
                     action: SceneController.togglePalmRejection),
            MenuItem(title: isOn(SceneController.toggleInspector) ? Self.hideInspectorTitle : Self.showInspectorTitle,
                     action: SceneController.toggleInspector),
            MenuItem(title: SceneController.playgroundTitle, action: SceneController.showPlayground),
        ]
    }
    static let showInspectorTitle = "Show Inspector"
    static let hideInspectorTitle = "Hide Inspector"
    static let palmRejectionOffTitle = "Palm Rejection Off"
    static let palmRejectionOnTitle = "Palm Rejection On"

    /// Whether the responder that would perform `action` says it is on.
    private func isOn(_ action: Action) -> Bool {
        guard let target = target(forAction: action, withSender: nil) else { return false }
        let command = Command(title: "", action: action)
        target.validate(command)
        return command.state == .on
    }

    /// The menu item that picks `tool`: "Draw Freehand", "Draw Lines".
    static func title(switchingTo tool: DrawingTool) -> String {
        switch tool {
        case .lines: "Draw Lines"
        case .freehand: "Draw Freehand"
        case .select: "Select"
        }
    }

    /// The action that picks `tool`.
    static func action(choosing tool: DrawingTool) -> Action {
        switch tool {
        case .lines: chooseLinesTool
        case .freehand: chooseFreehandTool
        case .select: chooseSelectTool
        }
    }

    /// The tool `action` picks, if it picks one.
    static func tool(chosenBy action: Action) -> DrawingTool? {
        DrawingTool.allCases.first { Self.action(choosing: $0) == action }
    }

    /// The drawing tool the canvas menu offers: the one not in use (Lines
    /// from the Select tool).
    private var otherTool: DrawingTool { canvas.tool == .lines ? .freehand : .lines }

    let canvas: CanvasView

    init(canvas: CanvasView) {
        self.canvas = canvas
        super.init()
        view = canvas
    }

    /// A right click at `point` (canvas coordinates): on a line, the line menu
    /// (select + Delete); elsewhere, the canvas menu.
    func secondaryClick(at point: Point) {
        guard let menu = canvas.window?.menuController else { return }
        if canvas.selectLineAndShowMenu(at: point) { return }
        // The canvas, not this controller, answers first: the chain from it
        // still reaches this controller's items, and the canvas's own
        // actions (the zoom readout, Prediction) stay within reach after
        // the menu closes.
        guard canvas.becomeFirstResponder() else { return }
        canvas.menuPoint = point
        menu.menuItems = menuItems
        menu.setTargetRect(Rect(origin: point, size: Size(width: 2, height: 2)), in: canvas)
        menu.showMenu()
    }

    package override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
        switch action {
        case Self.undo: canvas.drawing.canUndo
        case Self.redo: canvas.drawing.canRedo
        default: super.canPerformAction(action, withSender: sender)
        }
    }

    /// How the header bar's, the main menu's and the colour popover's
    /// commands look: the tool button and the colour and width in use show
    /// what is on.
    package override func validate(_ command: Command) {
        if let color = PaletteColor(action: command.action) {
            command.state = canvas.strokeStyle.color == color ? .on : .off
            return
        }
        if let width = StrokeWidth(action: command.action) {
            command.state = canvas.strokeStyle.width == width ? .on : .off
            return
        }
        if let tool = Self.tool(chosenBy: command.action) {
            command.state = canvas.tool == tool ? .on : .off
            return
        }
        switch command.action {
        case Self.switchTool: command.state = canvas.tool == .freehand ? .on : .off
        case Self.toggleFingersNavigate: command.state = canvas.navigation.fingersNavigate ? .on : .off
        default: break
        }
    }

    /// Besides the actions above, every `PaletteColor.action` and
    /// `StrokeWidth.action` (the colour popover's): the colour or width of
    /// the strokes to come and of the selected line (`CanvasView.choose`).
    package override func handler(for action: Action) -> ((Any?) -> Void)? {
        if let color = PaletteColor(action: action) {
            return { [unowned self] sender in
                closePopover(holding: sender)
                canvas.choose(color)
            }
        }
        if let width = StrokeWidth(action: action) {
            return { [unowned self] sender in
                closePopover(holding: sender)
                canvas.choose(width)
            }
        }
        return switch action {
        case Self.undo: { [unowned self] _ in canvas.undo() }
        case Self.redo: { [unowned self] _ in canvas.redo() }
        case Self.switchTool: { [unowned self] _ in canvas.choose(otherTool) }
        case Self.chooseLinesTool: { [unowned self] _ in canvas.choose(.lines) }
        case Self.chooseFreehandTool: { [unowned self] _ in canvas.choose(.freehand) }
        case Self.chooseSelectTool: { [unowned self] _ in canvas.choose(.select) }
        case Self.toggleFingersNavigate: { [unowned self] _ in canvas.navigation.fingersNavigate.toggle() }
        default: super.handler(for: action)
        }
    }

    /// A colour or a width is a one-shot choice, as a palette's is (issue
    /// 36): the popover it was chosen in closes, so the next drag on the
    /// canvas draws instead of only closing it.
    private func closePopover(holding sender: Any?) {
        var ancestor = (sender as? View)?.superview
        while let view = ancestor, !(view is PopoverView) { ancestor = view.superview }
        (ancestor as? PopoverView)?.close()
    }
}
