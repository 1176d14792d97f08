import Canvas
import Platform
import TouchCore

/// The change journal beside a drawing, `<drawing>.journal`: what changed
/// since the snapshot in the drawing file, one record per change, appended
/// and flushed to disk, so saving a change costs the change, not the
/// drawing (a full rewrite of 1,000,000 lines takes most of a second).
///
/// Format, text, one record per line:
///
///     touchtracker-journal 1 <token> <first>+<count>,<first>+<count>...
///     + <id> <x1> <y1> <x2> <y2> #<checksum>     a line added (or brought back by undo)
///     f <id> <dx> <dy> <x> <y> <pressure>... #<checksum>
///                                                a freehand line added: its offset, then its samples;
///                                                for a line that exists, its new samples (the
///                                                lasso scaled or turned it), which replace them
///     - <id> #<checksum>                         a line removed
///     m <id> <x1> <y1> <x2> <y2> #<checksum>     a line moved there
///     o <id> <dx> <dy> #<checksum>               a freehand line moved: its new offset
///     s <id> <#rrggbb> <width> #<checksum>       a line's colour and width (after its `+` or
///                                                `f` record when not standard, or restyled)
///     c #<checksum>                              every line removed
///
/// A freehand line's samples and offset are those of the drawing file
/// (see `DrawingFileFormat`): a move records the offset itself, never a
/// difference, so replaying it gives the line exactly where it was. Only
/// the journal of a version 2 snapshot holds `f` and `o` records (the app
/// writes a snapshot for the first freehand line of a version 1 drawing),
/// so an older version of the app, which reads version 1 drawings and
/// their journals, never meets a record it does not know. Likewise only
/// the journal of a version 3 snapshot holds `s` records.
///
/// Identities are those `LineStore` gave the lines in the session that
/// wrote the journal; the header's runs say which identities the
/// snapshot's lines had, in order (`0+n` for a snapshot just opened). The token
/// ties the journal to one snapshot (the drawing file's `"journal"`
/// member): after a snapshot replaces the drawing, an older journal left by
/// a crash no longer matches and is never applied twice. Such a journal,
/// like one whose first line is damaged, is not deleted either: the opener
/// keeps a copy beside the drawing and says so, since the drawing may have
/// been replaced by something that does not hold its changes. A token is
/// one field of the header (`isValidToken`), so a drawing whose token is
/// not one is treated as having none. Lines may end in CRLF (an editor's
/// doing): the reader takes them as LF. The checksum (FNV-1a of the record
/// before " #") catches a record damaged on disk.
///
/// An append writes whole records, each ending in a newline, so a crash can
/// only leave a last record without its newline (a torn tail): that piece is
/// dropped, as the change never finished. Anything else that cannot be
/// applied (a record that does not check out, garbage, a line that does not
/// exist, a value out of range) is corruption: the replay skips that record,
/// keeps applying every later one that fits, and says what it skipped
/// (`SkippedRecord`), so the opener can keep the journal aside and tell.
public enum DrawingJournal {
    static let magic = "touchtracker-journal 1"

    /// The journal of the drawing at `drawingPath`.
    public static func path(for drawingPath: String) -> String {
        drawingPath + ".journal"
    }

    /// One change, with the identities `LineStore` gave the lines.
    enum Record: Equatable {
        /// A line (straight or freehand) added.
        case added(UInt32, Line)
        case removed(UInt32)
        /// A straight line moved to where `Line` is.
        case moved(UInt32, Line)
        /// A freehand line given a new offset.
        case offset(UInt32, Vector)
        /// A line given a colour and width.
        case restyled(UInt32, StrokeStyle)
        case cleared

