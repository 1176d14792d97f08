/// Turns the raw `wl_touch` event stream of one seat into consistent
/// `TouchInputFrame`s, surviving what real compositors send.
///
/// The guarantee to the layer above: a `.down` only for an id that is not
/// down, `.motion`/`.up`/`.cancel` only for an id that is down, and every
/// touch reported down eventually ends with `.up` or `.cancel`.
///
/// Quirks handled (each has a test):
/// - No `frame` after the last `up` (weston ≤ 10, mutter 43): the event loop
///   calls `flush()` once the queue is drained, so the pending changes go out
///   in that same dispatch rather than waiting for the next touch.
/// - `down` and `up` of one id in one frame: both are reported, in order.
/// - `cancel` with no `up`s: every touch down on this seat is cancelled.
/// - `up`/`motion`/`shape`/`orientation` for an id never seen: dropped.
/// - An id reused right after its `up`: a new touch.
/// - A `down` for an id that is still down (compositors send no `up` while
///   a drag-and-drop holds the finger): the stale touch is reported
///   cancelled, not lifted, because the finger never lifted where the app
///   last saw it; the changes pending before it go out first as their own
///   frame, then the cancellation, then the new `down` starts a new frame.
/// - A `down` on a surface that is not ours: that id's whole sequence (until
///   its `up`, a `cancel` or its id's next `down`) is ignored.
public struct TouchFrameAssembler {
    /// Where a touch point is and what it last reported.
    private struct Point {
        var x: Double
        var y: Double
        var time: UInt32
        var major: Double?
        var minor: Double?
        var orientation: Double?
    }

    /// Seat name copied into every frame (it can arrive after the first events).
    public var seat: String
    /// Touches down on our surface, as last reported.
    private var points: [Int32: Point] = [:]
    /// Ids whose current sequence started on a surface that is not ours.
    private var foreign: Set<Int32> = []
    /// Changes since the last frame, in protocol order.
    private var pending: [TouchChange] = []

    public init(seat: String) {
        self.seat = seat
    }

    /// Ids of the touches currently down on our surface, from the point of
    /// view of the layer above once every pending change is delivered.
    public var activeIDs: Set<Int32> { Set(points.keys) }

    /// True when changes wait for a frame.
    public var hasPending: Bool { !pending.isEmpty }

    /// `wl_touch.down`. Returns the frames that must go out before this down
    /// can start (pending changes and the cancellation of a stale same-id touch).
    public mutating func down(id: Int32, x: Double, y: Double, time: UInt32,
                              onOurSurface: Bool) -> [TouchInputFrame] {
        var out: [TouchInputFrame] = []
        foreign.remove(id)
        if let stale = points[id] {
            if let frame = flush() { out.append(frame) }
            points[id] = nil
            out.append(frame(with: [TouchChange(id: id, kind: .cancel, x: stale.x, y: stale.y,
                                                time: stale.time, major: stale.major,
                                                minor: stale.minor, orientation: stale.orientation)]))
        }
        guard onOurSurface else {
            foreign.insert(id)
            return out
        }
        points[id] = Point(x: x, y: y, time: time)
        pending.append(TouchChange(id: id, kind: .down, x: x, y: y, time: time))
        return out
    }

    /// `wl_touch.up`.
    public mutating func up(id: Int32, time: UInt32) {
        if foreign.remove(id) != nil { return }
        guard let point = points.removeValue(forKey: id) else { return }
        pending.append(TouchChange(id: id, kind: .up, x: point.x, y: point.y, time: time,
                                   major: point.major, minor: point.minor,
                                   orientation: point.orientation))
    }

    /// `wl_touch.motion`.
    public mutating func motion(id: Int32, x: Double, y: Double, time: UInt32) {
        guard var point = points[id] else { return }
        point.x = x
        point.y = y
        point.time = time
        points[id] = point
        update(id: id, with: point)
    }

    /// `wl_touch.shape` (seat v6+): the contact ellipse's axes.
    public mutating func shape(id: Int32, major: Double, minor: Double) {
        guard var point = points[id] else { return }
        point.major = major
        point.minor = minor
        points[id] = point
        update(id: id, with: point)
    }

    /// `wl_touch.orientation` (seat v6+).
    public mutating func orientation(id: Int32, degrees: Double) {
        guard var point = points[id] else { return }
        point.orientation = degrees
        points[id] = point
        update(id: id, with: point)
    }

    /// `wl_touch.frame`: the changes since the last frame, or nil if none
    /// (a frame about ignored touches only, or a repeated frame).
    public mutating func frame() -> TouchInputFrame? {
        flush()
    }

    /// Closes the pending changes into a frame without a `wl_touch.frame`
    /// (called when the event queue is drained, for compositors that omit it).
    public mutating func flush() -> TouchInputFrame? {
        guard !pending.isEmpty else { return nil }
        defer { pending = [] }
        return frame(with: pending)
    }

    /// `wl_touch.cancel`, or the touch capability or seat going away: the
    /// pending changes go out first, then one frame cancelling every touch
    /// still down. Returns up to two frames.
    public mutating func cancelAll() -> [TouchInputFrame] {
        var out: [TouchInputFrame] = []
        if let frame = flush() { out.append(frame) }
        foreign = []
        guard !points.isEmpty else { return out }
        let cancels = points.sorted { $0.key < $1.key }.map { id, point in
            TouchChange(id: id, kind: .cancel, x: point.x, y: point.y, time: point.time,
                        major: point.major, minor: point.minor, orientation: point.orientation)
        }
        points = [:]
        out.append(frame(with: cancels))
        return out
    }

    /// Records a motion-like change for `id`, merging it into the id's
    /// pending down or motion so a frame reports each touch's latest state
    /// once (an `up` or `cancel` in between starts a new entry).
    private mutating func update(id: Int32, with point: Point) {
        let change = TouchChange(id: id, kind: .motion, x: point.x, y: point.y, time: point.time,
                                 major: point.major, minor: point.minor,
                                 orientation: point.orientation)
        if let index = pending.lastIndex(where: { $0.id == id }) {
            switch pending[index].kind {
            case .down, .motion:
                let kind = pending[index].kind
                pending[index] = change
                pending[index].kind = kind
                return
            case .up, .cancel:
                break
            }
        }
        pending.append(change)
    }

    private func frame(with changes: [TouchChange]) -> TouchInputFrame {
        TouchInputFrame(seat: seat, changes: changes)
    }
}
