import TouchCore

/// How the Select tool's lasso and the selection it makes are handled by
/// touch, pen and mouse (issue 38): the loops being drawn, the one-finger
/// (pen, mouse) drag of the selection, and the two-finger pinch and turn,
/// which recognize together, as the seeds' gesture tutorial pinches and
/// turns a picture (`shouldRecognizeSimultaneously`).
///
/// Every reshaping gesture places the lines by one transform of where they
/// were when it began (`Drawing.reshapeSelection(by:)`), so a gesture is
/// one undo step and the result does not drift with the number of motions;
/// the lines take their places in the drawing when it ends.
public final class SelectionGestures: GestureRecognizerDelegate {
    private unowned let canvas: CanvasView
    /// Two fingers apart or together: scale the selection about them.
    let pinchRecognizer = PinchGestureRecognizer()
    /// Two fingers turning: turn the selection about them.
    let rotationRecognizer = RotationGestureRecognizer()

    /// The loops being drawn, by touch, in drawing coordinates.
    public private(set) var lassoes: [ObjectIdentifier: Lasso] = [:]
    /// The touch dragging the selection, where it went down (view
    /// coordinates), and the handle it holds (nil: the selection itself).
    private var drag: (touch: ObjectIdentifier, start: Point, grip: SelectionHandles.Grip?)?
    /// A corner handle scales both axes alike while Shift is held, as in
    /// GNOME's image editors; the window knows the keys held with the
    /// pointer's motion (`Window.modifiers`).
    var keepsProportions: Bool { canvas.window?.modifiers.contains(.shift) == true }
    /// Where the two fingers' centroid was when the pinch or the turn
    /// began (drawing coordinates).
    private var twoFingerAnchor: Point?

    init(canvas: CanvasView) {
        self.canvas = canvas
        pinchRecognizer.name = "selectionPinch"
        rotationRecognizer.name = "selectionRotation"
        pinchRecognizer.hysteresis = CanvasView.dragThreshold
        pinchRecognizer.addTarget(self, action: Action("selectionPinch")) { gestures, _ in gestures.twoFingersChanged() }
        rotationRecognizer.addTarget(self, action: Action("selectionRotation")) { gestures, _ in
            gestures.twoFingersChanged()
        }
        for recognizer in [pinchRecognizer, rotationRecognizer] {
            recognizer.delegate = self
            canvas.addGestureRecognizer(recognizer)
        }
    }

    private var drawing: Drawing { canvas.drawing }

    // MARK: One touch: a loop, or a drag

    /// What a touch of the Select tool begins at `point` (drawing
    /// coordinates): on the selection, a drag of it; elsewhere, a loop.
    func touchBegan(_ touch: Touch, at point: Point) {
        let key = ObjectIdentifier(touch)
        let viewPoint = canvas.viewport.viewPoint(fromDrawing: point)
        if drag == nil, !drawing.isReshapingSelection, let bounds = drawing.selectionBounds {
            // Handles are for the mouse and the pen; fingers pinch and turn.
            let grip = touch.kind == .finger ? nil : handles(around: bounds).grip(at: viewPoint)
            if grip != nil || selectionHitArea?.contains(point) == true {
                drawing.beginReshapingSelection()
                drag = (key, viewPoint, grip)
                return
            }
        }
        lassoes[key] = Lasso(points: [point])
    }

    /// Begins a loop for `touch` at `point` (drawing coordinates), wherever
    /// it is: a pen with its barrel button held.
    func beginLoop(for touch: Touch, at point: Point) {
        lassoes[ObjectIdentifier(touch)] = Lasso(points: [point])
    }

    /// Whether `touch` draws a loop or drags the selection.
    func owns(_ touch: Touch) -> Bool {
        let key = ObjectIdentifier(touch)
        return lassoes[key] != nil || drag?.touch == key
    }

    func touchMoved(_ touch: Touch, to point: Point) {
        let key = ObjectIdentifier(touch)
        if let drag, drag.touch == key {
            let viewPoint = canvas.viewport.viewPoint(fromDrawing: point)
            let inView = if let grip = drag.grip {
                SelectionHandles.transform(for: grip, from: drag.start, to: viewPoint,
                                           keepingProportions: keepsProportions)
            } else {
                AffineTransform(translationX: viewPoint.x - drag.start.x, y: viewPoint.y - drag.start.y)
            }
            // From the drawing to the view, the transform there, and back.
            let viewport = canvas.viewport.transform
            canvas.reshapeSelection(by: viewport.concatenating(inView).concatenating(viewport.inverted()))
            return
        }
        guard var lasso = lassoes[key], let last = lasso.points.last else { return }
        lasso.append(point)
        lassoes[key] = lasso
        // The new piece and the closing edge back to the start.
        canvas.damageOutline(through: [last, point, lasso.points[0]])
    }

    /// Ends what the touch did: a loop selects what it holds; a drag is one
    /// change. Returns whether the finished lines changed.
    func touchEnded(_ touch: Touch) -> Bool {
        let key = ObjectIdentifier(touch)
        if let drag, drag.touch == key {
            self.drag = nil
            return canvas.endReshapingSelection()
        }
        guard let lasso = lassoes.removeValue(forKey: key) else { return false }
        canvas.damageOutline(through: lasso.points + [lasso.points[0]])
        canvas.damageSelection()
        drawing.select(lassoedBy: lasso)
        canvas.damageSelection()
        return false
    }