        /// The records of one change: a line added with a colour or width
        /// is two (the line, then its style); a line moved or restyled is
        /// one for each that changed; a freehand line scaled or turned
        /// (new samples, not a new offset: the lasso's reshaping) is
        /// written whole again, as an `f` record that replaces it.
        static func records(for change: DrawingChange) -> [Record] {
            switch change {
            case .added(let id, let line):
                let added = Record.added(id.rawValue, line.restyled(.standard))
                return line.style.isStandard ? [added] : [added, .restyled(id.rawValue, line.style)]
            case .removed(let id, _):
                return [.removed(id.rawValue)]
            case .moved(let id, let from, let to) where to.isFreehand && !to.hasSameSamples(as: from):
                return records(for: .added(id, to))
            case .moved(let id, let from, let to):
                var records: [Record] = []
                if from.restyled(.standard) != to.restyled(.standard) {
                    if let points = to.freehandPoints {
                        records.append(.offset(id.rawValue, points.offset))
                    } else {
                        records.append(.moved(id.rawValue, to.restyled(.standard)))
                    }
                }
                if from.style != to.style { records.append(.restyled(id.rawValue, to.style)) }
                return records
            case .cleared:
                return [.cleared]
            }
        }
    }

    // MARK: Writing

    /// Replaces the journal with an empty one for the snapshot `token`
    /// (atomically, as the drawing itself is saved), whose lines had the
    /// identities `ids`, in order.
    static func start(for drawingPath: String, token: String, ids: [UInt32]) throws(DocumentError) {
        try SystemCalls.replaceAtomically(path(for: drawingPath), with: header(token: token, ids: ids))
    }

    /// Whether `token` can be written in a header and read back: one field
    /// of printable ASCII, no space, at most `tokenLengthLimit` bytes. The
    /// app's own are 32 hex digits; a drawing file may hold anything.
    static func isValidToken(_ token: String) -> Bool {
        let bytes = token.utf8
        return !bytes.isEmpty && bytes.count <= tokenLengthLimit && bytes.allSatisfy { (0x21...0x7E).contains($0) }
    }

    static let tokenLengthLimit = 128

    static func header(token: String, ids: [UInt32]) -> [UInt8] {
        // A drawing's token is checked when it is read (`DrawingFileFormat`);
        // the app makes only valid ones.
        precondition(isValidToken(token), "a journal token the header cannot hold")
        var runs: [String] = []
        var index = 0
        while index < ids.count {
            var end = index + 1
            while end < ids.count, ids[end] == ids[end - 1] + 1 { end += 1 }
            runs.append("\(ids[index])+\(end - index)")
            index = end
        }
        return Array("\(magic) \(token) \(runs.isEmpty ? "0+0" : runs.joined(separator: ","))\n".utf8)
    }

    /// Appends `changes` and flushes them to disk. The file is opened for
    /// each append, not kept open: a descriptor open for writing would keep
    /// the file system from being remounted read-only under the app.
    static func append(_ changes: some Sequence<DrawingChange>, for drawingPath: String) throws(DocumentError) {
        var bytes: [UInt8] = []
        for change in changes { for record in Record.records(for: change) { bytes += encode(record) } }
        let journal = path(for: drawingPath)
        // No O_CREAT: a journal deleted meanwhile must not be recreated
        // without its header; the caller then writes a snapshot instead.
        // No link followed, no FIFO waited on, and only into a regular file
        // of the user's: in a folder others can write to, whatever replaced
        // the journal is not appended to.
        let fd = try SystemCalls.open(journal, .writeOnly, options: [.append, .noFollow, .nonBlocking])
        defer { try? fd.close() }
        let status = try SystemCalls.attempt("stat", journal) { () throws(Errno) in try fd.status() }
        try Document.requireOwnRegularFile(status, journal)
        try SystemCalls.attempt("write", journal) { () throws(Errno) in try fd.writeAll(bytes) }
        try SystemCalls.attempt("fsync", journal) { () throws(Errno) in try fd.synchronizeData() }
    }

