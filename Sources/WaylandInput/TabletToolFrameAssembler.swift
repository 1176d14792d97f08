/// Turns the raw `zwp_tablet_tool_v2` event stream of one tool into
/// consistent `TabletToolFrame`s, surviving what real compositors send.
///
/// The guarantee to the layer above, per tool: `.proximityIn` only while out
/// of proximity, `.down` only in proximity and not down, `.up`/`.cancel`
/// only while down, `.proximityOut` only in proximity, and a tool that went
/// down always ends its contact (`.up` or `.cancel`) before `.proximityOut`.
///
/// Quirks handled (each has a test):
/// - No `frame` after `proximity_out` (Hyprland): the event loop calls
///   `flush()` once the queue is drained, so the pending changes go out in
///   that dispatch rather than with the tool's next frame.
/// - No `pressure(0)` before `up` (Smithay, niri): contact follows
///   `down`/`up` only, never the pressure value, and the pressure is 0 after
///   the up whatever the compositor said last.
/// - `proximity_out` while down (firmware that reports the eraser button as
///   a new tool, mid-stroke): the contact ends as `.up`, because leaving
///   proximity is lifting the pen out of range; what it drew is kept.
/// - `proximity_in` on a surface that is not ours: the tool's events are
///   ignored until its next `proximity_in`. One that arrives while the tool
///   is on our surface (no `proximity_out` in between) takes the tool away:
///   its contact is cancelled and it leaves proximity.
/// - `removed` while down or in proximity: the contact is cancelled, the
///   tool leaves proximity, at once (no frame follows a `removed`).
/// - Axis values out of the protocol's range: clamped.
/// - `down`/`up`/axes/buttons outside proximity, a second `down`, an `up`
///   with no `down`: dropped.
public struct TabletToolFrameAssembler {
    private enum Proximity: Equatable {
        case out
        /// In proximity of a surface that is not ours.
        case foreign
        case ours(down: Bool)
    }

    /// Seat name copied into every frame (it can arrive after the tool).
    public var seat: String
    /// The tool's description, completed by its `done` event.
    public var tool: TabletToolInfo
    private var proximity: Proximity = .out
    private var axes = TabletToolAxes()
    private var changed: TabletToolAxes.Changed = []
    /// Changes since the last frame, in protocol order.
    private var pending: [TabletToolEvent] = []
    /// Buttons pressed on our surface and not released yet.
    private var heldButtons: [UInt32] = []
    private var lastTime: UInt32 = 0

    public init(seat: String, tool: TabletToolInfo) {
        self.seat = seat
        self.tool = tool
    }

    /// True while the tool is in proximity of our surface (after every
    /// pending change is delivered).
    var isInProximity: Bool {
        switch proximity {
        case .ours: true
        case .out, .foreign: false
        }
    }

    /// True while the tool is down on our surface.
    public var isDown: Bool { proximity == .ours(down: true) }

    /// True when changes wait for a frame.
    var hasPending: Bool { !pending.isEmpty || !changed.isEmpty }

    /// `proximity_in` over the tablet called `tablet`.
    public mutating func proximityIn(tablet: String, onOurSurface: Bool) {
        switch proximity {
        case .ours:
            // No proximity_out came: the compositor moved the tool on.
            leave(contactEnd: .cancel)
        case .out, .foreign:
            break
        }
        guard onOurSurface else {
            proximity = .foreign
            return
        }
        proximity = .ours(down: false)
        pending.append(.proximityIn(tablet: tablet))
    }

    /// `proximity_out`.
    public mutating func proximityOut() {
        switch proximity {
        case .ours:
            leave(contactEnd: .up)
        case .foreign:
            proximity = .out
        case .out:
            break
        }
    }

    /// `down`.
    public mutating func down() {
        guard proximity == .ours(down: false) else { return }
        proximity = .ours(down: true)
        pending.append(.down)
    }

    /// `up`.
    public mutating func up() {
        guard isDown else { return }
        endContact(as: .up)
    }

