import Timing
import TouchCore

/// The TouchTracker canvas (SPEC §6): fingers draw straight lines, or
/// freehand ones with the freehand tool (`tool`); a tap
/// selects the nearest line and offers "Delete" in the menu; a double tap
/// clears everything; a long press picks a line up and a pan moves it; the
/// keyboard deletes, deselects, undoes and redoes. An eraser (a touch of
/// kind `.eraser`) erases the whole lines it touches and draws nothing.
///
/// Every change asks for a redraw of just the rectangle it affects
/// (`setNeedsDisplay(_:)` with the lines' painted bounds), and every change to
/// the finished lines calls `onChange` (the app saves the drawing there).
///
/// The view looks at the drawing through `viewport` (issue 23): touches
/// arrive in view points and become drawing points on their way in; lines
/// and their widths scale with the zoom; every distance a person feels
/// (the drag threshold, the tap and selection distances, the eraser's
/// reach, the menu's place) stays in view points. `navigation` pans and
/// zooms it.
public final class CanvasView: View, GestureRecognizerDelegate {
    /// The lines, the selection and the undo history.
    public let drawing: Drawing
    /// Called after each change to the finished lines (drawn, deleted,
    /// moved — once per move, when it ends — cleared, undone, redone).
    public var onChange: (() -> Void)?
    /// Called when a double tap cleared the drawing (not when it was empty
    /// already: nothing to say, nothing to undo).
    public var onDrawingCleared: (() -> Void)?
    /// Called when the selected line was deleted (the menu's Delete, or the key).
    public var onLineDeleted: (() -> Void)?
    /// The clipboard Copy, Cut and Paste use (`CanvasView+Clipboard`); nil: none.
    public var clipboard: CanvasClipboard?
    /// Called when Cut took lines away (how many).
    public var onLinesCut: ((Int) -> Void)?
    /// Where the press that opened the canvas menu was (view coordinates):
    /// the menu's Paste puts the lines there.
    public var menuPoint: Point?
    /// Called when pasted lines did not fit the drawing's limits (how many).
    public var onPasteRefused: ((Int) -> Void)?
    /// Called when a touch begins a stroke (a line, a dot, erasing): what
    /// was said about the last action has had its moment.
    public var onStrokeBegin: (() -> Void)?
    /// What new strokes draw; strokes already begun go on as they began.
    public var tool = DrawingTool.lines
    /// Called when a key picks another tool (the app remembers it).
    public var onToolChange: ((DrawingTool) -> Void)?
    /// The colour and width new strokes draw with (`choose(_:)` changes
    /// it, and the selected line with it).
    public var strokeStyle = StrokeStyle.standard
    /// Called when another colour or width is chosen (the app remembers it).
    public var onStrokeStyleChange: ((StrokeStyle) -> Void)?
    /// Whether strokes in progress show a predicted tip (`TipPredictor`;
    /// see `CanvasView+Prediction`).
    public var predictsTip = true {
        didSet { if !predictsTip { endAllPredictions() } }
    }
    /// Called when the main menu's Prediction turns it on or off (the app
    /// remembers it).
    public var onPredictionChange: ((Bool) -> Void)?
    /// How far ahead the tip is predicted, seconds: the measured input →
    /// on screen latency (capped by the predictor).
    public var predictionHorizon = 1.0 / 60
    /// Each stroke's predictor and predicted tip (a straight piece from its
    /// last real sample, in its colour and width), by touch. Never part of
    /// the drawing.
    var predictors: [ObjectIdentifier: TipPredictor] = [:]
    public internal(set) var predictedTips: [ObjectIdentifier: Line] = [:]
    /// Withdraws the tips when the samples stop coming (a finger at rest
    /// sends nothing).
    var predictionExpiry: TimerHandle?

