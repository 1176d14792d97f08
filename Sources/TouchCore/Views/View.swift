/// A rectangle of the window that draws and receives touches (UIView).
///
/// Geometry follows UIKit: `center` (in the superview), `bounds` (its own
/// coordinate space; a non-zero origin scrolls the content) and `transform`
/// (applied about the center) are stored; `frame` is derived from them.
/// Changing any of them, visibility or the view tree marks the affected area
/// of the window as damaged, so the renderer redraws it.
open class View: Responder {
    /// Where the view's center lies in its superview's coordinates.
    public var center: Point {
        get { storedCenter }
        set { changeGeometry { storedCenter = newValue } }
    }

    /// The view's own coordinate space. Changing the size calls
    /// `layoutSubviews()` right away.
    public var bounds: Rect {
        get { storedBounds }
        set { changeGeometry { storedBounds = newValue } }
    }

    /// Applied about the center when drawing and converting coordinates.
    public var transform: AffineTransform {
        get { storedTransform }
        set { changeGeometry { storedTransform = newValue } }
    }

    private var storedCenter: Point
    private var storedBounds: Rect
    private var storedTransform = AffineTransform.identity

    /// A hidden view is not drawn and receives no touches; nor do its subviews.
    public var isHidden = false {
        willSet { invalidateInSuperview() }
        didSet { invalidateInSuperview() }
    }

    /// Opacity from 0 to 1. Below 0.01 the view no longer receives touches.
    public var alpha: Double = 1 {
        willSet { invalidateInSuperview() }
        didSet { invalidateInSuperview() }
    }

    /// When false, touches pass through the view and its subviews to what
    /// lies behind them.
    public var isUserInteractionEnabled = true

    /// When false (the default, as UIKit's `isMultipleTouchEnabled`), the
    /// view's own touch methods get only the first of the touches down on it
    /// at once: a finger that lands on it while another is down reaches its
    /// gesture recognizers, but never its `touchesBegan`…`touchesCancelled`.
    /// A view that follows several fingers (the canvas, as the book's
    /// `BNRDrawView`) sets it to true.
    public var isMultipleTouchEnabled = false

    /// When true, while a touch is down on this view no other view of the
    /// window gets touch messages for a new touch, and this view gets none
    /// for a touch that lands while another view has one (UIKit's
    /// `isExclusiveTouch`). Default false. As with `isMultipleTouchEnabled`,
    /// gesture recognizers still see such a touch.
    var isExclusiveTouch = false

    /// Filled over the bounds before `draw(_:in:)`; nil (the default)
    /// fills nothing, so what lies behind shows.
    public var backgroundColor: Color? {
        didSet { if backgroundColor != oldValue { setNeedsDisplay() } }
    }

    /// Whether subviews are clipped to the bounds too; a view's own
    /// drawing always is. Default false, as in UIKit.
    public var clipsToBounds = false {
        willSet { invalidateInSuperview() }
        didSet { invalidateInSuperview() }
    }

    /// True from `setNeedsDisplay` until the window's damage is taken for
    /// drawing.
    var needsDisplay = false

    public private(set) weak var superview: View?
    /// Back to front: the last subview is drawn on top and hit-tested first.
    private(set) var subviews: [View] = []
    /// The recognizers attached to this view, in the order they were added.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The controller whose `view` this is; it follows the view in the
    /// responder chain.
    weak var viewController: ViewController?

