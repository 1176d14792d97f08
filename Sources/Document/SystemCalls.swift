import Platform

/// The document's file operations on the platform layer, each failure
/// turned into a `DocumentError` that names the operation and the path.
enum SystemCalls {
    /// Runs `call`, naming `operation` and `path` if it fails.
    static func attempt<Result>(_ operation: String, _ path: String,
                                _ call: () throws(Errno) -> Result) throws(DocumentError) -> Result {
        do {
            return try naming(operation, path, call)
        } catch {
            throw failure(error)
        }
    }

    static func failure(_ operation: String, _ path: String, _ error: Errno) -> DocumentError {
        .system(operation: operation, path: path, errno: error.rawValue, reason: error.description)
    }

    static func failure(_ error: FileOperationError) -> DocumentError {
        failure(error.operation, error.path, error.errno)
    }

    static func open(_ path: String, _ mode: FileDescriptor.AccessMode, options: FileDescriptor.OpenOptions = [],
                     permissions: UInt32 = 0) throws(DocumentError) -> FileDescriptor {
        try attempt("open", path) { () throws(Errno) in
            try FileDescriptor.open(path, mode, options: options, permissions: permissions)
        }
    }

    /// Reads a regular file of at most `limit` bytes; larger files are
    /// refused before a byte is read. Anything else (a directory, a FIFO,
    /// a device) is refused before it is opened, and opening never blocks:
    /// a FIFO swapped in meanwhile is caught by the second check.
    static func readFile(_ path: String, limit: Int) throws(DocumentError) -> [UInt8] {
        try requireRegularFile(attempt("stat", path) { () throws(Errno) in try FileStatus(path: path) }, path)
        let fd = try open(path, .readOnly, options: .nonBlocking)
        defer { try? fd.close() }
        let info = try attempt("stat", path) { () throws(Errno) in try fd.status() }
        try requireRegularFile(info, path)
        guard info.size <= limit else { throw .tooLarge(path: path, bytes: info.size, limit: limit) }
        // One byte more than the size: reading the whole file then ends with
        // a read of 0 bytes without growing the array (which would double
        // its capacity: a 75 MB drawing would take 150 MB to read).
        var bytes = [UInt8](repeating: 0, count: info.size + 1)
        var offset = 0
        while true {
            // Read past the reported size too, in case the file grew meanwhile.
            if offset == bytes.count {
                guard bytes.count < limit else { throw .tooLarge(path: path, bytes: bytes.count + 1, limit: limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(65536, limit + 1 - bytes.count)))
            }
            let got = try attempt("read", path) { () throws(Errno) in try fd.read(into: &bytes, startingAt: offset) }
            if got == 0 { break }
            offset += got
        }
        bytes.removeLast(bytes.count - offset)
        return bytes
    }

    static func requireRegularFile(_ info: FileStatus, _ path: String) throws(DocumentError) {
        guard info.kind != .regular else { return }
        throw .notAFile(path: path, kind: info.kind.userName)
    }

    /// Replaces the file at `path` with `bytes` (0600) atomically (see
    /// `AtomicReplacement`). `beforeRename` runs just before the rename
    /// (tests play a crash there).
    static func replaceAtomically(_ path: String, with bytes: [UInt8],
                                  beforeRename: () throws(DocumentError) -> Void = {}) throws(DocumentError) {
        let replacement: AtomicReplacement
        do {
            replacement = try AtomicReplacement.prepare(path, with: bytes)
        } catch {
            throw failure(error)
        }
        do {
            try beforeRename()
        } catch {
            replacement.discard()
            throw error
        }
        do {
            try replacement.commit()
        } catch {
            throw failure(error)
        }
    }

    /// Creates `path` and any missing parents, private to the user (0700).
    static func makeDirectories(_ path: String) throws(DocumentError) {
        try attempt("mkdir", path) { () throws(Errno) in try FileSystem.makeDirectories(path, permissions: 0o700) }
    }
}
