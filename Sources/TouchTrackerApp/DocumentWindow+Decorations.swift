import Decorations
import Render
import TouchCore
import WaylandClient
import WaylandInput

/// Client-side decorations: where the compositor does not draw a title bar
/// (no `zxdg_decoration_manager_v1`, as on weston and GNOME, or it chose
/// client side), the session shows its own `HeaderBarView` above the canvas,
/// so the window can still be moved, resized, maximized, minimized and
/// closed. Fullscreen windows have no bar; maximized ones no resize border.
/// The pointer shows the resize shape over the border, so users see where
/// a press resizes, and the crosshair over the canvas, where it draws.
///
/// The app draws the bar itself instead of using libdecor: libdecor creates
/// and owns the `xdg_toplevel` (and its configure handling), which the
/// Wayland layer owns here, and it would draw in surfaces of its own outside
/// the app's damage-limited frames.
extension DocumentWindow {
    /// Puts the title bar on the window and wires it to the toplevel.
    func setUpDecorations() {
        // The press a move or resize starts from, noted when it lands on the
        // bar: by the time the drag starts, another press may have come.
        var grab: InteractiveGrab?
        headerBar.onPress = { [unowned self] in grab = seats.latestPress }
        headerBar.onRequest = { [unowned self] request in
            switch request {
            case .move:
                if let grab { toplevel.beginMove(grab) }
            case .resize(let edges):
                if let grab { toplevel.beginResize(grab, edges: Self.resizeEdges(edges)) }
            case .toggleMaximize:
                toplevel.setMaximized(!toplevel.states.contains(.maximized))
            case .minimize:
                toplevel.minimize()
            case .close:
                onClose()
            }
        }
        toplevel.onDecorationModeChange = { [unowned self] _ in layOut() }
        layOut()
    }

    /// Asks for the image of where the pointer entered or last moved to in
    /// `frame`: the seat's pointer keeps it until it moves on.
    func updateCursor(for frame: PointerFrame) {
        let position = frame.events.reversed().lazy.compactMap { event -> Point? in
            switch event {
            case .enter(let x, let y), .motion(let x, let y): return Point(x: x, y: y)
            case .leave, .button, .releasedByLeave, .axis: return nil
            }
        }.first
        guard let position else { return }
        seats.setCursor(cursorShape(at: position), seat: frame.seat)
    }

    /// Asks for the image of where a hovering or drawing tablet tool is
    /// after `frame`, as for the pointer: the crosshair over the canvas.
    func updateCursor(for frame: TabletToolFrame) {
        seats.setToolCursor(cursorShape(at: Point(x: frame.axes.x, y: frame.axes.y)),
                            seat: frame.seat, tool: frame.tool.id)
    }

    /// The resize shape over the bar's resize border (window coordinates),
    /// the crosshair where the canvas itself is under the point (not the
    /// title bar, a dialog, a toast or the playground), the arrow elsewhere.
    private func cursorShape(at point: Point) -> CursorShape {
        if !headerBar.isHidden,
           case .resizeBorder(let edges)? = headerBar.part(at: headerBar.convert(point, from: nil), pointer: true) {
            return .resize(Self.resizeEdges(edges))
        }
        return window.hitTest(point, with: .hitTesting(.pointer)) === canvas ? .crosshair : .arrow
    }

    /// The Wayland layer's name for the edge the bar's border drags.
    static func resizeEdges(_ edge: WindowEdge) -> ResizeEdges {
        switch edge {
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }
}
