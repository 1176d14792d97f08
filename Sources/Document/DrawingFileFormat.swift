import Canvas
import JSONLine
import TouchCore

/// The drawing file format:
///
///     version 1: {"format":"touchtracker","version":1,"lines":[[x1,y1,x2,y2],...]}
///     version 2: {"format":"touchtracker","version":2,"lines":[[x1,y1,x2,y2],
///                 {"points":[x,y,pressure,x,y,pressure,...]},
///                 {"points":[...],"offset":[dx,dy]},...]}
///
/// Version 2 adds freehand lines to the list, in drawing order among the
/// straight ones: an object whose `points` are the samples, three numbers
/// each (x, y and the pressure, 0…1), at least one sample. A freehand line
/// that was moved after it was drawn keeps its samples as drawn and says
/// how far it moved in `offset` (absent: not moved), so that the moves in
/// the journal replay onto it exactly. A drawing without freehand lines is
/// still written as version 1, which older versions of the app read.
///
///     version 3: {"format":"touchtracker","version":3,"lines":[[x1,y1,x2,y2],
///                 {"line":[x1,y1,x2,y2],"color":"#c01c28","width":20},
///                 {"points":[...],"offset":[dx,dy],"color":"#3584e4","width":4},...]}
///
/// Version 3 gives a line a colour and a width: `color`, one of the
/// palette's (`PaletteColor.hex`), and `width`, one of the eight widths in
/// points (`StrokeWidth.points`: 1, 2, 4, 7, 10, 15, 20, 30; files written
/// when there were three hold 4, 10 or 20); either left out is the standard one
/// (black, 10). A straight line with a colour or width is an object whose
/// `line` holds its four numbers. Only a drawing with a line that is not
/// black and 10 pt is written as version 3; the others stay version 1 or 2.
///
/// Decoding validates while it reads: the line and point caps are enforced
/// before the lines are stored, and every coordinate must be finite and
/// within ±`Drawing.coordinateLimit` (a moved freehand line's points where
/// they are now, too), every pressure finite and within 0…1. A line that
/// is well formed but holds a value out of range is dropped, alone, with
/// its reason (`Snapshot.dropped`): one far point must not cost the
/// drawing. A member given twice (any of the file's, one a line is read
/// by) refuses the file as malformed: which of the two the writer meant cannot be known,
/// and reading one would drop the other without a word.
///
/// A line is written and read here only: a recording's drawing line
/// (`touchtracker --record`) holds its lines in this form, through
/// `encode(_:into:)` and `readLines(from:source:)`, so a recording and a
/// drawing obey one set of limits.
public enum DrawingFileFormat {
    static let formatName = "touchtracker"
    /// The newest version this app reads and writes.
    static let version = 3

    /// What a drawing file holds.
    struct Snapshot {
        var lines: [Line]
        /// The lines left out for a value out of range, by their index in
        /// the file's list, with why (`DocumentError.isValueOutOfRange`).
        var dropped: [DroppedLine] = []
        /// Ties the file to its journal (see `DrawingJournal`); nil in
        /// files without one, or with one a journal header cannot hold
        /// (`DrawingJournal.isValidToken`: the first save then writes a
        /// snapshot with a new one). An additional member, so version 1
        /// readers that predate it still read the lines.
        var journalToken: String?
    }

    /// The version a file holding `lines` is written as: the oldest that
    /// holds them.
    static func version(for lines: some Sequence<Line>) -> Int {
        lines.reduce(1) { max($0, version(for: $1)) }
    }

    /// The oldest version that holds `line`.
    static func version(for line: Line) -> Int {
        !line.style.isStandard ? 3 : line.isFreehand ? 2 : 1
    }

    static func encode(_ lines: [Line], journalToken: String? = nil) -> [UInt8] {
        var text = "{\"format\":\"\(formatName)\",\"version\":\(version(for: lines)),"
        if let journalToken { text += "\"journal\":\"\(journalToken)\"," }
        text += "\"lines\":["
        text.reserveCapacity(text.utf8.count + lines.count * 40)
        for (index, line) in lines.enumerated() {
            if index > 0 { text += "," }
            encode(line, into: &text)
        }
        text += "]}\n"
        return Array(text.utf8)
    }

    /// One line of the `lines` list. Swift prints the shortest text that
    /// reads back as the same Double, and only finite values are ever
    /// stored, so this is JSON.
    public static func encode(_ line: Line, into text: inout String) {
        guard let points = line.freehandPoints else {
            let numbers = "[\(line.begin.x),\(line.begin.y),\(line.end.x),\(line.end.y)]"
            if line.style.isStandard {
                text += numbers
            } else {
                text += "{\"line\":\(numbers)"
                encodeStyle(line.style, into: &text)
                text += "}"
            }
            return
        }
        text += "{\"points\":["
        for (index, point) in points.unmoved.enumerated() {
            if index > 0 { text += "," }
            text += "\(point.x),\(point.y),\(point.pressure)"
        }
        text += "]"
        if points.offset != .zero { text += ",\"offset\":[\(points.offset.dx),\(points.offset.dy)]" }
        if !line.style.isStandard { encodeStyle(line.style, into: &text) }
        text += "}"
    }

