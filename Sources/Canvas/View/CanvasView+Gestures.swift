import TouchCore

/// What the canvas's own recognizers do (set up in `init`): a double tap
/// clears, a tap selects a line and shows its menu, a long press picks a
/// line up and the pan moves it; and, as their delegate, which touches
/// they take and which may recognize together.
extension CanvasView: GestureRecognizerDelegate {
    func doubleTap() {
        let hadLines = drawing.count > 0
        drawing.clear()
        window?.menuController.hideMenu()
        setNeedsDisplay()
        onChange?()
        if hadLines { onDrawingCleared?() }
    }

    /// With the Select tool, or while lines are selected, a tap is the
    /// selection's (`tapSelection(at:)`); a tap beside a selection with
    /// another tool also selects the line there, as any tap.
    func tap(_ recognizer: GestureRecognizer) {
        let point = recognizer.location(in: self)
        if tool == .select || !drawing.selection.isEmpty, tapSelection(at: point) || tool == .select { return }
        selectLineAndShowMenu(at: point)
    }

    /// What a tap does (and what the app does on a right click): selects the
    /// nearest line within 20 view points of `point` (view coordinates); if
    /// there is one, becomes first responder and shows the menu there,
    /// otherwise hides the menu. Returns whether a line was selected.
    @discardableResult
    public func selectLineAndShowMenu(at point: Point) -> Bool {
        select(nearestLine(toView: point))
        guard let menu = window?.menuController else { return drawing.selectedLineID != nil }
        if drawing.selectedLineID != nil, becomeFirstResponder() {
            // As the book builds it: one custom item, Delete, that sends
            // `deleteLine:`; none of the canvas menu's items.
            menu.menuItems = [MenuItem(title: "Delete", action: Self.deleteLine)] + clipboardMenuItems
            menuPoint = point
            menu.setTargetRect(Rect(origin: point, size: Size(width: 2, height: 2)), in: self)
            menu.setMenuVisible(true, animated: true)
            return true
        }
        if showPasteMenu(at: point) { return false }
        menu.hideMenu()
        return false
    }

    /// The nearest line within the selection radius (view points, whatever
    /// the zoom) of the view point `point`.
    private func nearestLine(toView point: Point) -> LineID? {
        drawing.nearestLine(to: viewport.drawingPoint(fromView: point),
                            within: viewport.drawingDistance(fromView: CanvasMetrics.selectionRadius))
    }

    /// Whether a long press holds a line (to move it): the navigation then
    /// leaves the view where it is.
    var isHoldingLine: Bool {
        drawing.selectedLineID != nil && [.began, .changed].contains(longPressRecognizer.state)
    }

    func longPress(_ recognizer: GestureRecognizer) {
        switch recognizer.state {
        case .began:
            // The Select tool's loop may pause: it picks nothing up.
            guard tool != .select else { return }
            select(nearestLine(toView: recognizer.location(in: self)))
            // The fingers that pick a line up draw nothing more: their lines
            // in progress go, and later moves find no line to extend.
            if drawing.selectedLineID != nil {
                for line in drawing.discardLinesInProgress() { damage(line) }
            }
        case .ended, .cancelled:
            finishMove()
            select(nil)
        case .possible, .changed, .failed:
            break
        }
    }

    /// Moves the selected line by the pan's translation, then zeroes the
    /// translation so each change is applied once. The translation is zeroed
    /// even when nothing moves, so a line picked up mid-pan does not jump.
    ///
    /// Only a line held by the long press moves. SPEC §6 says "when a line is
    /// selected and the menu is hidden", which guards against dragging a line
    /// selected by a tap (the book's "mysterious lines"); but a new finger
    /// hides the menu as it goes down, before the pan begins, so that test
    /// alone would let every stroke drag the tapped line along.
    func moveLine() {
        switch moveRecognizer.state {
        case .began, .changed:
            // At `.began` the line catches up with the finger's first moves
            // (the pan's hysteresis), so it stays under the finger.
            if moveRecognizer.state == .began {
                moveRecognizer.setTranslation(moveRecognizer.translationBeforeBegan(in: self), in: self)
            }
            let offset = viewport.drawingVector(fromView: moveRecognizer.translation(in: self))
            moveRecognizer.setTranslation(.zero, in: self)
            guard let id = drawing.selectedLineID, [.began, .changed].contains(longPressRecognizer.state),
                  window?.menuController.isMenuVisible != true, offset != .zero else { return }
            if !drawing.isUndoGroupOpen { drawing.beginUndoGroup() }
            let (old, new) = drawing.move(id, by: offset)
            damage(old.paintedBounds.union(new.paintedBounds))
        case .ended, .cancelled, .failed:
            finishMove()
        case .possible:
            break
        }
    }

    /// Closes the undo step of a move in progress, if any.
    private func finishMove() {
        guard drawing.isUndoGroupOpen else { return }
        drawing.endUndoGroup()
        onChange?()
    }

    /// The eraser only erases: it never taps, selects, clears or moves. A
    /// press that closed the menu is no tap either (it only closes it).
    /// The second single tap takes a touch only while the first waits.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard touch.kind != .eraser, !touch.closedMenu else { return false }
        return gestureRecognizer !== tapAfterTapRecognizer || tapRecognizer.isAwaitingFailure
    }

    /// A touchpad swipe is no drag: only fingers, pens and the mouse move
    /// lines, and the canvas has nothing to pinch.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldReceive gesture: IndirectGesture) -> Bool {
        false
    }

    /// The pan moves lines while the long press holds them; a stroke held
    /// to straighten goes on under whatever else recognized.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        gestureRecognizer === moveRecognizer || other === moveRecognizer
            || gestureRecognizer === holdRecognizer || other === holdRecognizer
    }
}
