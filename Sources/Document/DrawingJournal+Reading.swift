import Canvas
import Platform
import TouchCore

/// Reading the journal: its header against the snapshot, then each record,
/// checked by its checksum.
extension DrawingJournal {
    /// What a journal holds for one snapshot.
    struct Contents {
        /// The identities of the snapshot's lines, in order.
        var ids: [UInt32]
        /// Every whole record that reads back, with its line number in the
        /// journal (the header is line 1).
        var records: [(number: Int, record: Record)]
        /// The whole records that do not read back.
        var unreadable: [SkippedRecord] = []
    }

    /// A record of the journal that was not applied, and why.
    struct SkippedRecord: Equatable, Sendable, CustomStringConvertible {
        /// Its line in the journal (the header is line 1).
        let number: Int
        let reason: String

        var description: String { "record \(number) (\(reason))" }
    }

    /// What lies where the journal of a drawing goes.
    enum Found {
        /// No journal, or one that holds no change: a header alone, or no
        /// whole line at all (a crash while it was started). Removing it
        /// loses nothing.
        case nothing(exists: Bool)
        /// A journal of this snapshot, with changes to apply.
        case changes(Contents)
        /// A journal with changes this snapshot cannot take (why): another
        /// snapshot's, or one whose header is damaged. It is kept, never
        /// deleted (see `Document.keepUnusableJournal`).
        case unusable(reason: String)
    }

    /// The journal of the drawing at `drawingPath`, for the snapshot
    /// `token` (nil: a drawing file without one, or no file) of
    /// `lineCount` lines.
    static func read(for drawingPath: String, token: String?, lineCount: Int) throws(DocumentError) -> Found {
        let journal = path(for: drawingPath)
        guard FileSystem.exists(journal) else { return .nothing(exists: false) }
        return decode(try SystemCalls.readFile(journal, limit: Document.byteLimit), token: token, lineCount: lineCount)
    }

    static func decode(_ bytes: [UInt8], token: String?, lineCount: Int) -> Found {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        // The last piece follows the last newline: empty, or a torn record.
        lines.removeLast()
        guard let header = lines.first else { return .nothing(exists: true) }
        let hasRecords = lines.count > 1
        let fields = header.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 4, "\(fields[0]) \(fields[1])" == magic else {
            return .unusable(reason: "its first line is not a journal header")
        }
        guard let token, fields[2] == token else {
            return hasRecords ? .unusable(reason: "it belongs to another version of the drawing") : .nothing(exists: true)
        }
        guard let ids = decodeRuns(fields[3], lineCount: lineCount) else {
            return hasRecords ? .unusable(reason: "its header does not match the drawing's \(lineCount) lines")
                : .nothing(exists: true)
        }
        var contents = Contents(ids: ids, records: [])
        for (offset, line) in lines.dropFirst().enumerated() {
            let number = offset + 2
            switch decodeRecord(line) {
            case .success(let record): contents.records.append((number, record))
            case .failure(let problem): contents.unreadable.append(SkippedRecord(number: number, reason: problem.reason))
            }
        }
        return hasRecords ? .changes(contents) : .nothing(exists: true)
    }

    /// `first+count,...` as identities; nil unless they are increasing and
    /// exactly `lineCount`.
    private static func decodeRuns(_ text: String, lineCount: Int) -> [UInt32]? {
        var ids: [UInt32] = []
        ids.reserveCapacity(lineCount)
        for run in text.split(separator: ",") {
            let parts = run.split(separator: "+")
            guard parts.count == 2, let first = UInt32(parts[0]), let count = Int(parts[1]),
                  count >= 0, ids.count + count <= lineCount, Int(first) + count <= Int(UInt32.max),
                  ids.last.map({ $0 < first }) ?? true || count == 0 else { return nil }
            for offset in 0..<count { ids.append(first + UInt32(offset)) }
        }
        return ids.count == lineCount ? ids : nil
    }

    /// Why a record does not read back.
    struct RecordProblem: Error {
        let reason: String
    }

    private static func decodeRecord(_ line: ArraySlice<UInt8>) -> Result<Record, RecordProblem> {
        guard let mark = line.lastIndex(of: UInt8(ascii: "#")), mark > line.startIndex,
              line[mark - 1] == UInt8(ascii: " ") else { return .failure(RecordProblem(reason: "not a record")) }
        let body = line[line.startIndex..<(mark - 1)]
        guard String(decoding: line[(mark + 1)...], as: UTF8.self) == hex(checksum(body)) else {
            return .failure(RecordProblem(reason: "its checksum does not match"))
        }
        guard let record = decodeFields(body) else {
            return .failure(RecordProblem(reason: "not a change this app makes, or a value out of range"))
        }
        return .success(record)
    }

    /// The change a record's checked body says, or nil when it is none.
    private static func decodeFields(_ body: ArraySlice<UInt8>) -> Record? {
        let fields = body.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard let kind = fields.first else { return nil }
        func lineValue() -> Line? {
            guard fields.count == 6 else { return nil }
            let values = fields[2...].compactMap(Double.init)
            guard values.count == 4, values.allSatisfy({ $0.isFinite && abs($0) <= Drawing.coordinateLimit }) else {
                return nil
            }
            return Line(begin: Point(x: values[0], y: values[1]), end: Point(x: values[2], y: values[3]))
        }
        func coordinate(_ field: String) -> Double? {
            guard let value = Double(field), value.isFinite, abs(value) <= Drawing.coordinateLimit else { return nil }
            return value
        }
        func freehandLine() -> Line? {
            guard fields.count >= 7, (fields.count - 4) % 3 == 0, (fields.count - 4) / 3 <= Drawing.strokePointLimit,
                  let dx = coordinate(fields[2]), let dy = coordinate(fields[3]) else { return nil }
            var samples: ContiguousArray<FreehandPoint> = []
            samples.reserveCapacity((fields.count - 4) / 3)
            for start in stride(from: 4, to: fields.count, by: 3) {
                guard let x = coordinate(fields[start]), let y = coordinate(fields[start + 1]),
                      let pressure = Double(fields[start + 2]), pressure.isFinite, pressure >= 0, pressure <= 1
                else { return nil }
                samples.append(FreehandPoint(x: x, y: y, pressure: pressure))
            }
            let line = Line(freehand: samples, offset: Vector(dx: dx, dy: dy))
            return isWithinLimits(line) ? line : nil
        }
        let id = fields.count > 1 ? UInt32(fields[1]) : nil
        switch kind {
        case "+": if let id, let line = lineValue() { return .added(id, line) }
        case "f": if let id, let line = freehandLine() { return .added(id, line) }
        case "m": if let id, let line = lineValue() { return .moved(id, line) }
        case "o":
            if let id, fields.count == 4, let dx = coordinate(fields[2]), let dy = coordinate(fields[3]) {
                return .offset(id, Vector(dx: dx, dy: dy))
            }
        case "s":
            if let id, fields.count == 4, let color = PaletteColor(hex: fields[2]),
               let points = Double(fields[3]), let width = StrokeWidth(points: points) {
                return .restyled(id, StrokeStyle(color: color, width: width))
            }
        case "-": if let id, fields.count == 2 { return .removed(id) }
        case "c": if fields.count == 1 { return .cleared }
        default: break
        }
        return nil
    }
}
