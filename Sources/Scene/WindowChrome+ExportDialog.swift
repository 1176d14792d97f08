import Decorations
import TouchCore

/// ☰ Export…: one dialog for the format and its options
/// (`ExportDialogContent`), opened with the last choice exported. Its
/// Export closes it and sends `SceneController.exportChosen` through the
/// responder chain, the choice as the sender, as the menus' exports went.
extension WindowChrome {
    static let exportDialogTitle = "Export"

    func openExportDialog() {
        let room = DialogView.roomForContent(in: window.bounds)
        let content = ExportDialogContent(choice: exportChoice,
                                          width: min(ExportDialogContent.preferredWidth, room.width))
        let dialog = DialogView(title: Self.exportDialogTitle, contentView: content)
        content.onExport = { [unowned self, unowned dialog] choice in
            dialog.close()
            if choice != exportChoice {
                exportChoice = choice
                onExportChoiceChange(choice)
            }
            // Once closed: the chain starts at the canvas again.
            _ = window.application?.sendAction(SceneController.exportChosen, to: nil, from: choice)
        }
        present(dialog)
    }
}
