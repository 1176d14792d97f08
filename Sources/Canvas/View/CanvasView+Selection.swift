import TouchCore

/// The lasso's selection on the canvas (issue 38): how it shows (each
/// selected line ringed in the accent colour, a dashed box with handles
/// round them all, the loops being drawn dashed), what a tap on it or
/// beside it does, and its menu.
extension CanvasView {
    /// The selection menu's items, in order: what a tap on the selection
    /// offers. Copy and Cut take the whole selection (`linesToCopy`).
    static let selectionMenuItems = [
        MenuItem(title: "Delete", action: CanvasView.deleteSelection),
        MenuItem(title: "Duplicate", action: CanvasView.duplicateSelection),
        MenuItem(title: "Copy", action: .copy),
        MenuItem(title: "Cut", action: .cut),
    ]
    public static let deleteSelection = Action("deleteSelection")
    static let duplicateSelection = Action("duplicateSelection")
    /// How far (view points) a duplicate lands from its original: beside
    /// it, so a person sees there are two.
    static let duplicateOffset = 20.0
    /// Dashes of the loop and the box: on, then off (view points).
    static let dash = (on: 6.0, off: 4.0)
    /// The handles at the box's corners, view points across.
    static let handleSize = SelectionHandles.size

    // MARK: Taps

    /// What a tap does while lines are selected or the Select tool is in
    /// use (view coordinates): on the selection, the selection menu;
    /// elsewhere, the selection ends. Returns whether it showed the menu.
    @discardableResult
    func tapSelection(at point: Point) -> Bool {
        let menu = window?.menuController
        if let area = selectionGestures.selectionHitArea, area.contains(viewport.drawingPoint(fromView: point)),
           becomeFirstResponder() {
            menu?.menuItems = Self.selectionMenuItems
            menu?.setTargetRect(Rect(origin: point, size: Size(width: 2, height: 2)), in: self)
            menu?.setMenuVisible(true, animated: true)
            return true
        }
        deselectAll()
        menu?.hideMenu()
        return false
    }

    /// Ends the selection, redrawing where it showed.
    func deselectAll() {
        guard !drawing.selection.isEmpty else { return }
        damageSelection()
        drawing.deselectAll()
    }

    // MARK: Edits

    /// Deletes the selected lines (one undo step); returns whether any were.
    @discardableResult
    func deleteSelectedLines() -> Bool {
        guard !drawing.selection.isEmpty else { return false }
        damageSelection()
        for line in drawing.removeSelection() { damageLine(line) }
        window?.menuController.hideMenu()
        onChange?()
        onLineDeleted?()
        return true
    }

    /// Duplicates the selected lines beside them and selects the copies.
    @discardableResult
    func duplicateSelectedLines() -> Bool {
        guard !drawing.selection.isEmpty else { return false }
        damageSelection()
        let offset = viewport.drawingDistance(fromView: Self.duplicateOffset)
        let copies = drawing.duplicateSelection(offset: Vector(dx: offset, dy: offset))
        guard !copies.isEmpty else { return false }
        damageSelection()
        window?.menuController.hideMenu()
        onChange?()
        return true
    }

    /// Gives the selected lines `color` or `width` (one undo step).
    func restyleSelection(color: PaletteColor? = nil, width: StrokeWidth? = nil) {
        let changed = drawing.restyleSelection(color: color, width: width)
        guard !changed.isEmpty else { return }
        damage(changed)
        onChange?()
    }

    func selectionHandler(for action: Action) -> ((Any?) -> Void)? {
        switch action {
        case Self.deleteSelection: { [unowned self] _ in deleteSelectedLines() }
        case Self.duplicateSelection: { [unowned self] _ in duplicateSelectedLines() }
        default: nil
        }
    }

    // MARK: Damage

    /// Redraws where lines were and are, and the selection's box where it
    /// was (around the lines as they were) and is.
    func damage(_ changes: [(old: Line, new: Line)]?) {
        guard let changes, let first = changes.first else { return }
        if changes.count > Self.largeChange { return setNeedsDisplay() }
        for (old, new) in changes { damage(old.paintedBounds.union(new.paintedBounds)) }
        damageBox(around: changes.dropFirst().reduce(first.old.bounds) { $0.union($1.old.bounds) })
        damageSelection()
    }

