import TouchCore

/// What a held stroke became: the shape as recognized, where the finger
/// was held (on the drawing), and the width it is drawn with.
struct Straightening {
    let touch: ObjectIdentifier
    let shape: StrokeShape
    let hold: Point
    /// The hand-drawn stroke's mean pressure: a light pen stroke stays light.
    let pressure: Double
}

/// Hold to straighten (issue 38, Procreate's QuickShape): a freehand
/// stroke held still at its end for 0.5 s (within 8 points) becomes the
/// shape it approximates (`ShapeRecognizer`: a line, a rectangle, an
/// ellipse or a polyline); while the finger stays down the shape follows
/// it (`StrokeShape.dragged`), and lifting keeps it. A stroke that is no
/// shape stays as drawn: the recognizer fails (`--trace` shows it).
extension CanvasView {
    /// The hold recognizer begins only over a freehand line in progress
    /// that approximates a shape; the shape found waits in `straightening`
    /// for the action.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer === holdRecognizer else { return true }
        straightening = nil
        guard let touch = holdRecognizer.touches.first else { return false }
        let key = ObjectIdentifier(touch)
        guard let line = drawing.linesInProgress[key], let points = line.freehandPoints,
              let shape = ShapeRecognizer.shape(of: points.map(\.location)) else { return false }
        let pressure = points.reduce(0) { $0 + $1.pressure } / Double(points.count)
        straightening = Straightening(touch: key, shape: shape, hold: holdLocation(of: touch),
                                      pressure: FreehandPoint.pressure(from: pressure))
        return true
    }

    /// The hold's action: straightens at `began`, follows the finger at
    /// `changed`; at the end the view's own `touchesEnded` finishes the
    /// line (the shape, one undo step after the line as drawn) or
    /// `touchesCancelled` drops it.
    func holdToStraighten() {
        switch holdRecognizer.state {
        case .began:
            guard let straightening else { return }
            endPrediction(for: straightening.touch)
            show(straightening.shape, for: straightening)
        case .changed:
            guard let straightening, let touch = holdRecognizer.touches.first else { return }
            show(straightening.shape.dragged(from: straightening.hold, by: holdLocation(of: touch) - straightening.hold),
                 for: straightening)
        case .ended, .cancelled, .failed:
            straightening = nil
        case .possible:
            break
        }
    }

    private func show(_ shape: StrokeShape, for straightening: Straightening) {
        let style = drawing.linesInProgress[straightening.touch]?.style ?? strokeStyle
        guard let (old, new) = drawing.straightenLine(for: straightening.touch,
                                                      as: shape.line(style: style, pressure: straightening.pressure))
        else { return }
        damage(old.paintedBounds.union(new.paintedBounds))
    }

    /// Where `touch` is on the drawing.
    private func holdLocation(of touch: Touch) -> Point {
        viewport.drawingPoint(fromView: touch.location(in: self))
    }
}
