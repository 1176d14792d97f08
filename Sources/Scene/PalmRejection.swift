import TouchCore
import WaylandClient
import WaylandInput

/// Keeps a hand resting on a touch screen from drawing while its pen is in
/// use: while any tablet tool of a seat is in proximity of the window, and
/// for `gracePeriod` after the last one leaves, a finger of that seat that
/// goes down on the canvas is ignored for its whole life (from down to up
/// or cancel), as libinput does with a palm: it draws nothing, taps
/// nothing, double-taps nothing. Fingers already down when the pen comes
/// near carry on: they were put down on purpose.
///
/// It sits between the Wayland layer and `InputTranslator`, so the core
/// never sees a rejected finger. Time is the event loop's clock at the
/// moment a batch is handled, not the compositor's timestamps, which some
/// compositors leave at 0 in frames they synthesize.
package final class PalmRejection {
    /// How long fingers stay ignored after the last pen of a seat leaves
    /// proximity, in seconds. A pen leaves proximity about a centimetre
    /// above the screen, usually as the hand lifts or shifts, and the palm
    /// lands or stays just after; half a second covers that, the figure
    /// libinput uses to keep a touchpad off after a sequence of key presses
    /// (disable-while-typing, `DEFAULT_KEYBOARD_ACTIVITY_TIMEOUT_2`, 500 ms)
    /// for the same reason: a resting hand settles within it. It is short
    /// enough that a finger deliberately put down once the pen is laid
    /// aside (a second later) draws.
    static let gracePeriod = 0.5

    /// Off: every finger draws, for people who draw with a finger while
    /// holding a pen.
    package var isEnabled = true
    /// The clock's current time in seconds.
    private let now: () -> Double
    /// Whether a point (window coordinates) is on the canvas: rejection
    /// applies there only, so the title bar stays usable.
    private let isOnCanvas: (Point) -> Bool

    /// What palm rejection knows of one seat.
    private struct SeatState {
        /// The tools of the seat in proximity of the window (by tool id).
        var toolsInProximity: Set<Int32> = []
        /// When the last tool left proximity.
        var lastProximityOut: Double?
        /// The fingers being ignored (compositor touch ids).
        var rejectedFingers: Set<Int32> = []
    }
    private var seats: [String: SeatState] = [:]

    init(now: @escaping () -> Double, isOnCanvas: @escaping (Point) -> Bool) {
        self.now = now
        self.isOnCanvas = isOnCanvas
    }

    /// Notes a tool coming into and leaving proximity.
    func observe(_ frame: TabletToolFrame) {
        var state = seats[frame.seat] ?? SeatState()
        for event in frame.events {
            switch event {
            case .proximityIn:
                state.toolsInProximity.insert(frame.tool.id)
            case .proximityOut:
                if state.toolsInProximity.remove(frame.tool.id) != nil { state.lastProximityOut = now() }
            case .down, .up, .cancel, .button, .wheel:
                break
            }
        }
        seats[frame.seat] = state
    }

    /// Whether fingers of `seat` going down now are taken for a palm.
    func isRejectingFingers(of seat: String) -> Bool {
        guard isEnabled, let state = seats[seat] else { return false }
        if !state.toolsInProximity.isEmpty { return true }
        guard let out = state.lastProximityOut else { return false }
        return now() - out < Self.gracePeriod
    }

    /// The frame without the changes of rejected fingers; nil when nothing
    /// is left of it.
    func filter(_ frame: TouchInputFrame) -> TouchInputFrame? {
        var state = seats[frame.seat] ?? SeatState()
        let rejecting = isRejectingFingers(of: frame.seat)
        var kept: [TouchChange] = []
        for change in frame.changes {
            switch change.kind {
            case .down:
                // An id is the compositor's to reuse once its touch ended:
                // a new down starts over.
                state.rejectedFingers.remove(change.id)
                if rejecting, isOnCanvas(Point(x: change.x, y: change.y)) {
                    state.rejectedFingers.insert(change.id)
                } else {
                    kept.append(change)
                }
            case .motion:
                if !state.rejectedFingers.contains(change.id) { kept.append(change) }
            case .up, .cancel:
                if state.rejectedFingers.remove(change.id) == nil { kept.append(change) }
            }
        }
        seats[frame.seat] = state
        guard !kept.isEmpty else { return nil }
        return TouchInputFrame(seat: frame.seat, changes: kept)
    }
}