    public init(frame: Rect) {
        let frame = frame.standardized
        storedCenter = frame.center
        storedBounds = Rect(origin: .zero, size: frame.size)
        super.init()
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    /// The view's rectangle in its superview's coordinates: the bounding box
    /// of its bounds after the transform. Setting it sets `center` and
    /// `bounds.size` (as for UIView, setting it with a non-identity transform
    /// gives a size before the transform).
    public var frame: Rect {
        get {
            let local = Rect(x: -bounds.width / 2, y: -bounds.height / 2,
                             width: bounds.width, height: bounds.height)
            return local.applying(transform).offsetBy(dx: center.x, dy: center.y)
        }
        set {
            let frame = newValue.standardized
            changeGeometry {
                storedCenter = frame.center
                storedBounds.size = frame.size
            }
        }
    }

    /// The window this view is in (a window is its own window), or nil.
    public var window: Window? {
        var root = self
        while let parent = root.superview { root = parent }
        return root as? Window
    }

    // MARK: Responder chain

    /// The view controller owning this view, else the superview.
    open override var next: Responder? {
        viewController ?? superview
    }

    override var windowForFirstResponder: Window? { window }

    // MARK: Hit-testing

    /// Views with an alpha below this receive no touches (SPEC §2).
    static let minimumHitTestAlpha = 0.01

    /// The deepest visible, interactive view containing `point` (in this
    /// view's coordinates), or nil. A hidden view, one with user interaction
    /// disabled or one nearly transparent returns nil, as does a point
    /// outside `point(inside:with:)`. Subviews are asked front-most first;
    /// if none is hit, the view itself is the answer.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha >= View.minimumHitTestAlpha,
              self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convertFromSuperview(point), with: event) {
                return hit
            }
        }
        return self
    }

    /// Whether `point` (in this view's coordinates) counts as inside the
    /// view for hit-testing; the bounds by default. Override for a custom
    /// shape or a larger touch area.
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    // MARK: View tree

    public func addSubview(_ view: View) {
        insertSubview(view, at: view.superview === self ? subviews.count - 1 : subviews.count)
    }

    /// Inserts `view` at `index` of `subviews` (0 is the back), taking it
    /// out of its previous superview first.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "a view cannot contain itself")
        let oldWindow = view.window
        let movesWithinSelf = view.superview === self
        view.detachFromSuperview()
        precondition(index >= 0 && index <= subviews.count, "subview index out of range")
        subviews.insert(view, at: index)
        view.superview = self
        view.invalidateInSuperview()
        subviewsDidChange()
        if !movesWithinSelf { view.didMoveToSuperview() }
        view.windowDidChange(from: oldWindow)
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        precondition(sibling.superview === self, "the sibling must be a subview")
        insertSubview(view, at: position(after: sibling, moving: view))
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        precondition(sibling.superview === self, "the sibling must be a subview")
        insertSubview(view, at: position(after: sibling, moving: view) - 1)
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count - 1)
    }

    func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Takes the view out of the tree; touches it owns keep reaching it.
    public func removeFromSuperview() {
        guard superview != nil else { return }
        let oldWindow = window
        detachFromSuperview()
        didMoveToSuperview()
        windowDidChange(from: oldWindow)
    }

    /// True for the view itself and for any view below `view` in the tree.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Called after the view got a new superview (or none).
    func didMoveToSuperview() {}

    /// Called after the view (or an ancestor) moved into or out of a window.
    open func didMoveToWindow() {}

    /// Lays out subviews; called whenever the bounds size changes. The
    /// default does nothing.
    open func layoutSubviews() {}

    /// Called after `subviews` changed (the window keeps its menu on top).
    func subviewsDidChange() {}

    /// Called when the bounds size changed, before `layoutSubviews()`.
    func boundsSizeDidChange() {}

    /// The index `view` needs to land right after `sibling`, given that it
    /// may currently sit before it in `subviews`.
    private func position(after sibling: View, moving view: View) -> Int {
        precondition(view !== sibling, "a view cannot be placed next to itself")
        let siblingIndex = subviews.firstIndex { $0 === sibling }!
        let viewIndex = view.superview === self ? subviews.firstIndex { $0 === view } : nil
        if let viewIndex, viewIndex < siblingIndex { return siblingIndex }
        return siblingIndex + 1
    }

    private func detachFromSuperview() {
        guard let superview else { return }
        invalidateInSuperview()
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        superview.subviewsDidChange()
    }

    private func windowDidChange(from oldWindow: Window?) {
        let newWindow = window
        guard oldWindow !== newWindow else { return }
        // Recognizers of this subtree that are taking part in the old
        // window's gestures no longer belong there.
        oldWindow?.gestureEnvironment.viewsDidLeaveWindow()
        if let oldWindow, let responder = oldWindow.firstResponder,
           responder.windowForFirstResponder !== oldWindow {
            // The first responder left with this subtree: a window's first
            // responder is always inside it.
            oldWindow.setFirstResponder(nil)
        }
        notifyDidMoveToWindow()
    }

    private func notifyDidMoveToWindow() {
        didMoveToWindow()
        for subview in subviews { subview.notifyDidMoveToWindow() }
    }

    // MARK: Gesture recognizers

    /// Attaches `recognizer`, taking it from the view it was on first.
    /// Adding it twice has no effect.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        gestureRecognizers.remove(at: index)
        recognizer.view = nil
    }

    // MARK: Drawing

    /// Draws the view's own content (UIView.draw(_:)): `rect` is the part of
    /// the bounds to redraw, and `context` draws in the view's coordinates,
    /// clipped to its bounds and to what is being redrawn. Subviews are
    /// drawn after it, over it. The default draws nothing (the background
    /// colour, if any, is already filled).
    ///
    /// Called by `ViewDrawingPass`, never directly: ask for it with
    /// `setNeedsDisplay`.
    open func draw(_ rect: Rect, in context: DrawingContext) {}

    /// Maps this view's coordinates to its superview's: bounds about their
    /// middle, the transform, then the center.
    var transformToSuperview: AffineTransform {
        AffineTransform(translationX: -bounds.midX, y: -bounds.midY)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }

    /// What the view and its visible subviews draw on, in its own
    /// coordinates: its bounds, and unless it clips them, its subviews'
    /// (as bounding boxes under their transforms).
    func drawnBounds() -> Rect {
        var area = bounds
        guard !clipsToBounds else { return area }
        for subview in subviews where !subview.isHidden {
            area = area.union(subview.rectInSuperview(subview.drawnBounds()))
        }
        return area
    }

    /// `rect` (this view's coordinates) in the superview's: the bounding
    /// box under the transform.
    func rectInSuperview(_ rect: Rect) -> Rect {
        if transform.isIdentity { return rect.offsetBy(dx: center.x - bounds.midX, dy: center.y - bounds.midY) }
        return rect.applying(transformToSuperview)
    }

    /// Asks for the whole view to be redrawn.
    public func setNeedsDisplay() {
        setNeedsDisplay(bounds)
    }

    /// Asks for `rect` (in this view's coordinates) to be redrawn: the
    /// window adds it, in window coordinates, to its damage.
    public func setNeedsDisplay(_ rect: Rect) {
        needsDisplay = true
        invalidate(rect)
    }

    /// Adds `rect` (in this view's coordinates), clipped to the window, to
    /// the window's damage.
    func invalidate(_ rect: Rect) {
        guard let window else { return }
        let damage = convert(rect, to: nil).intersection(window.bounds)
        if !damage.isEmpty { window.addDamage(damage) }
    }

    /// Applies a change of center, bounds or transform: damages the area
    /// the view covered and now covers, and lays out subviews when the size
    /// changed.
    private func changeGeometry(_ change: () -> Void) {
        let oldSize = storedBounds.size
        invalidateInSuperview()
        change()
        invalidateInSuperview()
        if storedBounds.size != oldSize {
            boundsSizeDidChange()
            layoutSubviews()
        }
    }

    /// Damages the area the view covers, subviews included: in the
    /// superview, the bounding box of what it draws under its transform.
    private func invalidateInSuperview() {
        let area = subviews.isEmpty ? bounds : drawnBounds()
        if let superview {
            superview.invalidate(rectInSuperview(area))
        } else {
            invalidate(area)
        }
    }
}
