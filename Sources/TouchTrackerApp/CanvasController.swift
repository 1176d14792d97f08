import Canvas
import Platform
import Render
import TouchCore

/// Owns the canvas view and sits after it in the responder chain, where it
/// answers the actions a desktop user expects beyond SPEC §6: the canvas
/// menu (a right click away from any line) with Undo, Redo, Export as
/// PNG, SVG or PDF, the other drawing tool, palm rejection turned off or
/// on, the inspector overlay shown or hidden, and the gesture playground.
final class CanvasController: ViewController {
    static let undo = Action("undo")
    static let redo = Action("redo")
    static let exportPNG = Action("exportPNG")
    static let exportSVG = Action("exportSVG")
    static let exportPDF = Action("exportPDF")
    static let togglePalmRejection = Action("togglePalmRejection")
    static let switchTool = Action("switchTool")
    static let toggleInspector = Action("toggleInspector")
    static let showPlaygroundAction = Action("showPlayground")
    /// Fingers Navigate (on) or Fingers Draw (off), in the main menu.
    static let toggleFingersNavigate = Action("toggleFingersNavigate")
    static let playgroundTitle = "Gesture Playground"

    /// The canvas menu's items; the line menu (Delete) needs none, it is a
    /// standard edit action of the canvas. The last two say what choosing
    /// them does (the tool it switches to; palm rejection off or on), so
    /// they read the same whichever way things are.
    var menuItems: [MenuItem] {
        [
            MenuItem(title: "Undo", action: Self.undo),
            MenuItem(title: "Redo", action: Self.redo),
            MenuItem(title: "Export PNG", action: Self.exportPNG),
            MenuItem(title: "Export SVG", action: Self.exportSVG),
            MenuItem(title: "Export PDF", action: Self.exportPDF),
            MenuItem(title: Self.title(switchingTo: otherTool), action: Self.switchTool),
            MenuItem(title: isPalmRejectionOn() ? Self.palmRejectionOffTitle : Self.palmRejectionOnTitle,
                     action: Self.togglePalmRejection),
            MenuItem(title: isInspectorOpen() ? Self.hideInspectorTitle : Self.showInspectorTitle,
                     action: Self.toggleInspector),
            MenuItem(title: Self.playgroundTitle, action: Self.showPlaygroundAction),
        ]
    }
    static let showInspectorTitle = "Show Inspector"
    static let hideInspectorTitle = "Hide Inspector"

    /// Whether the inspector overlay is shown (`InspectorOverlay`).
    var isInspectorOpen: () -> Bool = { false }
    /// Shows or hides the inspector overlay.
    var toggleInspector: () -> Void = {}
    static let palmRejectionOffTitle = "Palm Rejection Off"
    static let palmRejectionOnTitle = "Palm Rejection On"

    /// The menu item that picks `tool`: "Draw Freehand", "Draw Lines".
    static func title(switchingTo tool: DrawingTool) -> String {
        switch tool {
        case .lines: "Draw Lines"
        case .freehand: "Draw Freehand"
        }
    }

    /// The tool the menu offers: the one not in use.
    private var otherTool: DrawingTool { canvas.tool == .lines ? .freehand : .lines }

    /// Whether fingers are ignored while a pen is near (`PalmRejection`).
    var isPalmRejectionOn: () -> Bool = { true }
    /// Turns palm rejection on or off and remembers it.
    var setPalmRejection: (Bool) -> Void = { _ in }
    /// Opens the gesture playground.
    var showPlayground: () -> Void = {}

    let canvas: CanvasView
    /// Where exports go, without extension (a new name each time); nil
    /// where the canvas must write no file (a replay).
    var exportBasePath: (() -> String)?
    /// Tells the user where an export went, or why it failed.
    var report: (String) -> Void

    init(canvas: CanvasView, exportBasePath: (() -> String)?, report: @escaping (String) -> Void) {
        self.canvas = canvas
        self.exportBasePath = exportBasePath
        self.report = report
        super.init()
        view = canvas
    }

    /// A right click at `point` (canvas coordinates): on a line, the line menu
    /// (select + Delete); elsewhere, the canvas menu.
    func secondaryClick(at point: Point) {
        guard let menu = canvas.window?.menuController else { return }
        menu.menuItems = menuItems
        if canvas.selectLineAndShowMenu(at: point) { return }
        guard becomeFirstResponder() else { return }
        menu.setTargetRect(Rect(origin: point, size: Size(width: 2, height: 2)), in: canvas)
        menu.showMenu()
    }