    /// Presses that closed the canvas menu or a popover (issue 36): where
    /// each went down, on the drawing (with its pressure) and in the view,
    /// until it drags. No gesture sees them: a tap only closed what was
    /// open, a drag draws from where it went down.
    private var closingPresses: [ObjectIdentifier: (start: FreehandPoint, location: Point)] = [:]

    /// Past this many lines changed at once, the whole view is redrawn.
    static let largeChange = 64

    /// A press that moves farther than this (points) is drawing, never a
    /// tap: GTK's default `gtk-dnd-drag-threshold`, 8 logical pixels. A
    /// finger's jitter stays well below it.
    public static let dragThreshold = 8.0

    /// A press held longer than this (seconds) is a dot or a line, never a
    /// tap. Android calls a press a tap only while it is shorter than the
    /// long-press timeout (`ViewConfiguration.getLongPressTimeout()`,
    /// 500 ms), and GTK's `gtk-long-press-time` is 500 ms too; it is also our
    /// long press's minimum duration and the touches' own tap counting
    /// (`Touch.tapCount`), so a press is a tap or a hold, never both.
    public static let maximumTapDuration = 0.5

    /// The fingers of a two- or three-finger tap all go down within this
    /// many seconds of the first: a finger that joins later joins a
    /// drawing, never an undo.
    public static let maximumFingerSpread = 0.15

    /// Two taps: clear everything.
    public let doubleTapRecognizer = TapGestureRecognizer()
    /// One tap, once the double tap has failed: select and show the menu.
    public let tapRecognizer = TapGestureRecognizer()
    /// The same for a tap that comes while `tapRecognizer` still waits for
    /// the double tap to fail (a second tap too far from the first to make
    /// a double tap): `tapRecognizer` takes no new touch while it waits, and
    /// without this one that tap would be nobody's and leave a dot. It only
    /// takes the touches `tapRecognizer` cannot (see
    /// `gestureRecognizer(_:shouldReceive:)`).
    public let tapAfterTapRecognizer = TapGestureRecognizer()
    /// Two fingers tapping together: undo (as in Procreate and Krita).
    public let twoFingerTapRecognizer = TapGestureRecognizer()
    /// Three fingers tapping together: redo.
    public let threeFingerTapRecognizer = TapGestureRecognizer()
    /// Press and hold: pick up the line under the finger.
    public let longPressRecognizer = LongPressGestureRecognizer()
    /// Drag: move the picked-up line (never cancels the view's touches).
    public let moveRecognizer = PanGestureRecognizer()
    /// A freehand stroke held still at its end: straighten it into the
    /// shape it approximates (see `CanvasView+Straightening`).
    public let holdRecognizer = StrokeHoldGestureRecognizer()
    /// The shape the held stroke became and follows, while it is held.
    var straightening: Straightening?

    /// The app's numbers and looks, or the chapter's (`CanvasRules.book`).
    public var rules = CanvasRules.standard {
        didSet { if rules != oldValue { apply(rules) } }
    }
    /// Called when the main menu's Book turned the chapter's rules on
    /// (true) or off (the app remembers it).
    public var onBookRulesChange: ((Bool) -> Void)?

    /// Which part of the drawing the view shows, and how large. A change
    /// redraws the whole view.
    public var viewport = CanvasViewport.actualSize {
        didSet {
            guard viewport != oldValue else { return }
            setNeedsDisplay()
            if viewport.zoom != oldValue.zoom {
                zoomIndicator.show(viewport, centredIn: bounds, timers: window?.timers)
            }
            onViewportChange?(viewport)
        }
    }
    /// Called when the viewport changes (the app shows the zoom and
    /// remembers the view).
    public var onViewportChange: ((CanvasViewport) -> Void)?
    /// Called when the view starts or stops moving (`navigation.isMoving`).
    public var onNavigationMotionChange: ((Bool) -> Void)?
    /// The percentage shown for a moment while the zoom changes.
    public let zoomIndicator = ZoomIndicatorView()
    /// Panning and zooming by fingers, touchpad and wheel.
    public private(set) lazy var navigation = CanvasNavigation(canvas: self)
    /// The Select tool's loops, and dragging, pinching and turning the
    /// selection (issue 38).
    public private(set) lazy var selectionGestures = SelectionGestures(canvas: self)

