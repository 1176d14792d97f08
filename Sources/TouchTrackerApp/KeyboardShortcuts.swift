import Decorations

/// Every key the app answers, as the Keyboard Shortcuts dialog lists them
/// (the main menu, or Ctrl+?). Where they are handled: the canvas and its
/// controller (drawing), the menu controller (menus), the scene's app keys
/// (F10, F12, Ctrl+?, Ctrl+Q), popovers and dialogs (Escape), the
/// playground.
enum KeyboardShortcuts {
    static let sections: [TextRowsView.Section] = [
        .init(heading: "Drawing", rows: [
            .init("Ctrl+Z", detail: "Undo"),
            .init("Ctrl+Shift+Z", detail: "Redo"),
            .init("Delete, BackSpace", detail: "Delete the selected line"),
            .init("Escape", detail: "Deselect, close a menu"),
            .init("L", detail: "Draw straight lines"),
            .init("F", detail: "Draw freehand"),
            .init("S", detail: "Select lines with a loop"),
        ]),
        .init(heading: "Moving Around", rows: [
            .init("Ctrl+plus, Ctrl+minus", detail: "Zoom in, zoom out"),
            .init("Ctrl+0", detail: "Fit the whole drawing"),
            .init("Ctrl+1", detail: "Zoom to 100 %"),
            .init("Ctrl+wheel", detail: "Zoom about the pointer"),
            .init("Wheel, Shift+wheel", detail: "Move up and down, sideways"),
            .init("Space+drag", detail: "Move the drawing"),
        ]),
        .init(heading: "Menus", rows: [
            .init("F10", detail: "Open the main menu"),
            .init("← → ↑ ↓, Tab", detail: "Move in the canvas menu"),
            .init("Enter", detail: "Choose the highlighted item"),
            .init("Escape", detail: "Close a menu or a dialog"),
        ]),
        .init(heading: "General", rows: [
            .init("F12", detail: "Show or hide the inspector"),
            .init("Ctrl+?", detail: "Keyboard shortcuts"),
            .init("Ctrl+Q", detail: "Quit"),
        ]),
        .init(heading: "Gesture Playground", rows: [
            .init("← →", detail: "Previous or next page"),
            .init("Escape", detail: "Back to the drawing"),
        ]),
    ]
}
