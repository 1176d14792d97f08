import TouchCore

/// The title bar the app draws itself where the compositor leaves
/// decorations to clients (weston, GNOME), and the invisible resize border
/// around the window.
///
/// It only decides what a press means and says so through `onRequest`; the
/// app turns requests into `xdg_toplevel` requests. It knows nothing of
/// Wayland or Cairo: `WindowEdge` is its own. A press on the bar
/// and a drag move the window; a double click or double tap toggles
/// maximize; a button acts when released over it; a pointer press near the
/// window's edges resizes it. Fingers near the edges (outside the bar) go to
/// the canvas beneath, so strokes can start at the very edge of a tablet.
///
/// The view covers the bar; its hit area also takes in the window's border
/// (of its superview, the window), which is why it must be the front-most
/// view. It draws itself with `TitleBarPainter`.
public final class TitleBarView: View {
    /// The bar's height in points, before rounding to whole pixels.
    public static let height = 32.0
    /// How far from the window's edges a pointer press resizes.
    static let resizeBorder = 8.0
    /// How far along an edge from a corner a press resizes both ways.
    static let resizeCorner = 16.0
    /// How far a press on the bar moves before the window follows, so a
    /// click that trembles is still a click.
    static let dragThreshold = 3.0
    /// The buttons from the right end of the bar leftwards, each a square of the bar's height.
    static let buttonOrder: [TitleBarAppearance.Button] = [.close, .maximize, .minimize]

    /// What a press on the bar or border means, once it means something.
    public enum Request: Equatable, Sendable {
        /// `xdg_toplevel.move` with the press's seat and serial.
        case move
        /// `xdg_toplevel.resize` from these edges.
        case resize(WindowEdge)
        case toggleMaximize
        case minimize
        case close
    }

    /// What lies under a point.
    public enum Part: Equatable, Sendable {
        case dragArea
        case button(TitleBarAppearance.Button)
        case resizeBorder(WindowEdge)
    }

    /// Called when a press lands on the bar or the border, before any
    /// request it leads to: the moment to note which press it was.
    public var onPress: (() -> Void)?
    public var onRequest: ((Request) -> Void)?

    public var title: String {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }
    /// The window is the active one: drawn as such.
    public var isActive = false {
        didSet { if isActive != oldValue { setNeedsDisplay() } }
    }
    /// A maximized window shows "restore" and has no resize border.
    public var isMaximized = false {
        didSet { if isMaximized != oldValue { setNeedsDisplay() } }
    }
    /// The touch this view follows, and what it is doing.
    private enum Tracking {
        case idle
        /// On the bar, not yet dragged past the threshold.
        case pressedOnBar(Touch, start: Point)
        /// On a button; `inside` while the touch is over it.
        case pressedOnButton(Touch, TitleBarAppearance.Button, inside: Bool)
        /// The compositor took the rest of this touch (move, resize), or it
        /// already did what it meant (maximize on a double tap).
        case done(Touch)
    }
    private var tracking = Tracking.idle {
        didSet { if Self.pressedButton(oldValue) != pressedButton { setNeedsDisplay() } }
    }

    public init(title: String) {
        self.title = title
        super.init(frame: .zero)
    }

    // MARK: Geometry

    /// The bar's height at `scale` buffer pixels per point: `height`
    /// rounded to whole pixels, so the canvas below starts on a pixel row.
    public static func height(scale: Double) -> Double {
        (height * scale).rounded() / scale
    }

    /// Where each button is, in this view's coordinates, right to left.
    public var buttonFrames: [TitleBarAppearance.ButtonFrame] {
        let side = bounds.height
        return Self.buttonOrder.enumerated().map { index, button in
            .init(button, frame: Rect(x: bounds.maxX - side * Double(index + 1), y: bounds.minY,
                                      width: side, height: side))
        }
    }

    /// What is under `point` (this view's coordinates) for a press from a
    /// pointer (`pointer`) or a finger; nil for what is not the bar's.
    public func part(at point: Point, pointer: Bool) -> Part? {
        if bounds.contains(point), let slot = buttonFrames.first(where: { $0.frame.contains(point) }) {
            return .button(slot.button)
        }
        if pointer, let edges = resizeEdges(at: point) {
            return .resizeBorder(edges)
        }
        return bounds.contains(point) ? .dragArea : nil
    }

