import JSONLine
import WaylandInput

/// The `--log-input` format: one JSON object per `InputEvent`, on one line.
///
/// Field names and their order are stable (tools read them):
/// - every line: `"seat"` (the `wl_seat.name`), `"device"`: `"touch"`,
///   `"pointer"`, `"gesture"`, `"tablet"`, `"keyboard"` or `"seat"`.
/// - touch: `"frame"`: the frame's changes in order, each
///   `{"event":"down"|"motion"|"up"|"cancel","id":…,"x":…,"y":…,"time":…}`
///   plus `"major"`, `"minor"`, `"orientation"` when the compositor sent them;
///   then `"cancelled":true` on a cancelling frame.
/// - pointer: `"frame"`: events in order: `{"event":"enter","x":…,"y":…}`,
///   `{"event":"leave"}`, `{"event":"motion","x":…,"y":…}`,
///   `{"event":"button","button":272,"state":"pressed"|"released"}`,
///   `{"event":"axis","axis":"vertical"|"horizontal","value":…}` plus
///   `"discrete"`, `"value120"`, `"source"` (`wheel`, `finger`, `continuous`,
///   `wheelTilt`) and `"stop":true` when present; then `"time"`, then
///   `"modifiers"` (as for keys) when the keyboard holds any.
/// - gesture (a touchpad's, `zwp_pointer_gestures_v1`): `"gesture"`:
///   `"swipe"`, `"pinch"` or `"hold"`; `"event"`: `"begin"` with
///   `"fingers"`, `"x"`, `"y"` (the pointer's position), `"update"` with
///   `"dx"`, `"dy"` (since the previous event) and for a pinch `"scale"`
///   (since begin) and `"rotation"` (degrees clockwise since the previous
///   event), or `"end"` with `"cancelled"`; then `"time"`.
/// - tablet: `"tool"`: `{"id":…,"type":…}` (`pen`, `eraser`, `brush`,
///   `pencil`, `airbrush`, `finger`, `mouse`, `lens`, `unknown`) plus
///   `"serial"` and `"hardwareId"` (decimal strings: 64-bit values do not
///   fit a JSON number exactly) when the tool sent them, then
///   `"capabilities"` (array of `tilt`, `pressure`, `distance`, `rotation`,
///   `slider`, `wheel`); `"events"`: the frame's changes in order,
///   `{"event":"proximity_in","tablet":…}`, `{"event":"proximity_out"}`,
///   `{"event":"down"}`, `{"event":"up"}`, `{"event":"cancel"}`,
///   `{"event":"button","button":331,"state":"pressed"|"released"}`,
///   `{"event":"wheel","degrees":…,"clicks":…}`; then the axes after the
///   frame: `"x"`, `"y"`, and `"pressure"` (0…1), `"distance"` (0…1),
///   `"tiltX"`, `"tiltY"` (degrees), `"rotation"` (degrees), `"slider"`
///   (−1…1) once the tool sent them; `"changed"`: the axes this frame
///   changed (`position`, `pressure`, `distance`, `tilt`, `rotation`,
///   `slider`); `"time"`.
/// - keyboard keys: `"event"`: `"press"`, `"release"` or `"repeat"`,
///   `"code"` (evdev), `"keysym"`, `"name"`, `"text"`, `"modifiers"` (array of
///   `shift`, `ctrl`, `alt`, `logo`, `caps`, `num`), `"time"`.
/// - keyboard focus: `"event"`: `"enter"` or `"leave"`.
/// - seat: `"event":"capabilities"`, `"pointer"`, `"keyboard"`, `"touch"` booleans.
///
/// Positions are surface-local logical coordinates; times are the
/// compositor's milliseconds. Numbers with no fraction print without one.
public enum InputLog {
    /// The JSON line (without the newline) for one event.
    public static func line(for event: InputEvent) -> String {
        object(for: event).line
    }

    /// The fields of `event`'s line, in order.
    public static func object(for event: InputEvent) -> JSONObject {
        var object = JSONObject()
        switch event {
        case .touch(let frame):
            object.add("seat", .string(frame.seat))
            object.add("device", .string("touch"))
            object.add("frame", .array(frame.changes.map(touchChange)))
            if frame.cancelled { object.add("cancelled", .bool(true)) }
        case .pointer(let frame):
            object.add("seat", .string(frame.seat))
            object.add("device", .string("pointer"))
            object.add("frame", .array(frame.events.map(pointerEvent)))
            object.add("time", .number(Double(frame.time)))
            if !frame.modifiers.isEmpty { object.add("modifiers", modifierNames(frame.modifiers)) }
        case .pointerGesture(let gesture):
            pointerGesture(gesture, into: &object)
        case .tabletTool(let frame):
            tabletTool(frame, into: &object)
        case .key(let key):
            object.add("seat", .string(key.seat))
            object.add("device", .string("keyboard"))
            object.add("event", .string(key.action.rawValue))
            object.add("code", .number(Double(key.code)))
            object.add("keysym", .number(Double(key.keysym)))
            object.add("name", .string(key.name))
            object.add("text", .string(key.text))
            object.add("modifiers", modifierNames(key.modifiers))
            object.add("time", .number(Double(key.time)))
        case .keyboardFocus(let seat, let entered):
            object.add("seat", .string(seat))
            object.add("device", .string("keyboard"))
            object.add("event", .string(entered ? "enter" : "leave"))
        case .seatCapabilities(let seat, let pointer, let keyboard, let touch):
            object.add("seat", .string(seat))
            object.add("device", .string("seat"))
            object.add("event", .string("capabilities"))
            object.add("pointer", .bool(pointer))
            object.add("keyboard", .bool(keyboard))
            object.add("touch", .bool(touch))
        }
        return object
    }

