import Canvas
import Platform
import TouchCore

/// A saved drawing read from its file a line at a time, for a reader that
/// needs none of the lines kept: `--export`, which goes through them once
/// for the page's size and once to write them, in memory that does not
/// grow with the drawing.
///
/// The file is mapped read-only (private) instead of read into an array,
/// and the pages behind the reader are given back as it goes, so neither
/// its bytes nor its lines stay resident. The app replaces a drawing by
/// renaming a new file over it and never writes into one, so the mapped
/// file does not change under the reader.
///
/// Opening reads the drawing through once, with the validation, limits
/// and refusals of `Document.load`. A drawing whose journal holds changes
/// (lines the snapshot has that were since removed or moved) is loaded
/// whole instead, as `Document.load` does, and its lines kept: correctness
/// first, and a journal is folded into the snapshot at every clean quit.
public final class SavedDrawing {
    /// Lines in the drawing: those `forEachLine` hands over, never the
    /// ones left out (`skipped`).
    public private(set) var lineCount = 0
    /// Lines of the file left out for a value out of range, as opening the
    /// drawing leaves them out, so that a reader can say what it skipped.
    public private(set) var skipped: [DroppedLine] = []
    /// The union of the lines' `inkBounds`; nil for an empty drawing.
    public private(set) var inkBounds: Rect?

    private let path: String
    /// Whether there is a file (without one, the drawing is empty).
    private let hasFile: Bool
    /// The file's bytes; nil when it is empty, which `mmap` cannot map.
    private let mapping: MemoryMapping?
    /// The drawing's lines when they could not be streamed (see above).
    private var loaded: [Line]?

    /// Pages are given back each time the reader is this far past the
    /// last release: few system calls, and little held.
    static let releaseInterval = 1 << 20

    /// Opens and reads the drawing at `path`; a missing file is an empty
    /// drawing, anything else `Document.load` refuses throws the same error.
    public init(path: String) throws(DocumentError) {
        self.path = path
        hasFile = try Document.fileExists(at: path)
        mapping = hasFile ? try Self.map(path) : nil
        var bounds: Rect?
        var handedOver = 0
        guard let summary = try visit({ _, line in
            bounds = bounds?.union(line.inkBounds) ?? line.inkBounds
            handedOver += 1
            return true
        }) else { return }
        skipped = summary.dropped
        if Self.journalHasChanges(at: path, for: summary) {
            let lines = try Document.applyingJournal(to: DrawingFileFormat.decode(bytes, path: path), at: path).lines
            mapping?.release(upTo: mapping?.size ?? 0)
            loaded = lines
            lineCount = lines.count
            inkBounds = lines.reduce(nil) { $0?.union($1.inkBounds) ?? $1.inkBounds }
        } else {
            lineCount = handedOver
            inkBounds = bounds
        }
    }

    deinit {
        mapping?.unmap()
    }

    /// Whether the lines are read from the file each time (no journal changes).
    var isStreamed: Bool { loaded == nil }

    /// Hands each line to `body`, in drawing order, as `Document.load`
    /// would return them; `body` returns false to stop. False when stopped.
    /// Throws only if the file no longer reads as it did when opened.
    public func forEachLine(_ body: (Line) -> Bool) throws(DocumentError) -> Bool {
        if let loaded {
            for line in loaded where !body(line) { return false }
            return true
        }
        return try visit { _, line in body(line) } != nil
    }

    // MARK: The file

    private var bytes: UnsafeRawBufferPointer {
        guard let mapping else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: mapping.base, count: mapping.size)
    }

    /// One pass over the file's lines (an empty drawing when there is no file).
    private func visit(_ line: (Int, Line) -> Bool) throws(DocumentError) -> DrawingFileFormat.Summary? {
        guard hasFile else {
            return DrawingFileFormat.Summary(lineCount: 0, journalToken: nil)
        }
        var released = 0
        defer { mapping?.release(upTo: mapping?.size ?? 0) }
        return try DrawingFileFormat.visit(bytes, path: path, progress: { offset in
            guard offset - released >= Self.releaseInterval else { return }
            // The value being read starts at or after the last line's end.
            self.mapping?.release(upTo: offset)
            released = offset
        }, line: line)
    }

    /// The file at `path` mapped read-only, after the checks `Document`
    /// makes before reading one (a regular file, within `byteLimit`); nil
    /// when it is empty.
    private static func map(_ path: String) throws(DocumentError) -> MemoryMapping? {
        try SystemCalls.requireRegularFile(SystemCalls.attempt("stat", path) { () throws(Errno) in try FileStatus(path: path) }, path)
        let fd = try SystemCalls.open(path, .readOnly, options: .nonBlocking)
        defer { try? fd.close() }
        let info = try SystemCalls.attempt("stat", path) { () throws(Errno) in try fd.status() }
        try SystemCalls.requireRegularFile(info, path)
        guard info.size <= Document.byteLimit else {
            throw .tooLarge(path: path, bytes: info.size, limit: Document.byteLimit)
        }
        guard info.size > 0 else { return nil }
        return try SystemCalls.attempt("mmap", path) { () throws(Errno) in
            try MemoryMapping(fd, size: info.size, access: .privateReadOnly)
        }
    }

    /// Whether the journal beside the drawing holds changes for this
    /// snapshot (read as `Document.load` reads it: an unreadable journal,
    /// or another snapshot's, is ignored).
    private static func journalHasChanges(at path: String, for summary: DrawingFileFormat.Summary) -> Bool {
        guard let token = summary.journalToken,
              case .changes? = try? DrawingJournal.read(for: path, token: token, lineCount: summary.lineCount)
        else { return false }
        return true
    }
}
