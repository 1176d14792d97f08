/// The edge or corner of the window a press on the resize border drags.
/// The app maps it to the Wayland layer's `xdg_toplevel.resize` edges.
public enum WindowEdge: Hashable, Sendable, CaseIterable {
    case top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
}