    public init(frame: Rect, drawing: Drawing = Drawing()) {
        self.drawing = drawing
        super.init(frame: frame)
        // Every finger draws its own line, as the book's BNRDrawView sets
        // multipleTouchEnabled.
        isMultipleTouchEnabled = true

        // Ink first (SPEC §6): the taps never withhold `touchesBegan`, so a
        // finger's dot shows in the first frame after it goes down. A tap
        // that recognizes cancels its touches in the view (the default
        // `cancelsTouchesInView`), which takes its dot away again; its
        // `touchesEnded` is held until then (`delaysTouchesEnded`), so the
        // dot never becomes a finished line. The book delays `touchesBegan`
        // instead, which with a 45 pt tap tolerance swallowed every short
        // stroke.
        for tap in [doubleTapRecognizer, tapRecognizer, tapAfterTapRecognizer, twoFingerTapRecognizer,
                    threeFingerTapRecognizer] {
            tap.allowableMovement = Self.dragThreshold
            tap.maximumPressDuration = Self.maximumTapDuration
        }
        doubleTapRecognizer.name = "doubleTap"
        tapRecognizer.name = "tap"
        tapAfterTapRecognizer.name = "tapAfterTap"
        twoFingerTapRecognizer.name = "twoFingerTap"
        threeFingerTapRecognizer.name = "threeFingerTap"
        longPressRecognizer.name = "longPress"
        moveRecognizer.name = "move"
        doubleTapRecognizer.numberOfTapsRequired = 2
        // A discrete recognizer sends its action only when it recognizes.
        doubleTapRecognizer.addTarget(self, action: Action("doubleTap")) { view, _ in view.doubleTap() }
        addGestureRecognizer(doubleTapRecognizer)

        for tap in [tapRecognizer, tapAfterTapRecognizer] {
            tap.require(toFail: doubleTapRecognizer)
            tap.addTarget(self, action: Action("tap")) { view, recognizer in view.tap(recognizer) }
            addGestureRecognizer(tap)
        }

        // Procreate's two- and three-finger taps (its UndoGesture example):
        // plain taps that need more fingers. Their fingers' dots go when
        // they recognize, as a tap's does; more fingers, a finger that
        // comes late or moves, or a press too long, and they fail, so two
        // fingers dragging still draw two lines. (Beside a canvas pinch
        // they would also `require(toFail:)` it, as Procreate's do.)
        twoFingerTapRecognizer.numberOfTouchesRequired = 2
        threeFingerTapRecognizer.numberOfTouchesRequired = 3
        for tap in [twoFingerTapRecognizer, threeFingerTapRecognizer] {
            tap.maximumTouchDownSpread = Self.maximumFingerSpread
            addGestureRecognizer(tap)
        }
        twoFingerTapRecognizer.addTarget(self, action: Action("twoFingerTap")) { view, _ in view.undo() }
        threeFingerTapRecognizer.addTarget(self, action: Action("threeFingerTap")) { view, _ in view.redo() }

        // A finger held still on empty paper keeps drawing when it moves on:
        // the long press only takes over the fingers that pick a line up
        // (`CanvasRules.standard`; the Book setting's rules cancel, as the
        // chapter's long press does).
        apply(rules)
        longPressRecognizer.addTarget(self, action: Action("longPress")) { view, recognizer in
            view.longPress(recognizer)
        }
        addGestureRecognizer(longPressRecognizer)

        moveRecognizer.cancelsTouchesInView = false
        moveRecognizer.addTarget(self, action: Action("moveLine")) { view, _ in view.moveLine() }
        addGestureRecognizer(moveRecognizer)
        holdRecognizer.name = "holdToStraighten"
        holdRecognizer.addTarget(self, action: Action("straighten")) { view, _ in view.holdToStraighten() }
        addGestureRecognizer(holdRecognizer)
        for recognizer in gestureRecognizers { recognizer.delegate = self }
        // Its recognizers come after the canvas's own.
        _ = navigation
        _ = selectionGestures
        addSubview(zoomIndicator)
    }

