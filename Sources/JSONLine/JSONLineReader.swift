/// Reads one line of the line formats back (`--record`'s recordings):
/// strict RFC 8259 JSON, one value per line, objects keeping their fields'
/// order. A failure names what was wrong and where, for the user's message.
public struct JSONLineReader {
    public struct Malformed: Error, Equatable, CustomStringConvertible {
        /// What was wrong, and at which character of the line.
        public let description: String
    }

    /// Deeper nesting is refused: a hostile line must not exhaust the stack.
    static let maximumDepth = 32

    private let bytes: [UInt8]
    private var index = 0

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The value `text` holds; nothing but white space may follow it.
    public static func parse(_ text: String) throws(Malformed) -> JSONValue {
        var reader = JSONLineReader(text)
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.fail("text after the value") }
        return value
    }

    private func fail(_ reason: String) -> Malformed {
        Malformed(description: "\(reason) at character \(index + 1)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0a, 0x0d].contains(bytes[index]) { index += 1 }
    }

    private mutating func consume(_ character: Character) -> Bool {
        guard index < bytes.count, bytes[index] == character.asciiValue! else { return false }
        index += 1
        return true
    }

    private mutating func value(depth: Int) throws(Malformed) -> JSONValue {
        guard depth < Self.maximumDepth else { throw fail("nested too deep") }
        skipWhitespace()
        guard index < bytes.count else { throw fail("the line ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var object = JSONObject()
            skipWhitespace()
            if consume("}") { return .object(object) }
            repeat {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                let key = try string()
                skipWhitespace()
                guard consume(":") else { throw fail("expected ':' after a key") }
                object.add(key, try value(depth: depth + 1))
                skipWhitespace()
            } while consume(",")
            guard consume("}") else { throw fail("expected ',' or '}' in an object") }
            return .object(object)
        case UInt8(ascii: "["):
            index += 1
            var values: [JSONValue] = []
            skipWhitespace()
            if consume("]") { return .array(values) }
            repeat {
                values.append(try value(depth: depth + 1))
                skipWhitespace()
            } while consume(",")
            guard consume("]") else { throw fail("expected ',' or ']' in an array") }
            return .array(values)
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        default:
            throw fail("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
        }
    }

    private mutating func literal(_ word: String) throws(Malformed) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected
        else { throw fail("expected \(word)") }
        index += expected.count
    }

    private mutating func number() throws(Malformed) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        _ = consume("-")
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw fail("expected a digit") }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw fail("a number with a leading zero") }
        if consume(".") { guard digits() > 0 else { throw fail("expected a digit after '.'") } }
        if consume("e") || consume("E") {
            if !consume("+") { _ = consume("-") }
            guard digits() > 0 else { throw fail("expected a digit in the exponent") }
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite
        else { throw fail("a number out of range") }
        return number
    }

    private mutating func string() throws(Malformed) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flushRun(to end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flushRun(to: index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flushRun(to: index)
                index += 1
                guard index < bytes.count else { throw fail("the line ends inside a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{c}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xd800..<0xdc00).contains(code) {
                        guard consume("\\"), consume("u") else { throw fail("a lone surrogate") }
                        let low = try hex4()
                        guard (0xdc00..<0xe000).contains(low) else { throw fail("a lone surrogate") }
                        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("a lone surrogate") }
                    scalars.append(scalar)
                default:
                    throw fail("an unknown escape")
                }
                run = index
            case 0..<0x20:
                throw fail("a control character inside a string")
            default:
                index += 1
            }
        }
        throw fail("the line ends inside a string")
    }

    private mutating func hex4() throws(Malformed) -> UInt32 {
        guard bytes.count - index >= 4,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw fail("expected four hex digits after \\u") }
        index += 4
        return value
    }
}

extension JSONObject {
    /// The value of the first field named `key`.
    public subscript(key: String) -> JSONValue? {
        fields.first { $0.0 == key }?.1
    }
}

extension JSONValue {
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    public var numberValue: Double? { if case .number(let value) = self { value } else { nil } }
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    public var objectValue: JSONObject? { if case .object(let value) = self { value } else { nil } }
}
