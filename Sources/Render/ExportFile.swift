import CCairo
import Canvas
#if canImport(Glibc)
import Glibc
#endif

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
    private var fd: Int32
    /// errno of the first write that failed, if one did.
    private(set) var writeError: Int32?
    private var committed = false

    /// Creates the temporary file beside `target` (which has no symbolic
    /// link at its end: see `Document.resolvingSymbolicLinks`).
    init(target: String) throws(ExportError) {
        self.target = target
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        temporary = "\(directory.isEmpty ? "" : directory)/.\(name).tmp-\(getpid())"
        // 0666 less the umask, as for any file a user saves; O_EXCL after
        // removing a leftover of a crashed export with our pid.
        unlink(temporary)
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw Self.failure(target, errno) }
    }

    deinit {
        if fd >= 0 { close(fd) }
        if !committed { unlink(temporary) }
    }

    /// Appends `count` bytes; after a failure, keeps failing.
    func write(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        guard writeError == nil else { return false }
        var offset = 0
        while offset < count {
            let written = Glibc.write(fd, bytes + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                writeError = errno
                return false
            }
            offset += written
        }
        return true
    }

    /// Flushes the file to disk and renames it over the target, then makes
    /// the rename durable.
    func commit() throws(ExportError) {
        if let writeError { throw Self.failure(target, writeError) }
        guard fsync(fd) == 0 else { throw Self.failure(target, errno) }
        let closed = close(fd)
        fd = -1
        // A network file system may report a failed write only at close.
        guard closed == 0 || errno == EINTR else { throw Self.failure(target, errno) }
        guard rename(temporary, target) == 0 else { throw Self.failure(target, errno) }
        committed = true
        let directory = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let directoryFD = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// The error for a write that failed with `code`, or Cairo's `status`
    /// when no write failed (out of memory, an invalid size).
    func failure(_ status: cairo_status_t) -> ExportError {
        if let writeError { return Self.failure(target, writeError) }
        return .cannotWrite(path: target, reason: String(cString: cairo_status_to_string(status)))
    }

    static func failure(_ path: String, _ code: Int32) -> ExportError {
        .cannotWrite(path: path, reason: String(cString: strerror(code)))
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
