import TouchCore

/// The drawing file format, version 1:
/// `{"format":"touchtracker","version":1,"lines":[[x1,y1,x2,y2],...]}`.
///
/// Decoding validates while it reads: the line count cap is enforced before
/// the lines are stored, and every coordinate must be finite and within
/// ±`Document.coordinateLimit`.
enum DrawingFileFormat {
    static let formatName = "touchtracker"
    static let version = 1

    /// What a drawing file holds.
    struct Snapshot {
        var lines: [Line]
        /// Ties the file to its journal (see `DrawingJournal`); nil in
        /// files without one. An additional member, so version 1 readers
        /// that predate it still read the lines.
        var journalToken: String?
    }

    static func encode(_ lines: [Line], journalToken: String? = nil) -> [UInt8] {
        var text = "{\"format\":\"\(formatName)\",\"version\":\(version),"
        if let journalToken { text += "\"journal\":\"\(journalToken)\"," }
        text += "\"lines\":["
        text.reserveCapacity(text.utf8.count + lines.count * 40)
        for (index, line) in lines.enumerated() {
            if index > 0 { text += "," }
            // Swift prints the shortest text that reads back as the same
            // Double, and only finite values are ever stored, so this is JSON.
            text += "[\(line.begin.x),\(line.begin.y),\(line.end.x),\(line.end.y)]"
        }
        text += "]}\n"
        return Array(text.utf8)
    }

    /// The UTF-8 byte-order mark some editors put first: RFC 8259 lets a
    /// reader ignore it, and a drawing saved by such an editor is still one.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func decode(_ bytes: [UInt8], path: String) throws(DocumentError) -> Snapshot {
        let reader = JSONReader(bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes)
        var format: String?
        var version: Double?
        var lines: [Line]?
        var journalToken: String?
        do {
            guard try reader.peekKind() == .object else {
                throw DocumentError.malformed(path: path, reason: "the file is not a JSON object")
            }
            try reader.readObject { key in
                switch key {
                case "format":
                    guard try reader.peekKind() == .string else { throw JSONReader.Malformed(reason: "\"format\" is not a string") }
                    format = try reader.readString()
                case "version":
                    guard try reader.peekKind() == .number else { throw JSONReader.Malformed(reason: "\"version\" is not a number") }
                    version = try reader.readNumber()
                case "lines":
                    lines = try readLines(reader, path: path)
                case "journal":
                    guard try reader.peekKind() == .string else { throw JSONReader.Malformed(reason: "\"journal\" is not a string") }
                    journalToken = try reader.readString()
                default:
                    // Members a later version may add are skipped.
                    try reader.skipValue()
                }
            }
            try reader.expectEnd()
        } catch let error as DocumentError {
            throw error
        } catch let error as JSONReader.Malformed {
            throw .malformed(path: path, reason: error.reason)
        } catch {
            throw .malformed(path: path, reason: "\(error)")
        }
        guard let format else { throw .malformed(path: path, reason: "missing \"format\"") }
        guard format == formatName else { throw .wrongFormat(path: path, found: format) }
        guard let version else { throw .malformed(path: path, reason: "missing \"version\"") }
        guard version == Double(Self.version) else {
            guard let whole = Int(exactly: version) else {
                throw .malformed(path: path, reason: "\"version\" is not a whole number")
            }
            throw .unsupportedVersion(path: path, version: whole)
        }
        guard let lines else { throw .malformed(path: path, reason: "missing \"lines\"") }
        return Snapshot(lines: lines, journalToken: journalToken)
    }

    /// Reads `[[x1,y1,x2,y2],...]`, checking the line cap and every
    /// coordinate as it goes.
    private static func readLines(_ reader: JSONReader, path: String) throws -> [Line] {
        guard try reader.peekKind() == .array else { throw JSONReader.Malformed(reason: "\"lines\" is not a list") }
        var lines: [Line] = []
        try reader.readArray {
            guard lines.count < Document.lineLimit else {
                throw DocumentError.tooManyLines(path: path, limit: Document.lineLimit)
            }
            guard try reader.peekKind() == .array else {
                throw JSONReader.Malformed(reason: "line \(lines.count) is not a list of 4 numbers")
            }
            // Four numbers in place: no array per line.
            var values = (0.0, 0.0, 0.0, 0.0)
            var count = 0
            try reader.readArray {
                guard try reader.peekKind() == .number else {
                    throw JSONReader.Malformed(reason: "line \(lines.count) holds something other than numbers")
                }
                let value = try reader.readNumber()
                switch count {
                case 0: values.0 = value
                case 1: values.1 = value
                case 2: values.2 = value
                case 3: values.3 = value
                default: break
                }
                count += 1
            }
            guard count == 4 else {
                throw JSONReader.Malformed(reason: "line \(lines.count) has \(count) numbers, not 4")
            }
            func check(_ value: Double) throws {
                guard value.isFinite, abs(value) <= Document.coordinateLimit else {
                    throw DocumentError.badCoordinate(path: path, line: lines.count, value: value)
                }
            }
            try check(values.0)
            try check(values.1)
            try check(values.2)
            try check(values.3)
            lines.append(Line(begin: Point(x: values.0, y: values.1), end: Point(x: values.2, y: values.3)))
        }
        return lines
    }
}