    /// The edges a press at `point` resizes, or nil away from them (and
    /// always for a maximized window).
    private func resizeEdges(at point: Point) -> WindowEdge? {
        guard !isMaximized, let window = superview else { return nil }
        let inWindow = convert(point, to: window)
        let area = window.bounds
        guard area.contains(inWindow) else { return nil }
        func near(_ distance: Double) -> (left: Bool, right: Bool, top: Bool, bottom: Bool) {
            (inWindow.x < area.minX + distance, inWindow.x >= area.maxX - distance,
             inWindow.y < area.minY + distance, inWindow.y >= area.maxY - distance)
        }
        let edge = near(Self.resizeBorder), corner = near(Self.resizeCorner)
        guard edge.left || edge.right || edge.top || edge.bottom else { return nil }
        // On an edge, the last `resizeCorner` points before a corner take both ways.
        let left = edge.left || ((edge.top || edge.bottom) && corner.left)
        let right = edge.right || ((edge.top || edge.bottom) && corner.right)
        let top = edge.top || ((edge.left || edge.right) && corner.top)
        let bottom = edge.bottom || ((edge.left || edge.right) && corner.bottom)
        switch (left, right, top, bottom) {
        case (true, _, true, _): return .topLeft
        case (true, _, _, true): return .bottomLeft
        case (_, true, true, _): return .topRight
        case (_, true, _, true): return .bottomRight
        case (true, _, _, _): return .left
        case (_, true, _, _): return .right
        case (_, _, true, _): return .top
        case (_, _, _, true): return .bottom
        case (false, false, false, false): return nil
        }
    }

    /// Only a pointer resizes from the border: fingers near the edges go
    /// to the canvas.
    public override func point(inside point: Point, with event: Event?) -> Bool {
        part(at: point, pointer: event?.hitTestedKind == .pointer) != nil
    }

    // MARK: Appearance

    /// The button held down with the press still over it.
    public var pressedButton: TitleBarAppearance.Button? { Self.pressedButton(tracking) }

    private static func pressedButton(_ tracking: Tracking) -> TitleBarAppearance.Button? {
        if case .pressedOnButton(_, let button, true) = tracking { return button }
        return nil
    }

    /// What `TitleBarPainter` draws, in window coordinates.
    public var appearance: TitleBarAppearance {
        let buttons = buttonFrames.map { TitleBarAppearance.ButtonFrame($0.button, frame: convert($0.frame, to: nil)) }
        return TitleBarAppearance(frame: convert(bounds, to: nil), title: title, isActive: isActive,
                                  isMaximized: isMaximized, buttons: buttons, pressedButton: pressedButton)
    }

    /// The bar, drawn in its own coordinates.
    public override func draw(_ rect: Rect, in context: DrawingContext) {
        TitleBarPainter.draw(TitleBarAppearance(frame: bounds, title: title, isActive: isActive,
                                                isMaximized: isMaximized, buttons: buttonFrames,
                                                pressedButton: pressedButton), in: context)
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for touch in touches {
            switch tracking {
            case .pressedOnBar, .pressedOnButton:
                // One press at a time; other fingers on the bar do nothing.
                continue
            case .idle, .done:
                // A touch handed to the compositor may never end here.
                begin(touch)
            }
        }
    }

    private func begin(_ touch: Touch) {
        let location = touch.location(in: self)
        guard let part = part(at: location, pointer: touch.kind == .pointer) else {
            tracking = .idle
            return
        }
        switch part {
        case .button(let button):
            tracking = .pressedOnButton(touch, button, inside: true)
        case .resizeBorder(let edges):
            onPress?()
            tracking = .done(touch)
            onRequest?(.resize(edges))
        case .dragArea where touch.tapCount % 2 == 0:
            // Every second tap of a series: double, quadruple…
            tracking = .done(touch)
            onRequest?(.toggleMaximize)
        case .dragArea:
            onPress?()
            tracking = .pressedOnBar(touch, start: location)
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch tracking {
        case .pressedOnBar(let touch, let start) where touches.contains(touch):
            guard touch.location(in: self).distance(to: start) > Self.dragThreshold else { return }
            tracking = .done(touch)
            onRequest?(.move)
        case .pressedOnButton(let touch, let button, _) where touches.contains(touch):
            let inside = part(at: touch.location(in: self), pointer: false) == .button(button)
            tracking = .pressedOnButton(touch, button, inside: inside)
        case .idle, .pressedOnBar, .pressedOnButton, .done:
            break
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let released = tracking
        tracking = .idle
        guard case .pressedOnButton(_, let button, _) = released,
              part(at: touch.location(in: self), pointer: false) == .button(button) else { return }
        switch button {
        case .close: onRequest?(.close)
        case .maximize: onRequest?(.toggleMaximize)
        case .minimize: onRequest?(.minimize)
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        tracking = .idle
    }

    private var trackedTouch: Touch? {
        switch tracking {
        case .idle: return nil
        case .pressedOnBar(let touch, _), .pressedOnButton(let touch, _, _), .done(let touch): return touch
        }
    }
}
