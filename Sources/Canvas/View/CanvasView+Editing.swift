import TouchCore

/// Selecting one line, deleting it, and undo and redo of the finished lines.
extension CanvasView {
    /// Selects `id` (or nothing), redrawing the lines whose colour changes.
    func select(_ id: LineID?) {
        guard id != drawing.selectedLineID else { return }
        if let old = drawing.selectedLine { damage(old) }
        drawing.selectedLineID = id
        if let new = drawing.selectedLine { damage(new) }
    }

    /// Deletes the selected line, if any; returns whether one was deleted.
    @discardableResult
    func deleteSelectedLine() -> Bool {
        guard let id = drawing.selectedLineID else { return false }
        damage(drawing.remove(id))
        window?.menuController.hideMenu()
        onChange?()
        onLineDeleted?()
        return true
    }

    /// Reverts the last change to the finished lines; returns whether there was one.
    @discardableResult
    public func undo() -> Bool {
        let hadSelection = !drawing.selection.isEmpty
        return apply(drawing.undo(), hadSelection: hadSelection)
    }

    /// Re-applies the last undone change; returns whether there was one.
    @discardableResult
    public func redo() -> Bool {
        let hadSelection = !drawing.selection.isEmpty
        return apply(drawing.redo(), hadSelection: hadSelection)
    }

    /// `hadSelection`: lines were selected before, so the selection's box
    /// may have moved or gone with the lines.
    private func apply(_ touched: [Line]?, hadSelection: Bool) -> Bool {
        guard let touched else { return false }
        if touched.count > Self.largeChange {
            setNeedsDisplay()
        } else {
            for line in touched { damage(line) }
            if hadSelection || !drawing.selection.isEmpty { damageSelectionBox(around: touched) }
        }
        if drawing.selectedLineID == nil { window?.menuController.hideMenu() }
        onChange?()
        return true
    }
}