    /// `motion`, surface-local.
    public mutating func motion(x: Double, y: Double) {
        guard isInProximity else { return }
        axes.x = x
        axes.y = y
        changed.insert(.position)
    }

    /// `pressure`, 0…65535.
    public mutating func pressure(_ raw: UInt32) {
        guard isInProximity else { return }
        axes.pressure = Self.unit(raw)
        changed.insert(.pressure)
    }

    /// `distance`, 0…65535.
    public mutating func distance(_ raw: UInt32) {
        guard isInProximity else { return }
        axes.distance = Self.unit(raw)
        changed.insert(.distance)
    }

    /// `tilt` in degrees.
    public mutating func tilt(x: Double, y: Double) {
        guard isInProximity else { return }
        axes.tiltX = Self.clamp(x, -90, 90)
        axes.tiltY = Self.clamp(y, -90, 90)
        changed.insert(.tilt)
    }

    /// `rotation` in degrees; any value is brought into 0 ≤ value < 360.
    public mutating func rotation(degrees: Double) {
        guard isInProximity, degrees.isFinite else { return }
        let turned = degrees.truncatingRemainder(dividingBy: 360)
        axes.rotation = turned < 0 ? turned + 360 : turned
        changed.insert(.rotation)
    }

    /// `slider`, −65535…65535.
    public mutating func slider(_ position: Int32) {
        guard isInProximity else { return }
        axes.slider = Self.clamp(Double(position) / 65535, -1, 1)
        changed.insert(.slider)
    }

    /// `wheel`.
    public mutating func wheel(degrees: Double, clicks: Int32) {
        guard isInProximity else { return }
        pending.append(.wheel(degrees: degrees, clicks: clicks))
    }

    /// `button`; a repeated press or a release of a button not held is dropped.
    public mutating func button(_ button: UInt32, pressed: Bool) {
        guard isInProximity else { return }
        if pressed {
            guard !heldButtons.contains(button) else { return }
            heldButtons.append(button)
        } else {
            guard let index = heldButtons.firstIndex(of: button) else { return }
            heldButtons.remove(at: index)
        }
        pending.append(.button(button: button, pressed: pressed))
    }

    /// `frame`: the changes since the last frame, or nil if none reached
    /// our surface.
    public mutating func frame(time: UInt32) -> TabletToolFrame? {
        lastTime = time
        return flush()
    }

    /// Closes the pending changes into a frame without a `frame` event
    /// (the queue is drained, for compositors that omit it).
    public mutating func flush() -> TabletToolFrame? {
        guard hasPending else { return nil }
        defer {
            pending = []
            changed = []
        }
        return TabletToolFrame(seat: seat, tool: tool, events: pending, axes: axes,
                               changedAxes: changed, time: lastTime)
    }

    /// `removed`, or the tablet seat going away: a contact in progress is
    /// cancelled and the tool leaves proximity, in one frame with whatever
    /// was pending.
    public mutating func removed() -> TabletToolFrame? {
        switch proximity {
        case .ours: leave(contactEnd: .cancel)
        case .out, .foreign: proximity = .out
        }
        return flush()
    }

    /// Leaves our surface: the contact ends as `contactEnd`, held buttons
    /// are released, then `.proximityOut`.
    private mutating func leave(contactEnd: TabletToolEvent) {
        if isDown { endContact(as: contactEnd) }
        for button in heldButtons { pending.append(.button(button: button, pressed: false)) }
        heldButtons = []
        pending.append(.proximityOut)
        proximity = .out
    }

    private mutating func endContact(as end: TabletToolEvent) {
        proximity = .ours(down: false)
        pending.append(end)
        // No pressure(0) before up is a known compositor bug: no contact,
        // no pressure.
        if axes.pressure != nil, axes.pressure != 0 {
            axes.pressure = 0
            changed.insert(.pressure)
        }
    }

    private static func unit(_ raw: UInt32) -> Double {
        Double(min(raw, 65535)) / 65535
    }

    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        min(max(value, low), high)
    }
}
