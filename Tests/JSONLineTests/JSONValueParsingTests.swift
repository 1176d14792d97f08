import JSONLine
import Testing

/// The tree of one line (a recording's), read by the streaming reader:
/// one grammar, one number parser, for drawings and lines alike.
@Suite struct JSONValueParsingTests {
    @Test func aLineReadsBackAsTheObjectThatWroteIt() throws {
        var inner = JSONObject()
        inner.add("b", .array([.number(1), .number(-2.5), .bool(true), .bool(false), .null]))
        var object = JSONObject()
        object.add("z", .string("tab\t \"quoted\" é 😀"))
        object.add("a", .object(inner))
        object.add("n", .number(1e-7))
        let parsed = try JSONValue.parse(object.line)
        #expect(parsed.text == object.line)
        #expect(parsed.objectValue?.fields.map(\.0) == ["z", "a", "n"])
    }

    @Test func numbersFollowTheReadersGrammar() throws {
        #expect(try JSONValue.parse(" -12.5e2 ").numberValue == -1250)
        for bad in ["01", "-", "1.", ".5", "+1", "0x10"] {
            #expect(throws: JSONReader.Malformed.self, "\(bad)") { try JSONValue.parse(bad) }
        }
    }

    @Test func aNumberBeyondADoubleIsRefusedInATree() {
        let error = #expect(throws: JSONReader.Malformed.self) { try JSONValue.parse(#"{"x":1e400}"#) }
        #expect(error?.reason == "a number out of range at byte 5")
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONReader.Malformed.self) { try JSONValue.parse(json) }
    }

    @Test func textAfterTheValueIsRefused() {
        let error = #expect(throws: JSONReader.Malformed.self) { try JSONValue.parse("{} x") }
        #expect(error?.reason == "more data after the value at byte 3")
    }
}
