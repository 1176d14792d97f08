import TouchCore

/// Drawing with fingers, pens and the mouse: each touch the gestures leave
/// to the view begins, extends and finishes a stroke (a line, a dot,
/// erasing, or the Select tool's loop). The view's `touches…` overrides
/// hand their touches here.
extension CanvasView {
    /// A new line per finger, a dot until it moves: shown at once. An
    /// eraser erases what it lands on. A press that closed a menu or a
    /// popover (`closingPresses`) waits until it drags.
    func beginStrokes(_ touches: Set<Touch>) {
        // Any new contact catches a gliding paper before its first point is
        // placed: a stroke's points are where they were on the drawing when
        // they came, so a pen's straight drag is not bent by the glide.
        navigation.stopFling()
        for touch in touches.inOrderOfBeginning {
            if touch.kind == .finger, navigation.fingersNavigate { continue }
            if closedAMenuOrPopover(touch) {
                // The ring goes with the line's menu: one thing to close.
                if touch.closedMenu { select(nil) }
                closingPresses[ObjectIdentifier(touch)] = (freehandPoint(of: touch), touch.location(in: self))
                continue
            }
            beginStroke(for: touch, at: freehandPoint(of: touch))
        }
    }

    /// Starts what `touch` does from `start` (drawing coordinates): a line
    /// with the tool in use, or erasing for an eraser.
    private func beginStroke(for touch: Touch, at start: FreehandPoint) {
        onStrokeBegin?()
        let point = start.location
        if touch.kind == .eraser {
            drawing.beginErasing(for: ObjectIdentifier(touch))
            erase(for: touch, from: point, to: point)
            return
        }
        // A pen with its barrel button held lassoes, whatever the tool (Xournal++'s convention).
        if touch.barrelButtonHeld { return selectionGestures.beginLoop(for: touch, at: point) }
        switch tool {
        case .lines:
            drawing.beginLine(for: ObjectIdentifier(touch), at: point, style: strokeStyle)
            damage(Line(begin: point, end: point))
        case .freehand:
            guard drawing.freehandPointCount < Drawing.pointLimit else { return }
            damage(drawing.beginFreehand(for: ObjectIdentifier(touch), at: start, style: strokeStyle))
        case .select:
            return selectionGestures.touchBegan(touch, at: point)
        }
        predict(for: touch)
    }

    /// Whether `touch` closed the canvas menu, or a popover that passed
    /// it on (it was hit-tested on another view): a tap only closes
    /// either, a drag draws (issue 36).
    private func closedAMenuOrPopover(_ touch: Touch) -> Bool {
        touch.closedMenu || touch.view.map { !$0.isDescendant(of: self) } ?? true
    }

    /// Whether a closing press has dragged (any other press has): it then
    /// begins its stroke where it went down, and moves on as any stroke.
    private func closingPressDragged(_ touch: Touch) -> Bool {
        let key = ObjectIdentifier(touch)
        guard let press = closingPresses[key] else { return true }
        guard touch.location(in: self).distance(to: press.location) > Self.dragThreshold else { return false }
        closingPresses[key] = nil
        beginStroke(for: touch, at: press.start)
        return true
    }

    func continueStrokes(_ touches: Set<Touch>) {
        var finished = false
        for touch in touches.inOrderOfBeginning {
            let key = ObjectIdentifier(touch)
            guard closingPressDragged(touch) else { continue }
            if selectionGestures.owns(touch) {
                selectionGestures.touchMoved(touch, to: drawingLocation(of: touch))
                continue
            }
            if drawing.isErasing(for: key) {
                erase(for: touch, from: viewport.drawingPoint(fromView: touch.previousLocation(in: self)),
                      to: drawingLocation(of: touch))
                continue
            }
            // A straightened line follows the hold's recognizer, not each point.
            if drawing.isStraightened(key) { continue }
            if drawing.linesInProgress[key]?.isFreehand == true {
                if extendFreehand(for: touch) { finished = true }
                predict(for: touch)
                continue
            }
            guard let (old, new) = drawing.extendLine(for: key, to: drawingLocation(of: touch)) else { continue }
            damage(old.paintedBounds.union(new.paintedBounds))
            predict(for: touch)
        }
        if finished { onChange?() }
    }

    /// Adds the touch's new point to its freehand line, damaging only the
    /// new piece. A line that reached `Drawing.strokePointLimit` is
    /// finished and the stroke goes on as a new line from its last point
    /// (returns true: the finished lines changed); once the drawing holds
    /// `Drawing.pointLimit` points, strokes stop growing.
    private func extendFreehand(for touch: Touch) -> Bool {
        let key = ObjectIdentifier(touch)
        guard drawing.freehandPointCount < Drawing.pointLimit else { return false }
        var split = false
        if let line = drawing.linesInProgress[key], line.freehandPointCount >= Drawing.strokePointLimit,
           let last = line.freehandPoints?.last, let id = drawing.finishLine(for: key) {
            damage(drawing[id]!)
            drawing.beginFreehand(for: key, at: last, style: line.style)
            split = true
        }
        if let rect = drawing.extendFreehand(for: key, to: freehandPoint(of: touch)) { damage(rect) }
        return split
    }

    /// Where a touch is, with its pressure (full for fingers and the mouse).
    private func freehandPoint(of touch: Touch) -> FreehandPoint {
        FreehandPoint(drawingLocation(of: touch), pressure: FreehandPoint.pressure(from: touch.pressure))
    }

    /// Where a touch is on the drawing.
    private func drawingLocation(of touch: Touch) -> Point {
        viewport.drawingPoint(fromView: touch.location(in: self))
    }

    func endStrokes(_ touches: Set<Touch>) {
        var finished = false
        for touch in touches.inOrderOfBeginning {
            // A closing press that never dragged was a tap: it only closed the menu or popover.
            if closingPresses.removeValue(forKey: ObjectIdentifier(touch)) != nil { continue }
            if selectionGestures.owns(touch) {
                if selectionGestures.touchEnded(touch) { finished = true }
                continue
            }
            if drawing.isErasing(for: ObjectIdentifier(touch)) {
                if drawing.finishErasing(for: ObjectIdentifier(touch)) { finished = true }
                continue
            }
            endPrediction(for: ObjectIdentifier(touch))
            guard let id = drawing.finishLine(for: ObjectIdentifier(touch)) else { continue }
            damage(drawing[id]!)
            finished = true
        }
        if finished { onChange?() }
    }

    func cancelStrokes(_ touches: Set<Touch>) {
        for touch in touches.inOrderOfBeginning {
            closingPresses[ObjectIdentifier(touch)] = nil
            selectionGestures.touchCancelled(touch)
            endPrediction(for: ObjectIdentifier(touch))
            if let line = drawing.discardLine(for: ObjectIdentifier(touch)) { damage(line) }
            for line in drawing.cancelErasing(for: ObjectIdentifier(touch)) { damage(line) }
        }
    }

    /// Erases along the eraser's path; a selected line that goes takes its
    /// menu with it.
    private func erase(for touch: Touch, from: Point, to: Point) {
        let hadSelection = drawing.selectedLineID != nil
        let erased = drawing.erase(for: ObjectIdentifier(touch), from: from, to: to,
                                   radius: viewport.drawingDistance(fromView: CanvasMetrics.eraserRadius))
        for line in erased { damage(line) }
        if hadSelection, drawing.selectedLineID == nil { window?.menuController.hideMenu() }
    }
}
