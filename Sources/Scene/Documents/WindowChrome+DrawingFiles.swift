import TouchCore

/// The main menu's Open…, Open Recent, Save As… and Rename…, which
/// `DrawingFiles` does; greyed where there is none (a replay).
extension WindowChrome {
    static let showOpenChooser = Action("showOpenChooser")
    static let showRecentChooser = Action("showRecentChooser")
    static let showSaveAsChooser = Action("showSaveAsChooser")
    static let showRenameChooser = Action("showRenameChooser")

    var drawingFileCommands: [Command] {
        [Command(title: "Open…", action: Self.showOpenChooser),
         Command(title: "Open Recent…", action: Self.showRecentChooser),
         Command(title: "Save As…", action: Self.showSaveAsChooser),
         Command(title: "Rename…", action: Self.showRenameChooser)]
    }

    func drawingFilesHandler(for action: Action) -> ((Any?) -> Void)? {
        guard let drawingFiles else { return nil }
        return switch action {
        case Self.showOpenChooser: { _ in drawingFiles.open() }
        case Self.showRecentChooser: { _ in drawingFiles.openRecent() }
        case Self.showSaveAsChooser: { _ in drawingFiles.saveAs() }
        case Self.showRenameChooser: { _ in drawingFiles.rename() }
        default: nil
        }
    }
}