    // MARK: Drawing itself

    /// White paper, lines in their own colour, the selected line ringed in
    /// the accent colour with a white gap between ring and line, so the
    /// selection shows on a line of any colour (`CanvasMetrics.selectionGap`,
    /// `selectionRing`). The render layer's `LineStyle` paints the same.
    public static let paperColor = Color.white
    /// The book's red for a line in progress (SPEC §6: the ink still wet).
    public static let wetInkColor = Color.red
    /// The colour `line` is drawn in while in progress: the book's red for
    /// the default black, so the book's look is kept where it can be; its
    /// own colour otherwise, so a person sees the colour they chose as
    /// they draw.
    public static func inProgressColor(of line: Line) -> Color {
        line.style.color == .standard ? wetInkColor : line.style.color.color
    }
    /// GNOME's default accent colour (blue 3).
    public static let selectionColor = PaletteColor.blue.color

    /// Draws the paper and the lines that reach `rect`, each stroked on its
    /// own, in the original app's order: finished, in progress, selected.
    /// The app's renderer draws the canvas from a cache of its finished
    /// lines instead (Render's `CanvasRenderer`), with the same pixels.
    public override func draw(_ rect: Rect, in context: DrawingContext) {
        // Last, over everything, in view coordinates.
        defer { drawSelection(rect, in: context) }
        context.fill(rect, with: Self.paperColor)
        context.saveState()
        defer { context.restoreState() }
        context.concatenate(viewport.transform)
        let rect = viewport.drawingRect(fromView: rect)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        func stroke(_ line: Line, _ color: Color) {
            guard !line.isFreehand else { return fillFreehand(line, color, in: context) }
            strokeCentreLine(line, color, width: line.width)
        }
        func strokeCentreLine(_ line: Line, _ color: Color, width: Double) {
            context.setLineWidth(width)
            context.setStrokeColor(color)
            context.beginPath()
            if let points = line.freehandPoints {
                context.move(to: line.begin)
                for point in points.dropFirst() { context.addLine(to: point.location) }
                if points.count == 1 { context.addLine(to: line.begin) }
            } else {
                context.move(to: line.begin)
                context.addLine(to: line.end)
            }
            context.strokePath()
        }
        let reach = rect.insetBy(dx: -CanvasMetrics.paintReach, dy: -CanvasMetrics.paintReach)
        let selected = drawing.selectedLineID
        for id in drawing.lines(intersecting: reach) where id != selected {
            if let line = drawing[id] { stroke(line, line.style.color.color) }
        }
        for line in drawing.linesInProgress.values where line.paintedBounds.intersects(rect) {
            stroke(line, Self.inProgressColor(of: line))
        }
        for tip in predictedTips.values where tip.paintedBounds.intersects(rect) {
            stroke(tip, Self.inProgressColor(of: tip))
        }
        if let line = drawing.selectedLine, line.paintedBounds.intersects(rect) {
            guard rules.selection == .accentRing else { return stroke(line, CanvasRules.bookSelectionColor) }
            let ring = line.width + 2 * (CanvasMetrics.selectionGap + CanvasMetrics.selectionRing)
            strokeCentreLine(line, Self.selectionColor, width: ring)
            strokeCentreLine(line, Self.paperColor, width: line.width + 2 * CanvasMetrics.selectionGap)
            stroke(line, line.style.color.color)
        }
    }

    /// A freehand line: the union of its capsules' outlines (two discs and
    /// the hull between them, as Render's `FreehandPainter` fills them), in
    /// one fill.
    private func fillFreehand(_ line: Line, _ color: Color, in context: DrawingContext) {
        context.beginPath()
        for index in 0..<line.segmentCount { CapsuleOutline(line.capsule(index)).add(to: context) }
        context.setFillColor(color)
        context.fillPath()
    }

