import TouchCore

/// Moving around the canvas by command: the keys (Ctrl+plus and Ctrl+minus
/// zoom about the centre, Ctrl+0 fits the drawing, Ctrl+1 shows it at
/// 100 %), the menus' Fit and 100 %, and the wheel.
extension CanvasView {
    /// Shows the whole drawing (the header bar's zoom readout offers it);
    /// validated, its command's value is the zoom as read: "150%".
    public static let zoomToFitAction = Action("zoomToFit")
    /// Shows the drawing at 100 %.
    public static let zoomToActualSizeAction = Action("zoomToActualSize")

    /// How much one Ctrl+plus or Ctrl+minus zooms: a quarter, so four
    /// presses go from 100 % to about 250 %.
    static let zoomStep = 1.25

    /// The centre of the view, in view points.
    private var viewCentre: Point { Point(x: bounds.width / 2, y: bounds.height / 2) }

    /// Zooms by `factor` about `anchor` (view points; the centre when nil).
    public func zoom(by factor: Double, about anchor: Point? = nil) {
        viewport = viewport.zoomed(by: factor, about: anchor ?? viewCentre)
    }

    /// 100 %, keeping the drawing point at the centre where it is.
    func zoomToActualSize() {
        viewport = viewport.zoomed(to: 1, about: viewCentre)
    }

    /// Shows the whole drawing, as large as fits but never past 100 %: a
    /// small sketch is shown centred at its real size, not blown up to
    /// fill the window (an empty drawing: 100 % at its origin).
    func zoomToFit() {
        guard let extent = drawing.bounds else {
            viewport = .actualSize
            return
        }
        let reach = CanvasMetrics.paintReach
        viewport = .fitting(extent.insetBy(dx: -reach, dy: -reach), in: bounds.size, largestZoom: 1)
    }

    /// The navigation started or stopped moving the view: at rest the
    /// renderer draws sharp again.
    func navigationMotionChanged() {
        setNeedsDisplay()
        onNavigationMotionChange?(navigation.isMoving)
    }

    /// Ctrl+plus (or Ctrl+=, the same key unshifted), Ctrl+minus, Ctrl+0
    /// and Ctrl+1; returns whether `press` was one of them.
    func navigationKeyPressed(_ press: KeyPress) -> Bool {
        guard case .character(let text) = press.key, press.modifiers.contains(.control),
              !press.modifiers.contains(.alt) else { return false }
        switch text {
        case "+", "=": zoom(by: Self.zoomStep)
        case "-", "_": zoom(by: 1 / Self.zoomStep)
        case "0", ")": zoomToFit()
        case "1", "!": zoomToActualSize()
        default: return false
        }
        return true
    }
}
