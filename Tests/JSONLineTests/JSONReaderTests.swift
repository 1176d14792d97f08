import Testing
import JSONLine

@Suite struct JSONReaderTests {
    private func string(_ json: String) throws -> String {
        try JSONReader(Array(json.utf8)).readString()
    }

    private func number(_ json: String) throws -> Double {
        let reader = JSONReader(Array(json.utf8))
        let value = try reader.readNumber()
        try reader.expectEnd()
        return value
    }

    @Test func stringsWithEveryEscape() throws {
        #expect(try string(#""a\"b\\c\/d\b\f\n\r\t""#) == "a\"b\\c/d\u{8}\u{c}\n\r\t")
        #expect(try string(#""caf\u00e9 \ud83d\ude00 naïve""#) == "café 😀 naïve")
    }

    @Test(arguments: [#""abc"#, #""bad \x escape""#, "\"tab\tinside\"", #""\u12G4""#, #""\ud83d\u0041""#])
    func badStringsAreRefused(json: String) {
        #expect(throws: JSONReader.Malformed.self) { try string(json) }
    }

    @Test func numbersFollowTheJSONGrammar() throws {
        #expect(try number("0") == 0)
        #expect(try number("-12.5e2") == -1250)
        #expect(try number("3E-1") == 0.3)
        #expect(try number("1e400") == .infinity)
        for bad in ["01", "-", "1.", ".5", "1e", "+1", "0x10", "1.5.2"] {
            #expect(throws: JSONReader.Malformed.self, "\(bad)") { try number(bad) }
        }
    }

    @Test func unknownMembersAreSkippedWhateverTheyHold() throws {
        let json = #"{"a":{"b":[1,true,null,{"c":"d"}]},"e":false,"lines":[]}"#
        let reader = JSONReader(Array(json.utf8))
        var keys: [String] = []
        try reader.readObject { key in
            keys.append(key)
            try reader.skipValue()
        }
        try reader.expectEnd()
        #expect(keys == ["a", "e", "lines"])
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONReader.Malformed.self) { try JSONReader(Array(json.utf8)).skipValue() }
    }

    @Test func trailingDataIsRefused() throws {
        let reader = JSONReader(Array("{} {}".utf8))
        try reader.readObject { _ in }
        #expect(throws: JSONReader.Malformed.self) { try reader.expectEnd() }
    }

    @Test func failuresSayWhere() {
        do {
            try JSONReader(Array(#"{"a" 1}"#.utf8)).readObject { _ in }
            Issue.record("no error")
        } catch let error as JSONReader.Malformed {
            #expect(error.reason == "expected ':' after a key at byte 5")
        } catch {
            Issue.record("\(error)")
        }
    }
}
