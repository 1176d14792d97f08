import TouchCore

/// The canvas as a responder: the actions it performs (the menus' items,
/// Copy, Cut and Paste, the main menu's switches), which it can perform
/// now, and its keys. The view's responder overrides hand over here.
extension CanvasView {
    /// The line menu's Delete item (the book's `deleteLine:`).
    static let deleteLine = Action("deleteLine")

    func canvasHandler(for action: Action) -> ((Any?) -> Void)? {
        switch action {
        case .delete, Self.deleteLine: { [unowned self] _ in deleteSelectedLine() }
        case .copy, .cut, .paste, Self.pasteLines: clipboardHandler(for: action)
        case Self.togglePrediction: { [unowned self] _ in
            predictsTip.toggle()
            onPredictionChange?(predictsTip)
        }
        case Self.toggleBookRules: { [unowned self] _ in
            rules = rules == .book ? .standard : .book
            onBookRulesChange?(rules == .book)
        }
        case Self.zoomToFitAction: { [unowned self] _ in zoomToFit() }
        case Self.zoomToActualSizeAction: { [unowned self] _ in zoomToActualSize() }
        default: selectionHandler(for: action) ?? super.handler(for: action)
        }
    }

    /// Prediction and Book show whether they are on; the zoom readout shows the zoom.
    func validateCanvasCommand(_ command: Command) {
        switch command.action {
        case Self.togglePrediction: command.state = predictsTip ? .on : .off
        case Self.toggleBookRules: command.state = rules == .book ? .on : .off
        case Self.zoomToFitAction: command.value = "\(viewport.percentage)%"
        default: super.validate(command)
        }
    }

    /// Deleting only makes sense with a line selected. The standard
    /// `delete` stays for the keyboard and nil-target actions, but the menu
    /// does not offer it: its custom Delete item (`deleteLine`) stands for
    /// it there, as in the book, and two Deletes would show otherwise.
    func canPerformCanvasAction(_ action: Action, withSender sender: Any?) -> Bool {
        switch action {
        case .delete: drawing.selectedLineID != nil && !(sender is MenuController)
        case Self.deleteLine: drawing.selectedLineID != nil
        case .copy, .cut, .paste, Self.pasteLines: canPerformClipboardAction(action, withSender: sender)
        case Self.deleteSelection, Self.duplicateSelection: !drawing.selection.isEmpty
        default: super.canPerformAction(action, withSender: sender)
        }
    }

    /// The tool a key press picks: L for lines, F for freehand, S for the
    /// Select tool, without
    /// modifiers (Shift aside), so Ctrl+F and the like stay free.
    public static func tool(for press: KeyPress) -> DrawingTool? {
        guard case .character(let text) = press.key, press.modifiers.isSubset(of: .shift),
              text.count == 1, let character = text.lowercased().first else { return nil }
        return DrawingTool(key: character)
    }

    /// Delete/BackSpace delete the selected line, Escape deselects and hides
    /// the menu, Ctrl+Z undoes and Ctrl+Shift+Z redoes, L and F pick the
    /// lines and the freehand tool, S the Select tool.
    func canvasKeyPressed(_ press: KeyPress) -> Bool {
        if navigationKeyPressed(press) { return true }
        if clipboardKeyPressed(press) { return true }
        if let tool = Self.tool(for: press) {
            // An open menu may offer the tool that was in use.
            if choose(tool) { window?.menuController.hideMenu() }
            return true
        }
        switch press.key {
        case .delete, .backspace:
            if deleteSelectedLines() || deleteSelectedLine() { return true }
        case .escape:
            select(nil)
            deselectAll()
            window?.menuController.hideMenu()
            return true
        case .character(let text) where text.lowercased() == "z" && press.modifiers.contains(.control):
            if press.modifiers.contains(.shift) { redo() } else { undo() }
            return true
        case .character, .enter, .tab, .up, .down, .left, .right, .home, .end, .other:
            break
        }
        return super.keyPressed(press)
    }
}