    override var canBecomeFirstResponder: Bool { true }

    /// After the canvas menu this controller is the first responder and keys
    /// no longer pass through the canvas (it comes before us in the chain):
    /// Ctrl+Z and Ctrl+Shift+Z must still undo and redo.
    /// The tool keys (L, F) too; a tool picked while the canvas menu is
    /// open closes it, as its tool item would be out of date.
    override func keyPressed(_ press: KeyPress) -> Bool {
        if let tool = CanvasView.tool(for: press) {
            if canvas.choose(tool) { canvas.window?.menuController.hideMenu() }
            return true
        }
        guard case .character(let text) = press.key, text.lowercased() == "z",
              press.modifiers.contains(.control) else { return super.keyPressed(press) }
        if press.modifiers.contains(.shift) { canvas.redo() } else { canvas.undo() }
        return true
    }

    override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
        switch action {
        case Self.undo: canvas.drawing.canUndo
        case Self.redo: canvas.drawing.canRedo
        default: super.canPerformAction(action, withSender: sender)
        }
    }

    /// How the header bar's, the main menu's and the colour popover's
    /// commands look: the tool button, the toggles and the colour and width
    /// in use show what is on.
    override func validate(_ command: Command) {
        if let color = PaletteColor(action: command.action) {
            command.state = canvas.strokeStyle.color == color ? .on : .off
            return
        }
        if let width = StrokeWidth(action: command.action) {
            command.state = canvas.strokeStyle.width == width ? .on : .off
            return
        }
        switch command.action {
        case Self.switchTool: command.state = canvas.tool == .freehand ? .on : .off
        case Self.togglePalmRejection: command.state = isPalmRejectionOn() ? .on : .off
        case Self.toggleInspector: command.state = isInspectorOpen() ? .on : .off
        case Self.toggleFingersNavigate: command.state = canvas.navigation.fingersNavigate ? .on : .off
        default: break
        }
    }

    /// Besides the actions above, every `PaletteColor.action` and
    /// `StrokeWidth.action` (the colour popover's): the colour or width of
    /// the strokes to come and of the selected line (`CanvasView.choose`).
    override func handler(for action: Action) -> ((Any?) -> Void)? {
        if let color = PaletteColor(action: action) { return { [unowned self] _ in canvas.choose(color) } }
        if let width = StrokeWidth(action: action) { return { [unowned self] _ in canvas.choose(width) } }
        return switch action {
        case Self.undo: { [unowned self] _ in canvas.undo() }
        case Self.redo: { [unowned self] _ in canvas.redo() }
        case Self.exportPNG: { [unowned self] _ in export(.png) }
        case Self.exportSVG: { [unowned self] _ in export(.svg) }
        case Self.exportPDF: { [unowned self] _ in export(.pdf) }
        case Self.togglePalmRejection: { [unowned self] _ in setPalmRejection(!isPalmRejectionOn()) }
        case Self.switchTool: { [unowned self] _ in canvas.choose(otherTool) }
        case Self.toggleInspector: { [unowned self] _ in toggleInspector() }
        case Self.showPlaygroundAction: { [unowned self] _ in showPlayground() }
        case Self.toggleFingersNavigate: { [unowned self] _ in canvas.navigation.fingersNavigate.toggle() }
        default: super.handler(for: action)
        }
    }

    func export(_ format: ExportFormat) {
        guard let exportBasePath else {
            report("not exported: a replay writes no file but the one --export names")
            return
        }
        let path = "\(exportBasePath()).\(format.rawValue)"
        do {
            let summary = try Exporter.export(canvas.drawing, to: path)
            report("exported the drawing to \(path)" + (summary.note.map { " (\($0))" } ?? ""))
        } catch {
            report("cannot export the drawing: \(error)")
        }
    }

    /// `~/Pictures/TouchTracker <date time>` (the home directory when there is
    /// no Pictures folder), so exports never overwrite each other or the drawing.
    static func defaultExportBasePath(environment: [String: String], now: Int = Time.secondsSince1970()) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        let pictures = "\(home)/Pictures"
        let folder = (try? FileStatus(path: pictures))?.kind == .directory ? pictures : home
        return "\(folder)/TouchTracker \(CalendarDate.local(now).readable)"
    }
}
