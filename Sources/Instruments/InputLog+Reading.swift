import JSONLine
import WaylandInput

extension InputLog {
    /// A line that is JSON but no input batch of the `--log-input` format.
    public struct UnreadableBatch: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The input batch a `--log-input` line (parsed) describes: the inverse
    /// of `line(for:)`, so `line(for: event(from: object))` gives the line back.
    public static func event(from object: JSONObject) throws(UnreadableBatch) -> InputEvent {
        let reader = FieldReader(object: object, context: "an input batch")
        let seat = try reader.string("seat")
        switch try reader.string("device") {
        case "touch":
            let changes = try reader.array("frame").map { value throws(UnreadableBatch) in
                try touchChange(FieldReader(value, context: "a touch change"))
            }
            return .touch(TouchInputFrame(seat: seat, changes: changes))
        case "pointer":
            let events = try reader.array("frame").map { value throws(UnreadableBatch) in
                try pointerEvent(FieldReader(value, context: "a pointer event"))
            }
            return .pointer(PointerFrame(seat: seat, events: events, time: try reader.uint32("time"),
                                         modifiers: try modifiers(reader, optional: true)))
        case "gesture":
            return .pointerGesture(try pointerGesture(reader, seat: seat))
        case "tablet":
            return .tabletTool(try tabletTool(reader, seat: seat))
        case "keyboard":
            switch try reader.string("event") {
            case "enter": return .keyboardFocus(seat: seat, entered: true)
            case "leave": return .keyboardFocus(seat: seat, entered: false)
            case let name:
                guard let action = KeyEvent.Action(rawValue: name) else {
                    throw reader.fail("unknown keyboard event '\(Excerpt.of(name))'")
                }
                return .key(KeyEvent(seat: seat, action: action, code: try reader.uint32("code"),
                                     keysym: try reader.uint32("keysym"), name: try reader.string("name"),
                                     text: try reader.string("text"), modifiers: try modifiers(reader, optional: false),
                                     time: try reader.uint32("time")))
            }
        case "seat":
            return .seatCapabilities(seat: seat, pointer: try reader.bool("pointer"),
                                     keyboard: try reader.bool("keyboard"), touch: try reader.bool("touch"))
        case let device:
            throw reader.fail("unknown device '\(Excerpt.of(device))'")
        }
    }

    /// `"modifiers"`: required on keys, present on pointer frames only when held.
    private static func modifiers(_ reader: FieldReader, optional: Bool) throws(UnreadableBatch) -> KeyboardModifiers {
        guard !optional || reader.object?["modifiers"] != nil else { return [] }
        let names = try reader.array("modifiers").compactMap(\.stringValue)
        var modifiers: KeyboardModifiers = []
        for (modifier, name) in KeyboardModifiers.named where names.contains(name) { modifiers.insert(modifier) }
        return modifiers
    }

    private static func pointerGesture(_ reader: FieldReader, seat: String) throws(UnreadableBatch) -> PointerGestureEvent {
        let kindName = try reader.string("gesture")
        guard let kind = PointerGestureEvent.Kind(rawValue: kindName) else {
            throw reader.fail("unknown gesture '\(Excerpt.of(kindName))'")
        }
        let change: PointerGestureEvent.Change
        switch try reader.string("event") {
        case "begin":
            change = .begin(fingers: try reader.uint32("fingers"), x: try reader.number("x"), y: try reader.number("y"))
        case "update":
            change = .update(dx: try reader.number("dx"), dy: try reader.number("dy"),
                             scale: try reader.optionalNumber("scale"), rotation: try reader.optionalNumber("rotation"))
        case "end":
            change = .end(cancelled: try reader.bool("cancelled"))
        case let name:
            throw reader.fail("unknown gesture event '\(Excerpt.of(name))'")
        }
        return PointerGestureEvent(seat: seat, kind: kind, change: change, time: try reader.uint32("time"))
    }

