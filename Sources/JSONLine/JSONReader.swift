#if canImport(Glibc)
import Glibc
#endif

/// The one JSON reader (RFC 8259, strict): it streams over bytes (a drawing
/// file mapped into memory, one line of a recording), handing each member
/// and element to its caller as it reads them, so that a drawing's millions
/// of numbers build no tree and its limits are checked while it is read.
/// The tree of a short line (`JSONValue.parse`) is built on it.
///
/// The calls a drawing's numbers go through are `@inlinable`: a drawing is
/// read from another module (`DrawingFileFormat`), millions of numbers, and
/// they stay open to the optimizer there as when the reader lived beside it.
///
/// A reader of our own keeps Foundation (and the ICU data it maps,
/// megabytes of resident memory) out of the app. Every failure is a
/// `Malformed` with a reason and the byte offset, for the user's message.
public final class JSONReader {
    public struct Malformed: Error, CustomStringConvertible {
        public let reason: String

        public init(reason: String) {
            self.reason = reason
        }

        public var description: String { reason }
    }

    /// Nesting deeper than this is refused: a hostile file must not exhaust
    /// the stack.
    static let maximumDepth = 64

    /// The text: borrowed (a drawing's bytes, or its file mapped into
    /// memory, valid while the reader is used), or a copy the reader owns.
    @usableFromInline let bytes: UnsafeRawBufferPointer
    private let ownsBytes: Bool
    @usableFromInline var index = 0

    /// Reads `bytes`, which must stay valid and unchanged while the reader
    /// is used: no copy, so a drawing of 75 MB takes no second 75 MB.
    public init(borrowing bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        ownsBytes = false
    }

    /// Reads a copy of `bytes`: for short texts (tests, journal-sized
    /// pieces); a drawing goes through `init(borrowing:)`.
    public convenience init(_ bytes: [UInt8]) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        copy.copyBytes(from: bytes)
        self.init(owning: UnsafeRawBufferPointer(copy))
    }

    private init(owning bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        ownsBytes = true
    }

    deinit {
        if ownsBytes { bytes.deallocate() }
    }

    /// How far the reader has read, in bytes from the start: everything
    /// before it is done with, except the value being read.
    public var offset: Int { index }

    // MARK: Values

    public enum Kind: Equatable, Sendable {
        case object, array, string, number, literal
    }

    /// What the next value is, without reading it.
    @inlinable public func peekKind() throws(Malformed) -> Kind {
        skipWhitespace()
        guard index < bytes.count else { throw fail("the text ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return .literal
        default: throw fail("unexpected character '\(Excerpt.of(String(Character(Unicode.Scalar(bytes[index])))))'")
        }
    }

    /// Reads an object, calling `member` with each key; `member` must read
    /// (or `skipValue()`) the key's value. Errors are `Malformed`, or what
    /// `member` throws.
    @inlinable public func readObject(_ member: (String) throws -> Void) throws {
        try expect("{", "an object")
        skipWhitespace()
        if consume("}") { return }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try readString()
            try expect(":", "':' after a key")
            try member(key)
            skipWhitespace()
        } while consume(",")
        try expect("}", "',' or '}' in an object")
    }

    /// Reads an array, calling `element` for each element; `element` must
    /// read (or `skipValue()`) it. Errors are `Malformed`, or what `element`
    /// throws.
    @inlinable public func readArray(_ element: () throws -> Void) throws {
        try expect("[", "a list")
        skipWhitespace()
        if consume("]") { return }
        repeat {
            try element()
            skipWhitespace()
        } while consume(",")
        try expect("]", "',' or ']' in a list")
    }

    public func readString() throws(Malformed) -> String {
        try expect("\"", "a string")
        var start = index
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail("the text ends inside a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw fail("a control character inside a string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            utf8.append(contentsOf: bytes[start..<index])
            index += 1
            guard index < bytes.count else { throw fail("the text ends inside a string") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try readHex4()
                if (0xD800...0xDBFF).contains(code), consume("\\"), consume("u") {
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("a broken surrogate pair") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("an invalid \\u escape") }
                utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw fail("an unknown escape '\\\(Excerpt.of(String(Character(Unicode.Scalar(escape)))))'")
            }
            start = index
        }
        utf8.append(contentsOf: bytes[start..<index])
        index += 1
        guard let text = String(validating: utf8, as: UTF8.self) else { throw fail("a string that is not UTF-8") }
        return text
    }

    /// Reads a number. A number too large for a Double reads as ±infinity;
    /// the caller decides whether that is acceptable.
    @inlinable public func readNumber() throws(Malformed) -> Double {
        skipWhitespace()
        let start = index
        _ = consume("-")
        if consume("0") {
            guard digits() == 0 else { throw fail("a number with a leading zero") }
        } else {
            guard digits() > 0 else { throw fail("expected a number") }
        }
        if consume(".") { guard digits() > 0 else { throw fail("a number without digits after '.'") } }
        if consume("e") || consume("E") {
            if !consume("+") { _ = consume("-") }
            guard digits() > 0 else { throw fail("a number without an exponent") }
        }
        // strtod on a NUL-terminated copy on the stack: drawings are
        // millions of numbers, and a String for each costs an allocation.
        let length = index - start
        guard length < 64 else {
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text) else { throw fail("an unreadable number") }
            return value
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: bytes.baseAddress! + start, byteCount: length)
            buffer[length] = 0
            // The grammar was checked above, so strtod reads it all; it is
            // locale-independent here (the app never calls setlocale).
            return UnsafeRawPointer(buffer.baseAddress!).withMemoryRebound(to: CChar.self, capacity: 64) { strtod($0, nil) }
        }
    }

    /// Reads any value and forgets it (members this version does not know).
    public func skipValue(depth: Int = 0) throws {
        guard depth < Self.maximumDepth else { throw fail("values nested too deeply") }
        switch try peekKind() {
        case .object: try readObject { _ in try skipValue(depth: depth + 1) }
        case .array: try readArray { try skipValue(depth: depth + 1) }
        case .string: _ = try readString()
        case .number: _ = try readNumber()
        case .literal: _ = try readLiteral()
        }
    }

    /// Reads `true`, `false` or `null`.
    func readLiteral() throws(Malformed) -> JSONValue {
        skipWhitespace()
        for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
        where bytes[index...].starts(with: word.utf8) {
            index += word.utf8.count
            return value
        }
        throw fail("an unknown word")
    }

    /// Fails unless only whitespace is left.
    public func expectEnd() throws(Malformed) {
        skipWhitespace()
        guard index == bytes.count else { throw fail("more data after the value") }
    }

    // MARK: Bytes

    @inlinable func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    @inlinable func consume(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    @inlinable func expect(_ character: Unicode.Scalar, _ what: String) throws(Malformed) {
        skipWhitespace()
        guard consume(character) else {
            throw fail(index < bytes.count ? "expected \(what)" : "the text ends where \(what) should be")
        }
    }

    @inlinable func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private func readHex4() throws(Malformed) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("an invalid \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw fail("an invalid \\u escape") }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    @usableFromInline func fail(_ reason: String) -> Malformed {
        Malformed(reason: "\(reason) at byte \(index)")
    }
}
