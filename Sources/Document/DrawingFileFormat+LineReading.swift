import Canvas
import JSONLine
import TouchCore

/// Reading one line of a drawing file's `lines` list, straight or
/// freehand, with the limits on its values.
extension DrawingFileFormat {
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
    static func twice(_ key: String) -> String {
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
