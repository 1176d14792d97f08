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
public final class CanvasView: View {
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
    var closingPresses: [ObjectIdentifier: (start: FreehandPoint, location: Point)] = [:]

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
    static let maximumTapDuration = 0.5

    /// The fingers of a two- or three-finger tap all go down within this
    /// many seconds of the first: a finger that joins later joins a
    /// drawing, never an undo.
    static let maximumFingerSpread = 0.15

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
    let tapAfterTapRecognizer = TapGestureRecognizer()
    /// Two fingers tapping together: undo (as in Procreate and Krita).
    let twoFingerTapRecognizer = TapGestureRecognizer()
    /// Three fingers tapping together: redo.
    let threeFingerTapRecognizer = TapGestureRecognizer()
    /// Press and hold: pick up the line under the finger.
    let longPressRecognizer = LongPressGestureRecognizer()
    /// Drag: move the picked-up line (never cancels the view's touches).
    let moveRecognizer = PanGestureRecognizer()
    /// A freehand stroke held still at its end: straighten it into the
    /// shape it approximates (see `CanvasView+Straightening`).
    let holdRecognizer = StrokeHoldGestureRecognizer()
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
    var onNavigationMotionChange: ((Bool) -> Void)?
    /// The percentage shown for a moment while the zoom changes.
    let zoomIndicator = ZoomIndicatorView()
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
    static let wetInkColor = Color.red
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
        // A reshaping gesture's lines show where it places them, ringed (`drawSelection`).
        let reshaping = drawing.isReshapingSelection ? drawing.selection : []
        for id in drawing.lines(intersecting: reach) where id != selected && !reshaping.contains(id) {
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

    func damage(_ line: Line) {
        damage(line.paintedBounds)
    }

    /// Redraws where `rect` (drawing coordinates) shows.
    func damage(_ rect: Rect) {
        setNeedsDisplay(viewport.viewRect(fromDrawing: rect))
    }

    // MARK: Overrides
    // Swift cannot override from an extension: each override stays here
    // and hands over to the extension that holds its concern.

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) { beginStrokes(touches) }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) { continueStrokes(touches) }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) { endStrokes(touches) }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { cancelStrokes(touches) }

    public override var canBecomeFirstResponder: Bool { true }

    public override func handler(for action: Action) -> ((Any?) -> Void)? { canvasHandler(for: action) }

    public override func validate(_ command: Command) { validateCanvasCommand(command) }

    public override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
        canPerformCanvasAction(action, withSender: sender)
    }

    public override func keyPressed(_ press: KeyPress) -> Bool { canvasKeyPressed(press) }
}
