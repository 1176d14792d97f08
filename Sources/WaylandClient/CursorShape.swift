/// What the pointer image shows while it is over the window: the arrow, the
/// crosshair of a surface that draws, or the double arrow of the edge or
/// corner a press there would resize.
public enum CursorShape: Hashable, Sendable {
    case arrow
    case crosshair
    case resize(ResizeEdges)

    /// The Xcursor names to look the image up by in the theme, first found
    /// wins: "default" is the freedesktop name of the arrow, "left_ptr" the
    /// older X11 one that older themes (and libwayland-cursor's built-in
    /// images) have; likewise "crosshair" and X11's "cross".
    var themeNames: [String] {
        switch self {
        case .arrow: return ["default", "left_ptr"]
        case .crosshair: return ["crosshair", "cross"]
        case .resize(.top): return ["top_side"]
        case .resize(.bottom): return ["bottom_side"]
        case .resize(.left): return ["left_side"]
        case .resize(.right): return ["right_side"]
        case .resize(.topLeft): return ["top_left_corner"]
        case .resize(.topRight): return ["top_right_corner"]
        case .resize(.bottomLeft): return ["bottom_left_corner"]
        case .resize(.bottomRight): return ["bottom_right_corner"]
        }
    }
}