    /// `,"color":"#rrggbb","width":points`, the parts that are not standard.
    private static func encodeStyle(_ style: StrokeStyle, into text: inout String) {
        if style.color != .standard { text += ",\"color\":\"\(style.color.hex)\"" }
        if style.width != .standard { text += ",\"width\":\(Int(style.width.points))" }
    }

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

    /// Reads line `index` of the list, straight or freehand; `points`
    /// counts the freehand points read so far, against `pointLimit`.
    static func readLine(_ reader: JSONReader, index: Int, path: String, points: inout Int,
                         pointLimit: Int = Drawing.pointLimit) throws -> Line {
        switch try reader.peekKind() {
        case .array: return try readStraightLine(reader, index: index, path: path)
        case .object: return try readLineObject(reader, index: index, path: path, points: &points, limit: pointLimit)
        default: throw JSONReader.Malformed(reason: "line \(index) is neither a list of 4 numbers nor a freehand line")
        }
    }

    /// `[x1,y1,x2,y2]`: four numbers in place, no array per line.
    private static func readStraightLine(_ reader: JSONReader, index: Int, path: String,
                                         style: StrokeStyle = .standard) throws -> Line {
        var values = (0.0, 0.0, 0.0, 0.0)
        var count = 0
        try reader.readArray {
            guard try reader.peekKind() == .number else {
                throw JSONReader.Malformed(reason: "line \(index) holds something other than numbers")
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
            throw JSONReader.Malformed(reason: "line \(index) has \(count) numbers, not 4")
        }
        try checkCoordinate(values.0, line: index, path: path)
        try checkCoordinate(values.1, line: index, path: path)
        try checkCoordinate(values.2, line: index, path: path)
        try checkCoordinate(values.3, line: index, path: path)
        return Line(begin: Point(x: values.0, y: values.1), end: Point(x: values.2, y: values.3), style: style)
    }

    /// `{"points":[x,y,pressure,...],"offset":[dx,dy]}`, the offset
    /// optional, or (version 3) `{"line":[x1,y1,x2,y2]}`; either with an
    /// optional `"color"` and `"width"`.
    private static func readLineObject(_ reader: JSONReader, index: Int, path: String,
                                       points total: inout Int, limit: Int) throws -> Line {
        var samples: ContiguousArray<FreehandPoint>?
        var straight: Line?
        var offset: Vector?
        var style = StrokeStyle.standard
        var seenTotal = total
        // A value out of range is told once the whole line is read, so that
        // the line alone can be dropped.
        var problem: DocumentError?
        var members = LineMembers()
        try reader.readObject { key in
            guard members.insert(key) else { throw JSONReader.Malformed(reason: "line \(index): \(twice(key))") }
            switch key {
            case "line":
                guard try reader.peekKind() == .array else {
                    throw JSONReader.Malformed(reason: "line \(index): \"line\" is not a list of 4 numbers")
                }
                straight = try readStraightLine(reader, index: index, path: path)
            case "color":
                guard try reader.peekKind() == .string else {
                    throw JSONReader.Malformed(reason: "line \(index): \"color\" is not a string")
                }
                let hex = try reader.readString()
                guard let color = PaletteColor(hex: hex) else {
                    let names = PaletteColor.allCases.map(\.hex).joined(separator: ", ")
                    throw JSONReader.Malformed(reason: "line \(index): \"color\" is \(hex), not one of \(names)")
                }
                style.color = color
            case "width":
                guard try reader.peekKind() == .number else {
                    throw JSONReader.Malformed(reason: "line \(index): \"width\" is not a number")
                }
                let points = try reader.readNumber()
                guard let width = StrokeWidth(points: points) else {
                    let widths = StrokeWidth.allCases.map { "\(Int($0.points))" }.joined(separator: ", ")
                    throw JSONReader.Malformed(reason: "line \(index): \"width\" is \(points), not one of \(widths)")
                }
                style.width = width
            case "points":
                samples = try readSamples(reader, index: index, path: path, total: &seenTotal, limit: limit,
                                          problem: &problem)
            case "offset":
                var values: [Double] = []
                guard try reader.peekKind() == .array else {
                    throw JSONReader.Malformed(reason: "line \(index): \"offset\" is not a list of 2 numbers")
                }
                try reader.readArray {
                    guard try reader.peekKind() == .number, values.count < 2 else {
                        throw JSONReader.Malformed(reason: "line \(index): \"offset\" is not a list of 2 numbers")
                    }
                    values.append(try reader.readNumber())
                }
                guard values.count == 2 else {
                    throw JSONReader.Malformed(reason: "line \(index): \"offset\" is not a list of 2 numbers")
                }
                for value in values { note(coordinateProblem(value, line: index, path: path), in: &problem) }
                offset = Vector(dx: values[0], dy: values[1])
            default:
                try reader.skipValue()
            }
        }
        if let straight {
            guard samples == nil, offset == nil else {
                throw JSONReader.Malformed(reason: "line \(index) has both \"line\" and freehand \"points\" or \"offset\"")
            }
            return straight.restyled(style)
        }
        guard let samples else {
            throw JSONReader.Malformed(reason: "line \(index) is an object without \"points\" or \"line\"")
        }
        guard !samples.isEmpty else { throw JSONReader.Malformed(reason: "line \(index) has no points") }
        if let problem { throw problem }
        total = seenTotal
        let line = Line(freehand: samples, offset: offset ?? .zero, style: style)
        // Where a moved line's points are now must be within the limits too.
        let bounds = line.bounds
        for value in [bounds.minX, bounds.maxX, bounds.minY, bounds.maxY] {
            try checkCoordinate(value, line: index, path: path)
        }
        return line
    }

    /// The flat list of samples, three numbers each.
    private static func readSamples(_ reader: JSONReader, index: Int, path: String, total: inout Int, limit: Int,
                                    problem: inout DocumentError?) throws -> ContiguousArray<FreehandPoint> {
        guard try reader.peekKind() == .array else {
            throw JSONReader.Malformed(reason: "line \(index): \"points\" is not a list of numbers")
        }
        var samples: ContiguousArray<FreehandPoint> = []
        var values = (0.0, 0.0)
        var count = 0
        try reader.readArray {
            guard try reader.peekKind() == .number else {
                throw JSONReader.Malformed(reason: "line \(index): \"points\" holds something other than numbers")
            }
            let value = try reader.readNumber()
            switch count % 3 {
            case 0:
                guard samples.count < Drawing.strokePointLimit else {
                    throw DocumentError.tooManyPoints(path: path, line: index, limit: Drawing.strokePointLimit)
                }
                guard total < limit else {
                    throw DocumentError.tooManyPoints(path: path, line: nil, limit: limit)
                }
                note(coordinateProblem(value, line: index, path: path), in: &problem)
                values.0 = value
            case 1:
                note(coordinateProblem(value, line: index, path: path), in: &problem)
                values.1 = value
            default:
                if !(value.isFinite && value >= 0 && value <= 1) {
                    note(.badPressure(path: path, line: index, value: value), in: &problem)
                }
                samples.append(FreehandPoint(x: values.0, y: values.1, pressure: value))
                total += 1
            }
            count += 1
        }
        guard count % 3 == 0 else {
            throw JSONReader.Malformed(reason: "line \(index) has \(count) numbers in \"points\", not 3 for each point")
        }
        return samples
    }

    /// Why a member given twice refuses the file.
    private static func twice(_ key: String) -> String {
        "\"\(Excerpt.of(key))\" is given twice"
    }

    /// The members a line object has had so far, without a set per line:
    /// the ones this version reads by bit; any other is skipped, unread,
    /// so two of it lose nothing.
    private struct LineMembers {
        private var seen: UInt8 = 0

        /// False when `key` was seen already.
        mutating func insert(_ key: String) -> Bool {
            let bit: UInt8 = switch key {
            case "line": 1
            case "points": 2
            case "offset": 4
            case "color": 8
            case "width": 16
            default: 0
            }
            defer { seen |= bit }
            return seen & bit == 0
        }
    }

    private static func checkCoordinate(_ value: Double, line: Int, path: String) throws(DocumentError) {
        if let problem = coordinateProblem(value, line: line, path: path) { throw problem }
    }

    /// Why `value` cannot be a coordinate of line `line`, or nil when it can.
    private static func coordinateProblem(_ value: Double, line: Int, path: String) -> DocumentError? {
        guard value.isFinite, abs(value) <= Drawing.coordinateLimit else {
            return .badCoordinate(path: path, line: line, value: value)
        }
        return nil
    }

    /// Keeps the first of a line's problems.
    private static func note(_ found: DocumentError?, in problem: inout DocumentError?) {
        if problem == nil { problem = found }
    }
}

extension Drawing {
    /// The oldest drawing file version that holds the finished lines (see
    /// `DrawingFileFormat`), in constant time.
    public var oldestFileVersion: Int { oldestFileVersion(leavingOut: []) }

    /// The same, as if the lines `unsaved` added (changes no file holds
    /// yet) were not there.
    public func oldestFileVersion(leavingOut unsaved: [DrawingChange]) -> Int {
        var styled = store.styledCount, freehand = store.freehandCount
        for case .added(_, let line) in unsaved {
            if !line.style.isStandard { styled -= 1 }
            if line.isFreehand { freehand -= 1 }
        }
        return styled > 0 ? 3 : freehand > 0 ? 2 : 1
    }
}

extension DrawingChange {
    /// The oldest drawing file version whose journal may record this
    /// change (see `DrawingJournal`).
    public var oldestFileVersion: Int {
        switch self {
        case .added(_, let line): DrawingFileFormat.version(for: line)
        // A restyle is an `s` record, even back to the standard style.
        case .moved(_, let from, let to): from.style != to.style ? 3 : DrawingFileFormat.version(for: to)
        case .removed, .cleared: 1
        }
    }
}
