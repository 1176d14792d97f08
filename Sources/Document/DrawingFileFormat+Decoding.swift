import Canvas
import JSONLine
import TouchCore

/// Reading a drawing file: its members, its version and its `lines` list,
/// refused whole or with lines dropped as the format says.
extension DrawingFileFormat {
    /// The UTF-8 byte-order mark some editors put first: RFC 8259 lets a
    /// reader ignore it, and a drawing saved by such an editor is still one.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `pointLimit`: points the freehand lines may have in all (tests
    /// lower it, to reach it without millions of points).
    static func decode(_ bytes: [UInt8], path: String,
                       pointLimit: Int = Drawing.pointLimit) throws(DocumentError) -> Snapshot {
        // (Array's withUnsafeBytes does not throw a typed error.)
        try bytes.withUnsafeBytes { raw in
            Result { () throws(DocumentError) in try decode(raw, path: path, pointLimit: pointLimit) }
        }.get()
    }

    /// The drawing in `bytes` (a file mapped into memory, or an array's).
    static func decode(_ bytes: UnsafeRawBufferPointer, path: String,
                       pointLimit: Int = Drawing.pointLimit) throws(DocumentError) -> Snapshot {
        var lines: [Line] = []
        let summary = try visit(bytes, path: path, pointLimit: pointLimit) { _, line in
            lines.append(line)
            return true
        }
        return Snapshot(lines: lines, dropped: summary?.dropped ?? [], journalToken: summary?.journalToken)
    }

    /// What a pass over a drawing file found besides its lines.
    struct Summary: Equatable {
        /// Lines in the `lines` list, dropped ones included.
        var lineCount: Int
        /// Lines of that list that were not handed over: see `Snapshot.dropped`.
        var dropped: [DroppedLine] = []
        var journalToken: String?
    }

    /// Stops a visit from inside the reader's nested calls.
    private struct Stopped: Error {}

    /// Reads the drawing in `bytes`, handing each line to `line` in drawing
    /// order as it is read instead of keeping them: what `decode` keeps, a
    /// streamed export writes. The validation, the limits and the refusals
    /// are those of `decode`, which is this with `line` appending, so a
    /// file is refused the same way whichever reads it; but `line` may
    /// have seen lines of a file refused at the end (a format named after
    /// its lines, a version 1 file with a freehand line), so a caller acts
    /// on what it saw only once the visit returns. `line` is given each
    /// line's index in the list, and returns false to
    /// stop: the result is then nil. `progress`, called after each line
    /// with the bytes read so far, lets a caller release what is behind.
    static func visit(_ bytes: UnsafeRawBufferPointer, path: String, pointLimit: Int = Drawing.pointLimit,
                      progress: (Int) -> Void = { _ in },
                      line: (Int, Line) -> Bool) throws(DocumentError) -> Summary? {
        let text = bytes.starts(with: byteOrderMark) ? UnsafeRawBufferPointer(rebasing: bytes.dropFirst(3)) : bytes
        let reader = JSONReader(borrowing: text)
        var format: String?
        var version: Double?
        var lineCount: Int?
        var dropped: [DroppedLine] = []
        var members = Set<String>()
        var firstNewer = FirstLines()
        var journalToken: String?
        do {
            guard try reader.peekKind() == .object else {
                throw DocumentError.malformed(path: path, reason: "the file is not a JSON object")
            }
            try reader.readObject { key in
                guard members.insert(key).inserted else { throw JSONReader.Malformed(reason: twice(key)) }
                switch key {
                case "format":
                    guard try reader.peekKind() == .string else { throw JSONReader.Malformed(reason: "\"format\" is not a string") }
                    format = try reader.readString()
                case "version":
                    guard try reader.peekKind() == .number else { throw JSONReader.Malformed(reason: "\"version\" is not a number") }
                    version = try reader.readNumber()
                case "lines":
                    lineCount = try readLines(reader, path: path, pointLimit: pointLimit, first: &firstNewer,
                                              dropped: { dropped.append($0) }) {
                        guard line($0, $1) else { throw Stopped() }
                        progress(bytes.count - text.count + reader.offset)
                    }
                case "journal":
                    guard try reader.peekKind() == .string else { throw JSONReader.Malformed(reason: "\"journal\" is not a string") }
                    let token = try reader.readString()
                    journalToken = DrawingJournal.isValidToken(token) ? token : nil
                default:
                    // Members a later version may add are skipped.
                    try reader.skipValue()
                }
            }
            try reader.expectEnd()
        } catch is Stopped {
            return nil
        } catch {
            throw documentError(error, path: path)
        }
        guard let format else { throw .malformed(path: path, reason: "missing \"format\"") }
        guard format == formatName else { throw .wrongFormat(path: path, found: format) }
        guard let version else { throw .malformed(path: path, reason: "missing \"version\"") }
        guard version == 1 || version == 2 || version == 3 else {
            guard let whole = Int(exactly: version) else {
                throw .malformed(path: path, reason: "\"version\" is not a whole number")
            }
            throw .unsupportedVersion(path: path, version: whole)
        }
        guard let lineCount else { throw .malformed(path: path, reason: "missing \"lines\"") }
        if version == 1, let first = firstNewer.freehand {
            throw .malformed(path: path, reason: "line \(first) is a freehand line, which a version 1 drawing cannot hold")
        }
        if version < 3, let first = firstNewer.styled {
            throw .malformed(path: path, reason: "line \(first) has a colour or width, which a version \(Int(version)) "
                             + "drawing cannot hold")
        }
        return Summary(lineCount: lineCount, dropped: dropped, journalToken: journalToken)
    }

