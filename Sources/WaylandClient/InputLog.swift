/// The `--log-input` format: one JSON object per `InputEvent`, on one line.
///
/// Field names and their order are stable (tools read them):
/// - every line: `"seat"` (the `wl_seat.name`), `"device"`: `"touch"`,
///   `"pointer"`, `"keyboard"` or `"seat"`.
/// - touch: `"frame"`: the frame's changes in order, each
///   `{"event":"down"|"motion"|"up"|"cancel","id":…,"x":…,"y":…,"time":…}`
///   plus `"major"`, `"minor"`, `"orientation"` when the compositor sent them;
///   then `"cancelled":true` on a cancelling frame.
/// - pointer: `"frame"`: events in order: `{"event":"enter","x":…,"y":…}`,
///   `{"event":"leave"}`, `{"event":"motion","x":…,"y":…}`,
///   `{"event":"button","button":272,"state":"pressed"|"released"}`,
///   `{"event":"axis","axis":"vertical"|"horizontal","value":…}` plus
///   `"discrete"`, `"value120"`, `"source"` (`wheel`, `finger`, `continuous`,
///   `wheelTilt`) and `"stop":true` when present; then `"time"`.
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
        case .key(let key):
            object.add("seat", .string(key.seat))
            object.add("device", .string("keyboard"))
            object.add("event", .string(key.action.rawValue))
            object.add("code", .number(Double(key.code)))
            object.add("keysym", .number(Double(key.keysym)))
            object.add("name", .string(key.name))
            object.add("text", .string(key.text))
            object.add("modifiers", .array(KeyboardModifiers.named
                .filter { key.modifiers.contains($0.0) }
                .map { .string($0.1) }))
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
        return JSONValue.object(object).text
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

/// An ordered JSON object (field order is part of the log format).
private struct JSONObject {
    var fields: [(String, JSONValue)] = []

    mutating func add(_ key: String, _ value: JSONValue) {
        fields.append((key, value))
    }
}

/// The few JSON values the log needs, serialized compactly.
private indirect enum JSONValue {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object(JSONObject)

    var text: String {
        switch self {
        case .string(let string): return Self.quoted(string)
        case .number(let number): return Self.formatted(number)
        case .bool(let bool): return bool ? "true" : "false"
        case .array(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
        case .object(let object):
            return "{" + object.fields.map { Self.quoted($0.0) + ":" + $0.1.text }
                .joined(separator: ",") + "}"
        }
    }

    /// Integral values print as integers ("40", not "40.0"); others in
    /// Swift's shortest round-tripping form. Non-finite numbers are not JSON
    /// and cannot come from Wayland's fixed-point values; they print as null.
    private static func formatted(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }

    private static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