    // MARK: Drawing with fingers

    /// A new line per finger, a dot until it moves: shown at once. An
    /// eraser erases what it lands on. A press that closed a menu or a
    /// popover (`closingPresses`) waits until it drags.
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
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

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
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

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
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

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
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

    // MARK: Gestures

    private func doubleTap() {
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
    private func tap(_ recognizer: GestureRecognizer) {
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

    private func longPress(_ recognizer: GestureRecognizer) {
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
    private func moveLine() {
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

    // MARK: Selection and editing

    /// Selects `id` (or nothing), redrawing the lines whose colour changes.
    private func select(_ id: LineID?) {
        guard id != drawing.selectedLineID else { return }
        if let old = drawing.selectedLine { damage(old) }
        drawing.selectedLineID = id
        if let new = drawing.selectedLine { damage(new) }
    }

    /// Deletes the selected line, if any; returns whether one was deleted.
    @discardableResult
    public func deleteSelectedLine() -> Bool {
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

    func damage(_ line: Line) {
        damage(line.paintedBounds)
    }

    /// Redraws where `rect` (drawing coordinates) shows.
    func damage(_ rect: Rect) {
        setNeedsDisplay(viewport.viewRect(fromDrawing: rect))
    }

    // MARK: Responder

    public override var canBecomeFirstResponder: Bool { true }

    /// The line menu's Delete item (the book's `deleteLine:`).
    public static let deleteLine = Action("deleteLine")

    public override func handler(for action: Action) -> ((Any?) -> Void)? {
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
    public override func validate(_ command: Command) {
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
    public override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
        switch action {
        case .delete: drawing.selectedLineID != nil && !(sender is MenuController)
        case Self.deleteLine: drawing.selectedLineID != nil
        case .copy, .cut, .paste, Self.pasteLines: canPerformClipboardAction(action, withSender: sender)
        case Self.deleteSelection, Self.duplicateSelection: !drawing.selection.isEmpty
        default: super.canPerformAction(action, withSender: sender)
        }
    }

    /// Picks `tool` for the strokes to come; returns whether it changed.
    /// The app's menu and keys call it, and are told through `onToolChange`.
    @discardableResult
    public func choose(_ tool: DrawingTool) -> Bool {
        guard tool != self.tool else { return false }
        self.tool = tool
        onToolChange?(tool)
        return true
    }

    /// Picks `color` for the strokes to come, and gives it to the selected
    /// line, if any (one undoable change). The header bar's colour popover
    /// sends it as `PaletteColor.action` (see `CanvasController`).
    public func choose(_ color: PaletteColor) {
        setStrokeStyle(StrokeStyle(color: color, width: strokeStyle.width))
        restyleSelectedLine { $0.color = color }
        restyleSelection(color: color)
    }

    /// Picks `width` as `choose(_: PaletteColor)` picks a colour: a
    /// selected red line made thick stays red.
    public func choose(_ width: StrokeWidth) {
        setStrokeStyle(StrokeStyle(color: strokeStyle.color, width: width))
        restyleSelectedLine { $0.width = width }
        restyleSelection(width: width)
    }

    private func setStrokeStyle(_ style: StrokeStyle) {
        guard style != strokeStyle else { return }
        strokeStyle = style
        onStrokeStyleChange?(style)
    }

    private func restyleSelectedLine(_ change: (inout StrokeStyle) -> Void) {
        guard let id = drawing.selectedLineID, let line = drawing[id] else { return }
        var style = line.style
        change(&style)
        guard let (old, new) = drawing.restyle(id, to: style) else { return }
        damage(old.paintedBounds.union(new.paintedBounds))
        onChange?()
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
    public override func keyPressed(_ press: KeyPress) -> Bool {
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
