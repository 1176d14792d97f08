import Decorations
import Platform
import TouchCore

/// The app's own chooser, a dialog over the window
/// (`DrawingChooserContent`), where the desktop has none: the drawings in
/// the data folder and the recent ones, and a name field for Save As…
/// and Rename…, saved in the data folder.
package final class InAppFileChooser: FileChooser {
    private unowned let chrome: WindowChrome
    /// The drawings to list: the recent ones, then the data folder's.
    private let entries: (DrawingChooserContent.Mode) -> [ChooserEntry]
    /// The folder a name typed for Save As… goes in.
    private let dataFolder: () -> String

    package init(chrome: WindowChrome, dataFolder: @escaping () -> String,
         entries: @escaping (DrawingChooserContent.Mode) -> [ChooserEntry]) {
        self.chrome = chrome
        self.dataFolder = dataFolder
        self.entries = entries
    }

    package func chooseDrawingToOpen(_ chosen: @escaping (String) -> DrawingFileProblem?) {
        present(.open, name: "") { chosen($0.path) } named: { _ in nil }
    }

    /// ☰ Open Recent: the recent drawings alone.
    func chooseRecentDrawing(_ chosen: @escaping (String) -> DrawingFileProblem?) {
        present(.openRecent, name: "") { chosen($0.path) } named: { _ in nil }
    }

    package func chooseSaveAsPath(currentName: String, _ chosen: @escaping (String) -> DrawingFileProblem?) {
        present(.saveAs, name: currentName) { _ in nil } named: { [unowned self] typed in
            do throws(DrawingName.Problem) {
                let name = try DrawingName(typed)
                let path = "\(dataFolder())/\(name.fileName)"
                if FileSystem.exists(path) { return .exists(fileName: name.fileName) }
                // The first drawing saved there may be this one (the app started with --file).
                try? FileSystem.makeDirectories(dataFolder(), permissions: 0o700)
                return chosen(path)
            } catch {
                return .name(error)
            }
        }
    }

    /// Rename…: the new name, checked, for the drawing's own folder.
    func chooseNewName(currentName: String, _ chosen: @escaping (DrawingName) -> DrawingFileProblem?) {
        present(.rename, name: currentName) { _ in nil } named: { typed in
            do throws(DrawingName.Problem) {
                return chosen(try DrawingName(typed))
            } catch {
                return .name(error)
            }
        }
    }

    /// Ours is a dialog in the window, which closes on Escape itself.
    package func cancel() -> Bool { false }

    /// Shows the chooser; it closes once `opened` or `named` returns no problem.
    private func present(_ mode: DrawingChooserContent.Mode, name: String,
                         opened: @escaping (ChooserEntry) -> DrawingFileProblem?,
                         named: @escaping (String) -> DrawingFileProblem?) {
        let room = DialogView.roomForContent(in: chrome.window.bounds)
        let content = DrawingChooserContent(mode: mode, entries: mode.listsDrawings ? entries(mode) : [], name: name,
                                            width: min(DrawingChooserContent.preferredWidth, room.width))
        let dialog = DialogView(title: mode.title, contentView: content)
        content.onOpen = { [unowned dialog, unowned content] entry in
            if let problem = opened(entry) { content.show(problem.description) } else { dialog.close() }
        }
        content.onName = { [unowned dialog, unowned content] typed in
            if let problem = named(typed) { content.show(problem.description) } else { dialog.close() }
        }
        chrome.present(dialog)
        // Keys go to the name field and the list; Escape still closes.
        content.becomeFirstResponder()
    }
}
