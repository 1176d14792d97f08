import Canvas
import Export
import Platform
import TouchCore

/// The scene's controller: the next responder after the canvas controller
/// and after the playground's (their `nextResponder`), before the window.
/// It performs the actions of the scene as a whole, which the canvas menu
/// and the main menu send through the responder chain, nil-target: Export
/// PNG, SVG and PDF (the canvas menu's), the Export dialog's export (its
/// `ExportChoice` the sender), palm rejection off or on, the inspector shown or
/// hidden, and the gesture playground. `canPerformAction` says when one
/// cannot be done (the playground, while it is shown), so menus grey it,
/// and `validate` says which toggles are on.
///
/// The app's commands (the main menu itself, Keyboard Shortcuts, About)
/// are not the scene's: they sit at the end of every chain
/// (`WindowChrome`, after the application), so the header bar and open
/// popovers reach them too.
package final class SceneController: Responder {
    static let exportPNG = Action("exportPNG")
    static let exportSVG = Action("exportSVG")
    static let exportPDF = Action("exportPDF")
    static let exportChosen = Action("exportChosen")
    static let togglePalmRejection = Action("togglePalmRejection")
    static let toggleInspector = Action("toggleInspector")
    static let showPlayground = Action("showPlayground")
    /// Back from the playground to the drawing (the header's "Drawing").
    static let showDrawing = Action("showDrawing")
    static let playgroundTitle = "Gesture Playground"
    /// Another window on a new drawing (Ctrl+N too).
    static let newWindow = Action("newWindow")

    /// The scene whose parts the actions change; set by the scene once it
    /// exists (it holds this controller).
    weak var scene: CanvasScene?
    /// The environment whose `HOME` exports go under (see
    /// `exportBasePath`); nil where the scene must write no file of its own
    /// accord (a replay).
    let exportEnvironment: [String: String]?
    /// Tells the user where an export went, or why it failed.
    let report: (String) -> Void

    init(exportEnvironment: [String: String]?, report: @escaping (String) -> Void) {
        self.exportEnvironment = exportEnvironment
        self.report = report
        super.init()
    }

    /// After the scene come its window and the application: the canvas's
    /// superview, where the chain would have gone without us.
    package override var next: Responder? { scene?.window }

    package override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
        switch action {
        case Self.showPlayground: scene.map { !$0.isShowingPlayground } ?? false
        case Self.showDrawing: scene?.isShowingPlayground ?? false
        default: super.canPerformAction(action, withSender: sender)
        }
    }

    package override func handler(for action: Action) -> ((Any?) -> Void)? {
        guard let scene else { return super.handler(for: action) }
        return switch action {
        case Self.exportPNG: { [unowned self] _ in export(scene.canvas.drawing, as: .png) }
        case Self.exportSVG: { [unowned self] _ in export(scene.canvas.drawing, as: .svg) }
        case Self.exportPDF: { [unowned self] _ in export(scene.canvas.drawing, as: .pdf) }
        case Self.exportChosen: { [unowned self] sender in
            guard let choice = sender as? ExportChoice else { return }
            export(scene.canvas.drawing, as: choice.format, options: choice.options)
        }
        case Self.togglePalmRejection: { [unowned scene] _ in scene.setPalmRejection(!scene.palmRejection.isEnabled) }
        case Self.toggleInspector: { [unowned scene] _ in scene.inspector.toggle() }
        case Self.showPlayground: { [unowned scene] _ in scene.showPlayground() }
        case Self.showDrawing: { [unowned scene] _ in scene.showDrawing() }
        case Self.newWindow: { [unowned scene] _ in scene.onNewWindow() }
        default: super.handler(for: action)
        }
    }

    /// The toggles show whether what they turn is on.
    package override func validate(_ command: Command) {
        guard let scene else { return }
        switch command.action {
        case Self.togglePalmRejection: command.state = scene.palmRejection.isEnabled ? .on : .off
        case Self.toggleInspector: command.state = scene.inspector.isOpen ? .on : .off
        default: break
        }
    }

    // MARK: Exports

    /// Writes `drawing` in `format` to a new file (`exportBasePath`) and
    /// says where, or why not (on stderr and in a toast).
    func export(_ drawing: Drawing, as format: ExportFormat, options: ExportOptions = ExportOptions()) {
        guard let exportEnvironment else {
            report("not exported: a replay writes no file but the one --export names")
            return
        }
        let path = "\(Self.exportBasePath(environment: exportEnvironment)).\(format.rawValue)"
        do {
            let summary = try Exporter.export(drawing, to: path, options: options)
            report("exported the drawing to \(path)" + (summary.note.map { " (\($0))" } ?? ""))
            scene?.exported(to: path)
        } catch {
            report("cannot export the drawing: \(error)")
            scene?.exportFailed(error)
        }
    }

    /// `~/Pictures/TouchTracker <date time>` (the home directory when there is
    /// no Pictures folder), so exports never overwrite each other or the drawing.
    static func exportBasePath(environment: [String: String], now: Int = Time.secondsSince1970()) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        let pictures = "\(home)/Pictures"
        let folder = (try? FileStatus(path: pictures))?.kind == .directory ? pictures : home
        return "\(folder)/TouchTracker \(CalendarDate.local(now).readable)"
    }
}
