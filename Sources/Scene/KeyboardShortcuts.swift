import Decorations

/// Every key the app answers, as the Keyboard Shortcuts dialog lists them
/// (the main menu, or Ctrl+?). Where they are handled: the canvas and its
/// controller (drawing), the menu controller (menus), the scene's app keys
/// (F10, F12, Ctrl+?, Ctrl+N, Ctrl+W, Ctrl+Q), popovers and dialogs (Escape), the
/// playground.
///
/// The header bar's tooltips name their keys from here too (`tooltip`),
/// so the two never disagree.
enum KeyboardShortcuts {
    static let undo = TextRowsView.Row("Ctrl+Z", detail: "Undo")
    static let redo = TextRowsView.Row("Ctrl+Shift+Z", detail: "Redo")
    static let lines = TextRowsView.Row("L", detail: "Draw straight lines")
    static let freehand = TextRowsView.Row("F", detail: "Draw freehand")
    static let select = TextRowsView.Row("S", detail: "Select lines with a loop")
    static let fit = TextRowsView.Row("Ctrl+0", detail: "Fit the whole drawing")
    static let actualSize = TextRowsView.Row("Ctrl+1", detail: "Zoom to 100 %")
    static let mainMenu = TextRowsView.Row("F10", detail: "Open the main menu")

    /// A header button's tooltip: its `name`, then the keys of `shortcuts`
    /// ("Undo (Ctrl+Z)").
    static func tooltip(_ name: String, _ shortcuts: TextRowsView.Row...) -> String {
        shortcuts.isEmpty ? name : "\(name) (\(shortcuts.map(\.text).joined(separator: ", ")))"
    }

    static let sections: [TextRowsView.Section] = [
        .init(heading: "Drawing", rows: [
            undo,
            redo,
            .init("Delete, BackSpace", detail: "Delete the selected line"),
            .init("Ctrl+C, Ctrl+X", detail: "Copy, cut the selected lines (or all)"),
            .init("Ctrl+V", detail: "Paste lines in the middle"),
            .init("Escape", detail: "Deselect, close a menu"),
            lines,
            freehand,
            select,
        ]),
        .init(heading: "Drawings", rows: [
            .init("Ctrl+O", detail: "Open a drawing"),
            .init("Ctrl+Shift+S", detail: "Save a copy under another name"),
        ]),
        .init(heading: "Moving Around", rows: [
            .init("Ctrl+plus, Ctrl+minus", detail: "Zoom in, zoom out"),
            fit,
            actualSize,
            .init("Ctrl+wheel", detail: "Zoom about the pointer"),
            .init("Wheel, Shift+wheel", detail: "Move up and down, sideways"),
            .init("Space+drag", detail: "Move the drawing"),
        ]),
        .init(heading: "Menus", rows: [
            mainMenu,
            .init("← → ↑ ↓, Tab", detail: "Move in the canvas menu"),
            .init("Enter", detail: "Choose the highlighted item"),
            .init("Escape", detail: "Close a menu or a dialog"),
        ]),
        .init(heading: "General", rows: [
            .init("F12", detail: "Show or hide the inspector"),
            .init("Ctrl+?", detail: "Keyboard shortcuts"),
            .init("Ctrl+N", detail: "New window"),
            .init("Ctrl+W", detail: "Close the window"),
            .init("Ctrl+Q", detail: "Quit"),
        ]),
        .init(heading: "Gesture Playground", rows: [
            .init("← →", detail: "Previous or next page"),
            .init("Escape", detail: "Back to the drawing"),
        ]),
    ]
}
