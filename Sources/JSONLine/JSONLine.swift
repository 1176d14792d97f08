/// An ordered JSON object: the fields' order is part of the line formats
/// tools read (`--log-input`, `--trace`).
public struct JSONObject {
    public private(set) var fields: [(String, JSONValue)] = []

    public init() {}

    public mutating func add(_ key: String, _ value: JSONValue) {
        fields.append((key, value))
    }

    /// The object on one line, without the newline.
    public var line: String { JSONValue.object(self).text }
}

/// The few JSON values the line formats need, serialized compactly.
public indirect enum JSONValue {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object(JSONObject)

    public var text: String {
        switch self {
        case .string(let string): return Self.quoted(string)
        case .number(let number): return Self.formatted(number)
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return "null"
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