    /// Redraws the selection of a reshaping gesture where it showed, placed
    /// by `before`, and where it shows, placed by `after` (the gesture
    /// still going on); `lines` are its lines where the gesture found them.
    func damageReshaping(_ lines: [(id: LineID, line: Line)], from before: AffineTransform?,
                         to after: AffineTransform) {
        guard let before, !lines.isEmpty else { return }
        for transform in [before, after] {
            if let box = drawing.selectionBounds(placedBy: transform) { damageBox(around: box) }
        }
        if lines.count <= Self.largeChange {
            for (_, line) in lines {
                damage(line.transformed(by: before).paintedBounds.union(line.transformed(by: after).paintedBounds))
            }
            return
        }
        // Many lines: the box of their paint, moved both ways.
        for transform in [before, after] {
            if let area = drawing.selectionPaintBounds(placedBy: transform) { damage(area) }
        }
    }

    /// Ends the gesture reshaping the selection: the lines take their
    /// places in the drawing, drawn exactly where the gesture showed them
    /// moved. Returns whether any moved.
    func endReshapingSelection() -> Bool {
        guard let lines = drawing.reshapingLines else { return false }
        let placed = drawing.reshapeTransform
        damageReshaping(lines, from: placed, to: placed)
        return drawing.endReshapingSelection()
    }

    /// Ends the gesture reshaping the selection, leaving the lines where it
    /// found them.
    func cancelReshapingSelection() {
        guard let lines = drawing.reshapingLines else { return }
        damageReshaping(lines, from: drawing.reshapeTransform, to: .identity)
        drawing.cancelReshapingSelection()
    }

    /// Places the selection of the reshaping gesture at `transform` of
    /// where the gesture found it; refused (the lines stay) when a line
    /// would leave the plane.
    func reshapeSelection(by transform: AffineTransform) {
        guard let lines = drawing.reshapingLines, transform != drawing.reshapeTransform else { return }
        damageReshaping(lines, from: drawing.reshapeSelection(by: transform), to: transform)
    }

    func damageLine(_ line: Line) {
        damage(line.paintedBounds)
    }

    /// Redraws the selection's box, handles and rings.
    /// Redraws the box where it stood around `lines` (an undo moved them
    /// back), and where it stands now.
    func damageSelectionBox(around lines: [Line]) {
        if let first = lines.first { damageBox(around: lines.dropFirst().reduce(first.bounds) { $0.union($1.bounds) }) }
        damageSelection()
    }

    func damageSelection() {
        if let bounds = drawing.selectionBounds { damageBox(around: bounds) }
    }

    /// Redraws the box (and its handles) around lines whose points lie in `bounds`.
    private func damageBox(around bounds: Rect) {
        // The rings reach as far as the lines do; the box stands off them by as much in view points.
        let reach = CanvasMetrics.paintReach
            + viewport.drawingDistance(fromView: CanvasMetrics.paintReach + SelectionHandles.turnHandleOffset
                                       + Self.handleSize)
        damage(bounds.insetBy(dx: -reach, dy: -reach))
    }

    /// Redraws a dashed outline through `points` (drawing coordinates).
    func damageOutline(through points: [Point]) {
        guard var box = points.first.map({ Rect(origin: $0, size: .zero) }) else { return }
        for point in points.dropFirst() { box = box.union(Rect(origin: point, size: .zero)) }
        let reach = viewport.drawingDistance(fromView: 3)
        damage(box.insetBy(dx: -reach, dy: -reach))
    }

    // MARK: Drawing

