import Canvas
import Platform
import TouchCore

/// Writing the journal: its header for a new snapshot, then the records
/// of each change, appended and flushed.
extension DrawingJournal {
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
}