    /// A touch taken away (a tap recognized, two fingers began to pinch):
    /// its loop goes, its drag puts the lines back.
    func touchCancelled(_ touch: Touch) {
        let key = ObjectIdentifier(touch)
        if let drag, drag.touch == key {
            self.drag = nil
            canvas.cancelReshapingSelection()
            return
        }
        if let lasso = lassoes.removeValue(forKey: key) {
            canvas.damageOutline(through: lasso.points + [lasso.points[0]])
        }
    }

    /// The handles of the selection whose lines lie in `bounds` (drawing
    /// coordinates), where they show.
    func handles(around bounds: Rect) -> SelectionHandles {
        SelectionHandles(aroundLinesIn: canvas.viewport.viewRect(fromDrawing: bounds))
    }

    /// Where a touch takes hold of the selection: its box, outset by the
    /// tap's selection radius (in view points, whatever the zoom).
    var selectionHitArea: Rect? {
        guard let bounds = drawing.selectionBounds else { return nil }
        let reach = canvas.viewport.drawingDistance(fromView: CanvasMetrics.selectionRadius)
        return bounds.insetBy(dx: -reach, dy: -reach)
    }

    // MARK: Two fingers: pinch and turn together

    /// The pinch's scale and the turn's angle, about the fingers' centroid,
    /// which the selection also follows as it moves. The first of the two
    /// to begin starts the reshaping; the last to finish ends it.
    private func twoFingersChanged() {
        let active: Set<GestureRecognizer.State> = [.began, .changed]
        let pinching = active.contains(pinchRecognizer.state), turning = active.contains(rotationRecognizer.state)
        // A finger lifted: the lines stay where the last motion put them
        // (the other recognizer, ending in the same frame, would otherwise
        // undo its part for a moment).
        let finished: Set<GestureRecognizer.State> = [.ended, .cancelled]
        guard pinching || turning, !finished.contains(pinchRecognizer.state),
              !finished.contains(rotationRecognizer.state) else { return twoFingersFinished() }
        let centroid = canvas.viewport.drawingPoint(fromView: (pinching ? pinchRecognizer as GestureRecognizer
                                                                         : rotationRecognizer).location(in: canvas))
        if twoFingerAnchor == nil {
            // Two fingers take the selection over from one finger's drag.
            if drag != nil {
                drag = nil
                canvas.cancelReshapingSelection()
            }
            guard !drawing.isReshapingSelection else { return }
            drawing.beginReshapingSelection()
            twoFingerAnchor = centroid
        }
        guard let anchor = twoFingerAnchor else { return }
        // Both measure from the second finger's landing, begun or not yet:
        // the selection catches up with the fingers' first turn (the
        // hysteresis), as a moved line does with a pan's first moves.
        let measuring: Set<GestureRecognizer.State> = [.possible, .began, .changed]
        let transform = Self.twoFingerTransform(
            from: anchor, to: centroid, scale: measuring.contains(pinchRecognizer.state) ? pinchRecognizer.scale : 1,
            rotation: measuring.contains(rotationRecognizer.state) ? rotationRecognizer.rotation : 0)
        canvas.reshapeSelection(by: transform)
    }

    private func twoFingersFinished() {
        let active: Set<GestureRecognizer.State> = [.began, .changed]
        guard twoFingerAnchor != nil, !active.contains(pinchRecognizer.state),
              !active.contains(rotationRecognizer.state) else { return }
        twoFingerAnchor = nil
        if [pinchRecognizer.state, rotationRecognizer.state].allSatisfy({ $0 != .ended }) {
            canvas.cancelReshapingSelection()
        } else if canvas.endReshapingSelection() {
            canvas.onChange?()
        }
    }

    /// Scales by `scale` and turns by `rotation` about `anchor`, then moves
    /// `anchor` to `centroid`: the lines under the fingers stay under them.
    static func twoFingerTransform(from anchor: Point, to centroid: Point, scale: Double,
                                          rotation: Double) -> AffineTransform {
        AffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(AffineTransform(scaleX: scale, y: scale))
            .concatenating(AffineTransform(rotationAngle: rotation))
            .concatenating(AffineTransform(translationX: centroid.x, y: centroid.y))
    }

    // MARK: Delegate

    /// Only fingers on a selection, with the Select tool and fingers
    /// drawing (navigating fingers pinch the view instead).
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        touch.kind == .finger && canvas.tool == .select && !canvas.navigation.fingersNavigate
            && !drawing.selection.isEmpty && !touch.closedMenu
    }

    /// A touchpad's pinch zooms the view, as before.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldReceive gesture: IndirectGesture) -> Bool {
        false
    }

    /// The pinch and the turn go together, as in the tutorial.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        (gestureRecognizer === pinchRecognizer && other === rotationRecognizer)
            || (gestureRecognizer === rotationRecognizer && other === pinchRecognizer)
    }
}