    private static func modifierNames(_ modifiers: KeyboardModifiers) -> JSONValue {
        .array(KeyboardModifiers.named.filter { modifiers.contains($0.0) }.map { .string($0.1) })
    }

    private static func pointerGesture(_ gesture: PointerGestureEvent, into object: inout JSONObject) {
        object.add("seat", .string(gesture.seat))
        object.add("device", .string("gesture"))
        object.add("gesture", .string(gesture.kind.rawValue))
        switch gesture.change {
        case .begin(let fingers, let x, let y):
            object.add("event", .string("begin"))
            object.add("fingers", .number(Double(fingers)))
            object.add("x", .number(x))
            object.add("y", .number(y))
        case .update(let dx, let dy, let scale, let rotation):
            object.add("event", .string("update"))
            object.add("dx", .number(dx))
            object.add("dy", .number(dy))
            if let scale { object.add("scale", .number(scale)) }
            if let rotation { object.add("rotation", .number(rotation)) }
        case .end(let cancelled):
            object.add("event", .string("end"))
            object.add("cancelled", .bool(cancelled))
        }
        object.add("time", .number(Double(gesture.time)))
    }

    private static func touchChange(_ change: TouchChange) -> JSONValue {
        var object = JSONObject()
        object.add("event", .string(change.kind.rawValue))
        object.add("id", .number(Double(change.id)))
        object.add("x", .number(change.x))
        object.add("y", .number(change.y))
        object.add("time", .number(Double(change.time)))
        if let major = change.major { object.add("major", .number(major)) }
        if let minor = change.minor { object.add("minor", .number(minor)) }
        if let orientation = change.orientation { object.add("orientation", .number(orientation)) }
        return .object(object)
    }

    private static func tabletTool(_ frame: TabletToolFrame, into object: inout JSONObject) {
        object.add("seat", .string(frame.seat))
        object.add("device", .string("tablet"))
        var tool = JSONObject()
        tool.add("id", .number(Double(frame.tool.id)))
        tool.add("type", .string(frame.tool.type.name))
        if let serial = frame.tool.hardwareSerial { tool.add("serial", .string(String(serial))) }
        if let id = frame.tool.hardwareID { tool.add("hardwareId", .string(String(id))) }
        tool.add("capabilities", .array(TabletToolCapabilities.named
            .filter { frame.tool.capabilities.contains($0.0) }
            .map { .string($0.1) }))
        object.add("tool", .object(tool))
        object.add("events", .array(frame.events.map(tabletToolEvent)))
        let axes = frame.axes
        object.add("x", .number(axes.x))
        object.add("y", .number(axes.y))
        if let pressure = axes.pressure { object.add("pressure", .number(pressure)) }
        if let distance = axes.distance { object.add("distance", .number(distance)) }
        if let tiltX = axes.tiltX { object.add("tiltX", .number(tiltX)) }
        if let tiltY = axes.tiltY { object.add("tiltY", .number(tiltY)) }
        if let rotation = axes.rotation { object.add("rotation", .number(rotation)) }
        if let slider = axes.slider { object.add("slider", .number(slider)) }
        object.add("changed", .array(changedAxisNames.filter { frame.changedAxes.contains($0.0) }.map { .string($0.1) }))
        object.add("time", .number(Double(frame.time)))
    }

    /// Each tablet axis with the name the log gives it, in a fixed order.
    static let changedAxisNames: [(TabletToolAxes.Changed, String)] = [
        (.position, "position"), (.pressure, "pressure"), (.distance, "distance"),
        (.tilt, "tilt"), (.rotation, "rotation"), (.slider, "slider"),
    ]

    private static func tabletToolEvent(_ event: TabletToolEvent) -> JSONValue {
        var object = JSONObject()
        switch event {
        case .proximityIn(let tablet):
            object.add("event", .string("proximity_in"))
            object.add("tablet", .string(tablet))
        case .proximityOut:
            object.add("event", .string("proximity_out"))
        case .down:
            object.add("event", .string("down"))
        case .up:
            object.add("event", .string("up"))
        case .cancel:
            object.add("event", .string("cancel"))
        case .button(let button, let pressed):
            object.add("event", .string("button"))
            object.add("button", .number(Double(button)))
            object.add("state", .string(pressed ? "pressed" : "released"))
        case .wheel(let degrees, let clicks):
            object.add("event", .string("wheel"))
            object.add("degrees", .number(degrees))
            object.add("clicks", .number(Double(clicks)))
        }
        return .object(object)
    }

    private static func pointerEvent(_ event: PointerEvent) -> JSONValue {
        var object = JSONObject()
        switch event {
        case .enter(let x, let y):
            object.add("event", .string("enter"))
            object.add("x", .number(x))
            object.add("y", .number(y))
        case .leave:
            object.add("event", .string("leave"))
        case .motion(let x, let y):
            object.add("event", .string("motion"))
            object.add("x", .number(x))
            object.add("y", .number(y))
        case .button(let button, let pressed):
            object.add("event", .string("button"))
            object.add("button", .number(Double(button)))
            object.add("state", .string(pressed ? "pressed" : "released"))
        case .releasedByLeave(let button):
            object.add("event", .string("button"))
            object.add("button", .number(Double(button)))
            object.add("state", .string("released"))
            object.add("byLeave", .bool(true))
        case .axis(let axis):
            object.add("event", .string("axis"))
            object.add("axis", .string(axis.orientation.rawValue))
            object.add("value", .number(axis.value))
            if let discrete = axis.discrete { object.add("discrete", .number(Double(discrete))) }
            if let value120 = axis.value120 { object.add("value120", .number(Double(value120))) }
            if let source = axis.source { object.add("source", .string(source.rawValue)) }
            if axis.stop { object.add("stop", .bool(true)) }
        }
        return .object(object)
    }
}
