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
///
/// It takes the protocol's values as Swift ones (`PointerAxis.Orientation`,
/// `PointerAxis.Source`, a button's state as `pressed`): `Pointer`'s
/// listener converts the C enums, so this needs no libwayland.
public struct PointerFrameAssembler {
    /// Seat name copied into every frame (it can arrive after the first events).
    public var seat: String
    /// Buttons pressed on our surface and not yet released.
    private var held: [UInt32] = []
    private var pending: [PointerEvent] = []
    /// The time of the latest timed event.
    private(set) var time: UInt32 = 0
    /// `wl_pointer.axis_source` applies to every axis event of its frame.
    private var pendingSource: PointerAxis.Source?

    public init(seat: String) {
        self.seat = seat
    }

    /// `wl_pointer.enter` on our surface.
    public mutating func enter(x: Double, y: Double) {
        record(.enter(x: x, y: y), time: nil)
    }

    /// `wl_pointer.leave` (or the pointer going away): held buttons are
    /// released first.
    public mutating func leave() {
        for button in held { pending.append(.releasedByLeave(button: button)) }
        held = []
        record(.leave, time: nil)
    }

    public mutating func motion(time: UInt32, x: Double, y: Double) {
        record(.motion(x: x, y: y), time: time)
    }

    /// `wl_pointer.button`. Returns false when it was dropped: a press of a
    /// button held, or a release of one not held.
    public mutating func button(_ button: UInt32, pressed: Bool, time: UInt32) -> Bool {
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
    /// for `orientation`, creating it at its first mention.
    public mutating func axis(_ orientation: PointerAxis.Orientation, time: UInt32?, _ change: (inout PointerAxis) -> Void) {
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

    /// `wl_pointer.axis_source`; nil for a source newer than this module,
    /// which leaves the frame's axes without one.
    public mutating func axisSource(_ source: PointerAxis.Source?) {
        pendingSource = source
    }

    /// Closes the frame: its events as one batch, nil when there were none.
    public mutating func frame(modifiers: KeyboardModifiers) -> PointerFrame? {
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
}
