import TouchCore

/// What the canvas needs of the clipboard; the app implements it (the
/// formats and the Wayland clipboard live outside the core).
public protocol CanvasClipboard: AnyObject {
    /// Whether there is a clipboard at all (the compositor may offer none).
    var isAvailable: Bool { get }
    /// Puts `lines` on the clipboard (never empty).
    func copy(_ lines: [Line])
    /// Whether the clipboard holds lines the canvas can paste.
    var holdsLines: Bool { get }
    /// Reads the lines on the clipboard and hands them to `place`, later
    /// (the owner may be another process); a failure is the app's to say,
    /// and `place` is then not called.
    func readLines(_ place: @escaping ([Line]) -> Void)
}

/// Copy, Cut and Paste (issue 37): the selected line, or the lasso's
/// selection (issue 38), or the whole drawing when nothing is selected,
/// goes to the clipboard; pasted lines land centred where the press was
/// (or in the middle of the view), selected. What "the selection" is
/// lives in `linesToCopy` and `selectPasted` alone.
extension CanvasView {
    /// The canvas menu's Paste item, and Ctrl+V.
    public static let pasteLines = Action("pasteLines")

    /// The lines Copy and Cut take, in drawing order: the tapped one, else
    /// the lasso's, else every line.
    var linesToCopy: [LineID] {
        if let id = drawing.selectedLineID { return [id] }
        if !drawing.selection.isEmpty { return drawing.selection.sorted() }
        return drawing.store.ids
    }

    /// Whether a line is selected, by a tap or by the lasso: what the
    /// selection's menus offer Copy and Cut for.
    private var hasSelectedLines: Bool {
        drawing.selectedLineID != nil || !drawing.selection.isEmpty
    }

    /// Copies the selection (or the drawing); returns whether there was
    /// anything to copy and a clipboard to take it.
    @discardableResult
    func copySelection() -> Bool {
        let ids = linesToCopy
        guard let clipboard, !ids.isEmpty else { return false }
        clipboard.copy(ids.compactMap { drawing[$0] })
        window?.menuController.hideMenu()
        return true
    }

    /// Copies the selection (or the drawing), then removes it: one undo step.
    @discardableResult
    func cutSelection() -> Bool {
        let ids = linesToCopy
        guard copySelection() else { return false }
        if ids.count == drawing.count, !hasSelectedLines {
            drawing.clear()
            setNeedsDisplay()
        } else {
            // The lasso's box and handles go with its lines.
            damageSelection()
            drawing.beginUndoGroup()
            for id in ids { damage(drawing.remove(id).paintedBounds) }
            drawing.endUndoGroup()
        }
        onChange?()
        onLinesCut?(ids.count)
        return true
    }

    /// Pastes the clipboard's lines centred on `point` (view coordinates;
    /// nil: the middle of the view), once they have arrived.
    public func paste(at point: Point? = nil) {
        guard let clipboard else { return }
        let target = point ?? Point(x: bounds.midX, y: bounds.midY)
        window?.menuController.hideMenu()
        clipboard.readLines { [weak self] lines in self?.place(lines, centredOn: target) }
    }

    /// Adds `lines` (one undo step) moved so their middle is at `point`
    /// (view coordinates), and selects them. Lines the drawing has no room
    /// for are refused whole (`onPasteRefused`): half a paste helps nobody.
    public func place(_ lines: [Line], centredOn point: Point) {
        guard let bounds = lines.map(\.bounds).reduce(nil, { $0?.union($1) ?? $1 }) else { return }
        let points = lines.reduce(0) { $0 + $1.freehandPointCount }
        guard drawing.count + lines.count <= Drawing.lineLimit,
              drawing.freehandPointCount + points <= Drawing.pointLimit else {
            onPasteRefused?(lines.count)
            return
        }
        let centre = viewport.drawingPoint(fromView: point)
        let offset = Drawing.clamped(Vector(dx: centre.x - bounds.midX, dy: centre.y - bounds.midY),
                                     moving: bounds)
        drawing.beginUndoGroup()
        let ids = lines.map { drawing.add($0.translated(by: offset)) }
        drawing.endUndoGroup()
        for id in ids { if let line = drawing[id] { damage(line.paintedBounds) } }
        selectPasted(ids)
        onChange?()
    }

    /// Selects what was pasted, in place of what was selected: a single
    /// line as a tap selects it (its menu offers Delete, Copy and Cut), several
    /// as the lasso does, so they move, restyle, go and copy together.
    private func selectPasted(_ ids: [LineID]) {
        if let old = drawing.selectedLine { damage(old.paintedBounds) }
        deselectAll()
        drawing.selectedLineID = ids.count == 1 ? ids[0] : nil
        if ids.count > 1 { drawing.select(Set(ids)) }
        if let new = drawing.selectedLine { damage(new.paintedBounds) }
        damageSelection()
    }
}

/// The menu items and keys of Copy, Cut and Paste.
extension CanvasView {
    /// Beside Delete in the menu of a selected line.
    var clipboardMenuItems: [MenuItem] {
        [MenuItem(title: "Copy", action: .copy), MenuItem(title: "Cut", action: .cut),
         MenuItem(title: "Paste", action: Self.pasteLines)]
    }

    /// A tap that selected no line, while the clipboard holds lines: the
    /// menu offers Paste there. Returns whether it shows.
    func showPasteMenu(at point: Point) -> Bool {
        guard clipboard?.isAvailable == true, clipboard?.holdsLines == true, let menu = window?.menuController, becomeFirstResponder() else {
            return false
        }
        menuPoint = point
        menu.menuItems = [MenuItem(title: "Paste", action: Self.pasteLines)]
        menu.setTargetRect(Rect(origin: point, size: Size(width: 2, height: 2)), in: self)
        menu.setMenuVisible(true, animated: true)
        return true
    }

    func clipboardHandler(for action: Action) -> ((Any?) -> Void)? {
        switch action {
        case .copy: { [unowned self] _ in copySelection() }
        case .cut: { [unowned self] _ in cutSelection() }
        // The menu's Paste goes where its press was; the standard one
        // (Ctrl+V, a nil-target action) to the middle of the view.
        case Self.pasteLines: { [unowned self] _ in paste(at: menuPoint) }
        case .paste: { [unowned self] _ in paste() }
        default: nil
        }
    }

    /// Nothing without a clipboard. Copy and Cut need lines (in the menu, selected ones: the menu of a
    /// press beside the lines offers only Paste); Paste needs lines on the
    /// clipboard. In the menu, the canvas's own Paste stands for the standard one.
    func canPerformClipboardAction(_ action: Action, withSender sender: Any?) -> Bool {
        guard clipboard?.isAvailable == true else { return false }
        switch action {
        case .copy, .cut: return sender is MenuController ? hasSelectedLines : drawing.count > 0
        case .paste: return clipboard?.holdsLines == true && !(sender is MenuController)
        case Self.pasteLines: return clipboard?.holdsLines == true
        default: return false
        }
    }

    /// Ctrl+C copies, Ctrl+X cuts, Ctrl+V pastes in the middle of the view.
    func clipboardKeyPressed(_ press: KeyPress) -> Bool {
        guard case .character(let text) = press.key, press.modifiers == .control else { return false }
        switch text.lowercased() {
        case "c": copySelection()
        case "x": cutSelection()
        case "v": paste()
        default: return false
        }
        return true
    }
}
