import CCairo
import Canvas
import Platform

/// The file an export is written to: a temporary file in the target's
/// directory that replaces the target only once it is complete and on
/// disk (`commit`), so a failed export leaves the previous one intact.
///
/// Cairo writes through `cairoWrite`, which keeps the first failing
/// `write`'s errno: Cairo itself only reports "error while writing to
/// output stream", and the user needs to read "No space left on device".
final class ExportFile {
    let target: String
    let temporary: String
    private var fd: FileDescriptor?
    /// The first write failure, if one happened.
    private(set) var writeError: Errno?
    private var committed = false

    /// Creates the temporary file beside `target` (which has no symbolic
    /// link at its end: see `Document.resolvingSymbolicLinks`).
    init(target: String) throws(ExportError) {
        self.target = target
        // 0666 less the umask, as for any file a user saves; created
        // exclusively under a random name (see `UniqueFile`).
        do {
            let (fd, temporary) = try UniqueFile.create(prefix: UniqueFile.temporaryPrefix(replacing: target),
                                                        permissions: 0o666)
            self.fd = fd
            self.temporary = temporary
        } catch {
            throw Self.failure(target, error)
        }
    }

    deinit {
        try? fd?.close()
        if !committed { try? FileSystem.remove(temporary) }
    }

    /// Appends `count` bytes; after a failure, keeps failing.
    func write(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        guard writeError == nil, let fd else { return false }
        do {
            try fd.writeAll(UnsafeRawBufferPointer(start: bytes, count: count))
            return true
        } catch {
            writeError = error
            return false
        }
    }

    /// Flushes the file to disk and renames it over the target, then makes
    /// the rename durable.
    func commit() throws(ExportError) {
        if let writeError { throw Self.failure(target, writeError) }
        guard let fd else { return }
        self.fd = nil
        do {
            try fd.synchronize()
        } catch {
            try? fd.close()
            throw Self.failure(target, error)
        }
        do {
            // A network file system may report a failed write only at close.
            try fd.close()
            try FileSystem.rename(temporary, to: target)
            committed = true
        } catch {
            throw Self.failure(target, error)
        }
        try? FileSystem.synchronizeDirectory(FileSystem.parent(of: target))
    }

    /// The error for a write that failed with `code`, or Cairo's `status`
    /// when no write failed (out of memory, an invalid size).
    func failure(_ status: cairo_status_t) -> ExportError {
        if let writeError { return Self.failure(target, writeError) }
        return .cannotWrite(path: target, reason: String(cString: cairo_status_to_string(status)))
    }

    static func failure(_ path: String, _ error: Errno) -> ExportError {
        .cannotWrite(path: path, reason: error.description)
    }

    /// Cairo's write callback; `closure` is an unretained `ExportFile`.
    static let cairoWrite: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let file = Unmanaged<ExportFile>.fromOpaque(closure).takeUnretainedValue()
        return file.write(data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    /// The closure argument for `cairoWrite`; valid while `self` lives.
    var cairoClosure: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }
}