    /// The first lines of a list that an older version cannot hold.
    private struct FirstLines {
        /// The index of the first freehand line (version 2 on), if any.
        var freehand: Int?
        /// The index of the first line written as version 3 writes lines
        /// with a colour or width, if any.
        var styled: Int?
    }

    /// What a failure while reading `path` means: a `DocumentError` is
    /// itself, anything else says the file is malformed.
    private static func documentError(_ error: any Error, path: String) -> DocumentError {
        switch error {
        case let error as DocumentError: error
        case let error as JSONReader.Malformed: .malformed(path: path, reason: error.reason)
        default: .malformed(path: path, reason: "\(error)")
        }
    }

    /// Reads a list of lines as a drawing file's `lines` list, with the
    /// file's limits (lines, points, coordinates, pressures) and its
    /// messages, `source` in front of each (where the list is).
    public static func readLines(from reader: JSONReader, source: String,
                                 pointLimit: Int = Drawing.pointLimit) throws(DocumentError) -> [Line] {
        var lines: [Line] = []
        var first = FirstLines()
        do {
            // A recording is read to be replayed as it was: a line out of
            // range refuses it, as it refused a drawing before lines could
            // be left out.
            _ = try readLines(reader, path: source, pointLimit: pointLimit, first: &first,
                              dropped: { throw $0.reason }) {
                lines.append($1)
            }
        } catch {
            throw documentError(error, path: source)
        }
        return lines
    }

    /// Reads the `lines` list, checking the line and point caps as it goes
    /// and handing each line to `visit`; returns how many there were.
    /// `first` notes the first lines an older version cannot hold.
    private static func readLines(_ reader: JSONReader, path: String, pointLimit: Int, first: inout FirstLines,
                                  dropped: (DroppedLine) throws -> Void,
                                  _ visit: (Int, Line) throws -> Void) throws -> Int {
        guard try reader.peekKind() == .array else { throw JSONReader.Malformed(reason: "\"lines\" is not a list") }
        var count = 0
        var points = 0
        try reader.readArray {
            guard count < Document.lineLimit else {
                throw DocumentError.tooManyLines(path: path, limit: Document.lineLimit)
            }
            defer { count += 1 }
            let isObject = try reader.peekKind() == .object
            let line: Line
            do {
                line = try readLine(reader, index: count, path: path, points: &points, pointLimit: pointLimit)
            } catch let error as DocumentError where error.isValueOutOfRange {
                // The whole line was read: the reader is past it.
                try dropped(DroppedLine(index: count, reason: error))
                return
            }
            if line.isFreehand, first.freehand == nil { first.freehand = count }
            if isObject, !line.isFreehand || !line.style.isStandard, first.styled == nil { first.styled = count }
            try visit(count, line)
        }
        return count
    }
}
