import Render
@testable import Scene
import TouchCore
@testable import TouchTrackerApp

extension AppHarness {
    /// The canvas shows an empty drawing: the empty state's page (issue 36)
    /// and, everywhere around what it says, white paper.
    var showsEmptyCanvas: Bool {
        let page = session.firstWindow.scene.emptyState
        guard !page.isHidden else { return false }
        let measurer = PangoTextMeasurer()
        let placed = page.layout { measurer.size(of: $0, font: $1, wrappedTo: $2) }
        let said = (placed.lines + (placed.icon.map { [$0] } ?? [])).reduce(placed.title) { $0.union($1) }
        let box = page.convert(said, to: nil).inCanvas.insetBy(dx: -2, dy: -2)
        let width = Int(presented.bufferWidth) / Int(scale)
        let pixels = canvasPixels
        guard !pixels.isEmpty else { return false }
        for y in 0..<(pixels.count / Int(presented.bufferWidth) / Int(scale)) {
            for x in 0..<width where !box.contains(Point(x: Double(x), y: Double(y))) {
                if pixel(Double(x), Double(y)) != Colour.white { return false }
            }
        }
        return true
    }
}
