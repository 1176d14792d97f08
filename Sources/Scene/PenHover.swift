import Render
import TouchCore
import WaylandClient
import WaylandInput

/// Follows the tablet tools that hover over the canvas (in proximity, not
/// touching) and where, for the hover rings the renderer paints. A ring
/// goes when its tool touches down or leaves, and comes back when it lifts
/// but stays near; each change damages only the old and the new ring.
package final class PenHover {
    /// Whether a point (window coordinates) is on the canvas: the rings
    /// are the canvas's, not the title bar's.
    private let isOnCanvas: (Point) -> Bool
    /// Receives the window rectangles to repaint.
    private let damage: (Rect) -> Void

    private struct ToolState {
        var inProximity = false
        var down = false
    }
    private var tools: [TabletToolKey: ToolState] = [:]
    private var shown: [TabletToolKey: HoverRing] = [:]

    /// The rings to paint now.
    package var rings: [HoverRing] { Array(shown.values) }

    init(isOnCanvas: @escaping (Point) -> Bool, damage: @escaping (Rect) -> Void) {
        self.isOnCanvas = isOnCanvas
        self.damage = damage
    }

    func observe(_ frame: TabletToolFrame) {
        let key = TabletToolKey(frame)
        var state = tools[key] ?? ToolState()
        for event in frame.events {
            switch event {
            case .proximityIn: state.inProximity = true
            case .proximityOut: state = ToolState()
            case .down: state.down = true
            case .up, .cancel: state.down = false
            case .button, .wheel: break
            }
        }
        tools[key] = state.inProximity ? state : nil
        let location = Point(x: frame.axes.x, y: frame.axes.y)
        let ring = state.inProximity && !state.down && isOnCanvas(location) ? HoverRing(center: location) : nil
        guard ring != shown[key] else { return }
        if let old = shown[key] { damage(old.paintedBounds) }
        if let ring { damage(ring.paintedBounds) }
        shown[key] = ring
    }
}
