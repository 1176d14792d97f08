import CWaylandClient

/// Turns one seat's `wl_pointer` events on our surface into `PointerFrame`s:
/// one per `wl_pointer.frame` (seat v5+); older seats have no frame event,
/// so their `Pointer` closes a frame after every event.
///
/// The guarantee to the layer above: a button is released only after it was
/// pressed and pressed only once until then, and every button held when the
/// pointer leaves (or goes away) is released first (`releasedByLeave`), so
/// no button stays stuck down. The pieces of one frame's scrolling (value,
/// discrete steps, value120, stop, source) make one axis event per
/// orientation.
struct PointerFrameAssembler {
    /// Seat name copied into every frame (it can arrive after the first events).
    var seat: String
    /// Buttons pressed on our surface and not yet released.
    private var held: [UInt32] = []
    private var pending: [PointerEvent] = []
    /// The time of the latest timed event.
    private(set) var time: UInt32 = 0
    /// `wl_pointer.axis_source` applies to every axis event of its frame.
    private var pendingSource: PointerAxis.Source?

    init(seat: String) {
        self.seat = seat
    }

    /// `wl_pointer.enter` on our surface.
    mutating func enter(x: Double, y: Double) {
        record(.enter(x: x, y: y), time: nil)
    }

    /// `wl_pointer.leave` (or the pointer going away): held buttons are
    /// released first.
    mutating func leave() {
        for button in held { pending.append(.releasedByLeave(button: button)) }
        held = []
        record(.leave, time: nil)
    }

    mutating func motion(time: UInt32, x: Double, y: Double) {
        record(.motion(x: x, y: y), time: time)
    }

    /// `wl_pointer.button`. Returns false when it was dropped: a press of a
    /// button held, or a release of one not held.
    mutating func button(_ button: UInt32, pressed: Bool, time: UInt32) -> Bool {
        if pressed {
            guard !held.contains(button) else { return false }
            held.append(button)
        } else {
            guard let index = held.firstIndex(of: button) else { return false }
            held.remove(at: index)
        }
        record(.button(button: button, pressed: pressed), time: time)
        return true
    }

    /// Merges one piece of axis information into this frame's axis event
    /// for `orientation` (a `wl_pointer.axis` value), creating it at its
    /// first mention.
    mutating func axis(_ orientation: UInt32, time: UInt32?, _ change: (inout PointerAxis) -> Void) {
        let orientation: PointerAxis.Orientation =
            orientation == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue ? .horizontal : .vertical
        let index = pending.lastIndex {
            if case .axis(let axis) = $0 { return axis.orientation == orientation }
            return false
        }
        var axis = PointerAxis(orientation: orientation, value: 0)
        if let index, case .axis(let existing) = pending[index] { axis = existing }
        change(&axis)
        if let index {
            pending[index] = .axis(axis)
            if let time { self.time = time }
        } else {
            record(.axis(axis), time: time)
        }
    }

    /// `wl_pointer.axis_source` (a raw `wl_pointer_axis_source`).
    mutating func axisSource(_ raw: UInt32) {
        pendingSource = Self.source(raw)
    }

    /// Closes the frame: its events as one batch, nil when there were none.
    mutating func frame(modifiers: KeyboardModifiers) -> PointerFrame? {
        defer {
            pending = []
            pendingSource = nil
        }
        guard !pending.isEmpty else { return nil }
        let events = pending.map { event -> PointerEvent in
            guard case .axis(var axis) = event, let source = pendingSource else { return event }
            axis.source = source
            return .axis(axis)
        }
        return PointerFrame(seat: seat, events: events, time: time, modifiers: modifiers)
    }

    private mutating func record(_ event: PointerEvent, time: UInt32?) {
        pending.append(event)
        if let time { self.time = time }
    }

    private static func source(_ raw: UInt32) -> PointerAxis.Source? {
        switch raw {
        case WL_POINTER_AXIS_SOURCE_WHEEL.rawValue: return .wheel
        case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: return .finger
        case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: return .continuous
        case WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue: return .wheelTilt
        default: return nil
        }
    }
}
