import WaylandClient
import WaylandInput

/// One tablet tool of one seat: tool ids are only unique per seat.
struct TabletToolKey: Hashable {
    var seat: String
    var tool: Int32

    /// The tool that sent `frame`.
    init(_ frame: TabletToolFrame) {
        seat = frame.seat
        tool = frame.tool.id
    }
}