    static func encode(_ record: Record) -> [UInt8] {
        func coordinates(_ line: Line) -> String {
            "\(line.begin.x) \(line.begin.y) \(line.end.x) \(line.end.y)"
        }
        let body = switch record {
        case .added(let id, let line):
            if let points = line.freehandPoints {
                "f \(id) \(points.offset.dx) \(points.offset.dy)"
                    + points.unmoved.map { " \($0.x) \($0.y) \($0.pressure)" }.joined()
            } else {
                "+ \(id) \(coordinates(line))"
            }
        case .removed(let id): "- \(id)"
        case .moved(let id, let line): "m \(id) \(coordinates(line))"
        case .offset(let id, let offset): "o \(id) \(offset.dx) \(offset.dy)"
        case .restyled(let id, let style): "s \(id) \(style.color.hex) \(Int(style.width.points))"
        case .cleared: "c"
        }
        let bytes = Array(body.utf8)
        return bytes + Array(" #\(hex(checksum(bytes[...])))\n".utf8)
    }

    // MARK: Reading

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
    public struct SkippedRecord: Equatable, Sendable, CustomStringConvertible {
        /// Its line in the journal (the header is line 1).
        public let number: Int
        public let reason: String

        public var description: String { "record \(number) (\(reason))" }
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

    /// `snapshot` (its lines had the identities `contents.ids`, except
    /// those at `droppedPositions`, which the file's reader left out) with
    /// the records applied, in drawing order, and the records that were not
    /// applied: unreadable ones, and those that do not fit (a line that
    /// does not exist, too many lines or points), each skipped alone.
    static func replay(_ contents: Contents, onto snapshot: [Line],
                       droppedPositions: Set<Int> = []) -> (lines: [Line], skipped: [SkippedRecord]) {
        var slots = JournalLineSlots(for: contents)
        let keptIDs = contents.ids.enumerated().lazy.filter { !droppedPositions.contains($0.offset) }.map(\.element)
        for (id, line) in zip(keptIDs, snapshot) { slots[id] = line }
        var count = snapshot.count
        var points = snapshot.reduce(0) { $0 + $1.freehandPointCount }
        var skipped = contents.unreadable
        for (number, record) in contents.records {
            func skip(_ reason: String) { skipped.append(SkippedRecord(number: number, reason: reason)) }
            switch record {
            case .added(let id, let line):
                let replaced = slots[id]
                let newCount = count + (replaced == nil ? 1 : 0)
                let newPoints = points + line.freehandPointCount - (replaced?.freehandPointCount ?? 0)
                guard newCount <= Document.lineLimit, newPoints <= Drawing.pointLimit else {
                    skip("the drawing would have too many lines or points")
                    continue
                }
                slots[id] = line
                count = newCount
                points = newPoints
            case .removed(let id):
                guard let line = slots[id] else { skip("line \(id) does not exist"); continue }
                slots[id] = nil
                count -= 1
                points -= line.freehandPointCount
            case .moved(let id, let line):
                guard let old = slots[id], !old.isFreehand else {
                    skip("straight line \(id) does not exist")
                    continue
                }
                slots[id] = line.restyled(old.style)
            case .offset(let id, let offset):
                guard let old = slots[id], old.isFreehand else {
                    skip("freehand line \(id) does not exist")
                    continue
                }
                let moved = old.withFreehandOffset(offset)
                guard isWithinLimits(moved) else { skip("it moves line \(id) out of range"); continue }
                slots[id] = moved
            case .restyled(let id, let style):
                guard let old = slots[id] else { skip("line \(id) does not exist"); continue }
                slots[id] = old.restyled(style)
            case .cleared:
                slots.removeAll()
                count = 0
                points = 0
            }
        }
        skipped.sort { $0.number < $1.number }
        return (slots.lines, skipped)
    }

    /// Whether a freehand line's points, where they are now, are within
    /// the coordinate limit the loader holds drawings to.
    private static func isWithinLimits(_ line: Line) -> Bool {
        let bounds = line.bounds
        return [bounds.minX, bounds.maxX, bounds.minY, bounds.maxY].allSatisfy {
            $0.isFinite && abs($0) <= Drawing.coordinateLimit
        }
    }

    // MARK: Checksums

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in bytes {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
