extension JSONValue {
    /// The value `text` holds (one line of a recording, say), nothing but
    /// white space after it: a tree built by the one streaming reader
    /// (`JSONReader`), so there is one grammar and one number parser. For
    /// short texts only; a drawing streams through `JSONReader` itself.
    public static func parse(_ text: String) throws(JSONReader.Malformed) -> JSONValue {
        let reader = JSONReader(Array(text.utf8))
        let value = try reader.readValue()
        try reader.expectEnd()
        return value
    }
}

extension JSONReader {
    /// Reads the next value as a tree. A number too large for a Double is
    /// refused: a tree's numbers are finite, as its text form needs.
    public func readValue() throws(Malformed) -> JSONValue {
        try readValue(depth: 0)
    }

    private func readValue(depth: Int) throws(Malformed) -> JSONValue {
        guard depth < Self.maximumDepth else { throw Malformed(reason: "values nested too deeply at byte \(offset)") }
        switch try peekKind() {
        case .object:
            var object = JSONObject()
            try typed { () throws in
                try readObject { key in object.add(key, try readValue(depth: depth + 1)) }
            }
            return .object(object)
        case .array:
            var values: [JSONValue] = []
            try typed { () throws in
                try readArray { values.append(try readValue(depth: depth + 1)) }
            }
            return .array(values)
        case .string:
            return .string(try readString())
        case .number:
            let start = offset
            let number = try readNumber()
            guard number.isFinite else { throw Malformed(reason: "a number out of range at byte \(start)") }
            return .number(number)
        case .literal:
            return try readLiteral()
        }
    }

    /// `readObject` and `readArray` throw what their closures throw; here
    /// the closures throw only `Malformed`.
    private func typed(_ body: () throws -> Void) throws(Malformed) {
        do {
            try body()
        } catch let error as Malformed {
            throw error
        } catch {
            throw Malformed(reason: "\(error)")
        }
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