    private static func touchChange(_ reader: FieldReader) throws(UnreadableBatch) -> TouchChange {
        let name = try reader.string("event")
        guard let kind = TouchChange.Kind(rawValue: name) else { throw reader.fail("unknown touch event '\(Excerpt.of(name))'") }
        return TouchChange(id: try reader.int32("id"), kind: kind, x: try reader.number("x"), y: try reader.number("y"),
                           time: try reader.uint32("time"), major: try reader.optionalNumber("major"),
                           minor: try reader.optionalNumber("minor"),
                           orientation: try reader.optionalNumber("orientation"))
    }

    private static func pointerEvent(_ reader: FieldReader) throws(UnreadableBatch) -> PointerEvent {
        switch try reader.string("event") {
        case "enter": return .enter(x: try reader.number("x"), y: try reader.number("y"))
        case "leave": return .leave
        case "motion": return .motion(x: try reader.number("x"), y: try reader.number("y"))
        case "button":
            let button = try reader.uint32("button")
            let pressed = try reader.string("state") == "pressed"
            if try reader.optionalBool("byLeave") == true { return .releasedByLeave(button: button) }
            return .button(button: button, pressed: pressed)
        case "axis":
            let name = try reader.string("axis")
            guard let orientation = PointerAxis.Orientation(rawValue: name) else {
                throw reader.fail("unknown axis '\(Excerpt.of(name))'")
            }
            var source: PointerAxis.Source?
            if let sourceName = try reader.optionalString("source") {
                guard let known = PointerAxis.Source(rawValue: sourceName) else {
                    throw reader.fail("unknown axis source '\(Excerpt.of(sourceName))'")
                }
                source = known
            }
            return .axis(PointerAxis(orientation: orientation, value: try reader.number("value"),
                                     discrete: try reader.optionalNumber("discrete").map { Int32($0) },
                                     value120: try reader.optionalNumber("value120").map { Int32($0) },
                                     source: source, stop: try reader.optionalBool("stop") ?? false))
        case let name:
            throw reader.fail("unknown pointer event '\(Excerpt.of(name))'")
        }
    }

    private static let toolTypes: [String: TabletToolType] = [
        "pen": .pen, "eraser": .eraser, "brush": .brush, "pencil": .pencil, "airbrush": .airbrush,
        "finger": .finger, "mouse": .mouse, "lens": .lens, "unknown": .unknown(0),
    ]

    private static func tabletTool(_ reader: FieldReader, seat: String) throws(UnreadableBatch) -> TabletToolFrame {
        let tool = FieldReader(try reader.value("tool"), context: "a tablet tool")
        let typeName = try tool.string("type")
        guard let type = toolTypes[typeName] else { throw tool.fail("unknown tool type '\(Excerpt.of(typeName))'") }
        let capabilityNames = try tool.array("capabilities").compactMap(\.stringValue)
        var capabilities: TabletToolCapabilities = []
        for (capability, name) in TabletToolCapabilities.named where capabilityNames.contains(name) {
            capabilities.insert(capability)
        }
        let info = TabletToolInfo(id: try tool.int32("id"), type: type,
                                  hardwareSerial: try tool.optionalString("serial").flatMap { UInt64($0) },
                                  hardwareID: try tool.optionalString("hardwareId").flatMap { UInt64($0) },
                                  capabilities: capabilities)
        let events = try reader.array("events").map { value throws(UnreadableBatch) -> TabletToolEvent in
            let event = FieldReader(value, context: "a tablet event")
            switch try event.string("event") {
            case "proximity_in": return .proximityIn(tablet: try event.string("tablet"))
            case "proximity_out": return .proximityOut
            case "down": return .down
            case "up": return .up
            case "cancel": return .cancel
            case "button":
                return .button(button: try event.uint32("button"), pressed: try event.string("state") == "pressed")
            case "wheel": return .wheel(degrees: try event.number("degrees"), clicks: try event.int32("clicks"))
            case let name: throw event.fail("unknown tablet event '\(Excerpt.of(name))'")
            }
        }
        let axes = TabletToolAxes(x: try reader.number("x"), y: try reader.number("y"),
                                  pressure: try reader.optionalNumber("pressure"),
                                  distance: try reader.optionalNumber("distance"),
                                  tiltX: try reader.optionalNumber("tiltX"), tiltY: try reader.optionalNumber("tiltY"),
                                  rotation: try reader.optionalNumber("rotation"),
                                  slider: try reader.optionalNumber("slider"))
        let changedNames = try reader.array("changed").compactMap(\.stringValue)
        var changed: TabletToolAxes.Changed = []
        for (axis, name) in changedAxisNames where changedNames.contains(name) { changed.insert(axis) }
        return TabletToolFrame(seat: seat, tool: info, events: events, axes: axes, changedAxes: changed,
                               time: try reader.uint32("time"))
    }
}