    /// Paints the selection over the lines in `rect` (view coordinates):
    /// each selected line ringed (unless `ringingLines` is false: the
    /// app's renderer shows the rings of a moving selection from pixels it
    /// cached, `drawSelectedLines`), the dashed box with a handle at each
    /// corner, and the loops being drawn. The app's renderer calls it too.
    public func drawSelection(_ rect: Rect, in context: DrawingContext, ringingLines: Bool = true) {
        context.saveState()
        defer { context.restoreState() }
        context.setLineCap(.round)
        context.setLineJoin(.round)
        if let bounds = drawing.selectionBounds {
            let drawingRect = viewport.drawingRect(fromView: rect)
                .insetBy(dx: -CanvasMetrics.paintReach, dy: -CanvasMetrics.paintReach)
            context.saveState()
            context.concatenate(viewport.transform)
            if ringingLines {
                for (_, line) in drawing.placedSelectedLines
                where line.bounds.insetBy(dx: -0.5, dy: -0.5).intersects(drawingRect) {
                    ring(line, in: context)
                }
            }
            context.restoreState()
            let handles = selectionGestures.handles(around: bounds)
            let corners = handles.corners
            strokeDashed(corners + [corners[0]], in: context)
            // The turning handle: a disc on a stem above the top edge.
            context.setStrokeColor(Self.selectionColor)
            context.setLineWidth(1.5)
            context.beginPath()
            context.move(to: Point(x: handles.box.midX, y: handles.box.minY))
            context.addLine(to: handles.turnHandle)
            context.strokePath()
            context.setFillColor(Self.selectionColor)
            context.beginPath()
            context.addCircle(center: handles.turnHandle, radius: Self.handleSize / 2 + 1)
            context.fillPath()
            context.setFillColor(Self.paperColor)
            context.setStrokeColor(Self.selectionColor)
            context.setLineWidth(1.5)
            for corner in corners {
                let half = Self.handleSize / 2
                context.beginPath()
                context.addRect(Rect(x: corner.x - half, y: corner.y - half, width: Self.handleSize,
                                     height: Self.handleSize))
                context.fillPath()
                context.beginPath()
                context.addRect(Rect(x: corner.x - half, y: corner.y - half, width: Self.handleSize,
                                     height: Self.handleSize))
                context.strokePath()
            }
        }
        for lasso in selectionGestures.lassoes.values where lasso.points.count > 1 {
            let points = lasso.points.map(viewport.viewPoint(fromDrawing:))
            strokeDashed(points + [points[0]], in: context)
        }
    }

    /// Paints `lines` (drawing coordinates) ringed, as the selection shows
    /// them, on `context`, whose user space is the view's: what the app's
    /// renderer caches of a selection while a gesture moves it.
    public func drawSelectedLines(_ lines: [(id: LineID, line: Line)], in context: DrawingContext) {
        context.saveState()
        defer { context.restoreState() }
        context.setLineCap(.round)
        context.setLineJoin(.round)
        context.concatenate(viewport.transform)
        for (_, line) in lines { ring(line, in: context) }
    }

    /// The accent ring, the white gap and the line again, as the selected
    /// line of a tap shows.
    private func ring(_ line: Line, in context: DrawingContext) {
        let gap = line.width + 2 * CanvasMetrics.selectionGap
        for (width, color) in [(gap + 2 * CanvasMetrics.selectionRing, Self.selectionColor), (gap, Self.paperColor)] {
            context.setLineWidth(width)
            context.setStrokeColor(color)
            context.beginPath()
            context.move(to: line.begin)
            if let points = line.freehandPoints, points.count > 1 {
                for point in points.dropFirst() { context.addLine(to: point.location) }
            } else {
                context.addLine(to: line.end)
            }
            context.strokePath()
        }
        if line.isFreehand {
            context.beginPath()
            for index in 0..<line.segmentCount { CapsuleOutline(line.capsule(index)).add(to: context) }
            context.setFillColor(line.style.color.color)
            context.fillPath()
        } else {
            context.setLineWidth(line.width)
            context.setStrokeColor(line.style.color.color)
            context.beginPath()
            context.move(to: line.begin)
            context.addLine(to: line.end)
            context.strokePath()
        }
    }

    /// A dashed path through `points` (view coordinates): the accent
    /// colour's dashes over white, so it shows on any line.
    private func strokeDashed(_ points: [Point], in context: DrawingContext) {
        // Whole points wide, so a horizontal or vertical dash fills its pixels.
        context.setLineWidth(4)
        context.setStrokeColor(Self.paperColor)
        context.beginPath()
        for (index, point) in points.enumerated() {
            if index == 0 { context.move(to: point) } else { context.addLine(to: point) }
        }
        context.strokePath()
        context.setLineWidth(2)
        context.setStrokeColor(Self.selectionColor)
        context.beginPath()
        for (start, end) in Dashes.pieces(along: points, on: Self.dash.on, off: Self.dash.off) {
            context.move(to: start)
            context.addLine(to: end)
        }
        context.strokePath()
    }
}
