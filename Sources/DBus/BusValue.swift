import CSystemdBus

/// One argument of a method call, in the D-Bus types the input-emulation
/// APIs use. `dictionary` is the ubiquitous `a{sv}` of options: string
/// keys, each value wrapped in a variant.
public enum BusValue: Equatable, Sendable {
    case string(String)
    case objectPath(String)
    case boolean(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case double(Double)
    case dictionary([Entry])
    /// An array of values of one type, `elementSignature` (an empty
    /// array still has one).
    case array(elementSignature: String, [BusValue])
    /// A struct: its fields in order (`(sa(us))`, a portal's filter).
    case structure([BusValue])
    /// An array of bytes (`ay`: a path as the portals take one).
    case bytes([UInt8])

    public struct Entry: Equatable, Sendable {
        public let key: String
        public let value: BusValue

        public init(_ key: String, _ value: BusValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value's D-Bus type signature.
    var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .boolean: "b"
        case .int32: "i"
        case .uint32: "u"
        case .double: "d"
        case .dictionary: "a{sv}"
        case .array(let element, _): "a\(element)"
        case .structure(let fields): "(\(fields.map(\.signature).joined()))"
        case .bytes: "ay"
        }
    }

    /// Appends the value to `message` (`sd_bus_message_append_basic`, and
    /// containers for the dictionary); returns sd-bus's result, negative on
    /// failure.
    func append(to message: OpaquePointer) -> Int32 {
        switch self {
        case let .string(text):
            return text.withCString { sd_bus_message_append_basic(message, Self.code("s"), $0) }
        case let .objectPath(path):
            return path.withCString { sd_bus_message_append_basic(message, Self.code("o"), $0) }
        case let .boolean(flag):
            // sd-bus reads a boolean as a C int.
            var value: Int32 = flag ? 1 : 0
            return sd_bus_message_append_basic(message, Self.code("b"), &value)
        case let .int32(number):
            var value = number
            return sd_bus_message_append_basic(message, Self.code("i"), &value)
        case let .uint32(number):
            var value = number
            return sd_bus_message_append_basic(message, Self.code("u"), &value)
        case let .double(number):
            var value = number
            return sd_bus_message_append_basic(message, Self.code("d"), &value)
        case let .dictionary(entries):
            var result = sd_bus_message_open_container(message, Self.code("a"), "{sv}")
            for entry in entries where result >= 0 {
                result = sd_bus_message_open_container(message, Self.code("e"), "sv")
                if result >= 0 { result = BusValue.string(entry.key).append(to: message) }
                if result >= 0 { result = sd_bus_message_open_container(message, Self.code("v"), entry.value.signature) }
                if result >= 0 { result = entry.value.append(to: message) }
                if result >= 0 { result = sd_bus_message_close_container(message) }
                if result >= 0 { result = sd_bus_message_close_container(message) }
            }
            if result >= 0 { result = sd_bus_message_close_container(message) }
            return result
        case let .array(element, values):
            var result = sd_bus_message_open_container(message, Self.code("a"), element)
            for value in values where result >= 0 { result = value.append(to: message) }
            if result >= 0 { result = sd_bus_message_close_container(message) }
            return result
        case let .structure(fields):
            var result = sd_bus_message_open_container(message, Self.code("r"), fields.map(\.signature).joined())
            for field in fields where result >= 0 { result = field.append(to: message) }
            if result >= 0 { result = sd_bus_message_close_container(message) }
            return result
        case let .bytes(bytes):
            return bytes.withUnsafeBytes { sd_bus_message_append_array(message, Self.code("y"), $0.baseAddress, $0.count) }
        }
    }

    /// A one-letter type code as the C `char` sd-bus takes.
    static func code(_ letter: Unicode.Scalar) -> CChar {
        CChar(bitPattern: UInt8(ascii: letter))
    }
}