/// Typed access to the fields of one object of a line, failing with the
/// field's name.
private struct FieldReader {
    let object: JSONObject?
    let context: String

    init(object: JSONObject, context: String) {
        self.object = object
        self.context = context
    }

    init(_ value: JSONValue, context: String) {
        object = value.objectValue
        self.context = context
    }

    func fail(_ reason: String) -> InputLog.UnreadableBatch {
        InputLog.UnreadableBatch(description: "\(context): \(reason)")
    }

    func value(_ key: String) throws(InputLog.UnreadableBatch) -> JSONValue {
        guard let object else { throw fail("not an object") }
        guard let value = object[key] else { throw fail("no \"\(key)\"") }
        return value
    }

    func string(_ key: String) throws(InputLog.UnreadableBatch) -> String {
        guard let string = try value(key).stringValue else { throw fail("\"\(key)\" is not a string") }
        return string
    }

    /// The largest magnitude of a `wl_fixed` (24.8 fixed point): every
    /// position, delta, angle and scale Wayland sends is one, so a number
    /// beyond it in a batch is not what a compositor sent.
    static let fixedLimit = 8_388_608.0

    /// A number that Wayland carries as a `wl_fixed` (or a smaller value):
    /// beyond `fixedLimit` is refused, so that no replay computes with it.
    func number(_ key: String) throws(InputLog.UnreadableBatch) -> Double {
        let number = try anyNumber(key)
        guard abs(number) <= Self.fixedLimit else {
            throw fail("\"\(key)\" is \(number), beyond what Wayland can send (±\(Int(Self.fixedLimit)))")
        }
        return number
    }

    private func anyNumber(_ key: String) throws(InputLog.UnreadableBatch) -> Double {
        guard let number = try value(key).numberValue else { throw fail("\"\(key)\" is not a number") }
        return number
    }

    func bool(_ key: String) throws(InputLog.UnreadableBatch) -> Bool {
        guard let bool = try value(key).boolValue else { throw fail("\"\(key)\" is not true or false") }
        return bool
    }

    func array(_ key: String) throws(InputLog.UnreadableBatch) -> [JSONValue] {
        guard let array = try value(key).arrayValue else { throw fail("\"\(key)\" is not an array") }
        return array
    }

    func uint32(_ key: String) throws(InputLog.UnreadableBatch) -> UInt32 {
        let number = try anyNumber(key)
        guard let value = UInt32(exactly: number) else { throw fail("\"\(key)\" is not a 32-bit unsigned integer") }
        return value
    }

    func int32(_ key: String) throws(InputLog.UnreadableBatch) -> Int32 {
        let number = try anyNumber(key)
        guard let value = Int32(exactly: number) else { throw fail("\"\(key)\" is not a 32-bit integer") }
        return value
    }

    func optionalNumber(_ key: String) throws(InputLog.UnreadableBatch) -> Double? {
        guard object?[key] != nil else { return nil }
        return try number(key)
    }

    func optionalString(_ key: String) throws(InputLog.UnreadableBatch) -> String? {
        guard object?[key] != nil else { return nil }
        return try string(key)
    }

    func optionalBool(_ key: String) throws(InputLog.UnreadableBatch) -> Bool? {
        guard object?[key] != nil else { return nil }
        return try bool(key)
    }
}
