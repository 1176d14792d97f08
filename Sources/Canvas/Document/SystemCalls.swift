#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX calls the document needs, each retried on EINTR and turned
/// into a `DocumentError` that names the operation and the path.
enum SystemCalls {
    static func check(_ operation: String, _ path: String, _ call: () -> Int32) throws(DocumentError) -> Int32 {
        while true {
            let result = call()
            if result >= 0 { return result }
            if errno == EINTR { continue }
            throw failure(operation, path)
        }
    }

    static func failure(_ operation: String, _ path: String, errno code: Int32 = errno) -> DocumentError {
        .system(operation: operation, path: path, errno: code, reason: String(cString: strerror(code)))
    }

    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(DocumentError) -> Int32 {
        try check("open", path) { Glibc.open(path, flags | O_CLOEXEC, mode) }
    }

    static func close(_ fd: Int32) {
        // Linux releases the descriptor even when close reports EINTR: never retry.
        _ = Glibc.close(fd)
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(DocumentError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("write", path)
            }
            offset += written
        }
    }

    /// Reads a regular file of at most `limit` bytes; larger files are
    /// refused before a byte is read. Anything else (a directory, a FIFO,
    /// a device) is refused before it is opened, and opening never blocks:
    /// a FIFO swapped in meanwhile is caught by the second check.
    static func readFile(_ path: String, limit: Int) throws(DocumentError) -> [UInt8] {
        var info = stat()
        _ = try check("stat", path) { stat(path, &info) }
        try requireRegularFile(info, path)
        let fd = try open(path, O_RDONLY | O_NONBLOCK)
        defer { close(fd) }
        _ = try check("stat", path) { fstat(fd, &info) }
        try requireRegularFile(info, path)
        guard Int(info.st_size) <= limit else {
            throw .tooLarge(path: path, bytes: Int(info.st_size), limit: limit)
        }
        // One byte more than the size: reading the whole file then ends with
        // a read of 0 bytes without growing the array (which would double
        // its capacity: a 75 MB drawing would take 150 MB to read).
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var offset = 0
        while true {
            // Read past the reported size too, in case the file grew meanwhile.
            if offset == bytes.count {
                guard bytes.count < limit else { throw .tooLarge(path: path, bytes: bytes.count + 1, limit: limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(65536, limit + 1 - bytes.count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if got == 0 { break }
            offset += got
        }
        bytes.removeLast(bytes.count - offset)
        return bytes
    }

    static func requireRegularFile(_ info: stat, _ path: String) throws(DocumentError) {
        let kind = info.st_mode & S_IFMT
        guard kind != S_IFREG else { return }
        throw .notAFile(path: path, kind: kindName(kind))
    }

    /// What a user calls a file of this `st_mode & S_IFMT`.
    static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// Replaces the file at `path` with `bytes`: written to a temporary
    /// file beside it (0600), flushed, renamed over it, and the rename made
    /// durable. Creates the directory (0700) if needed. `beforeRename` runs
    /// just before the rename (tests play a crash there).
    static func replaceAtomically(_ path: String, with bytes: [UInt8],
                                  beforeRename: () throws(DocumentError) -> Void = {}) throws(DocumentError) {
        let directory = parent(of: path)
        try makeDirectories(directory, mode: 0o700)
        let temporary = "\(path).tmp-\(getpid())"
        let fd = try open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(fd) }
            // O_CREAT's mode does not apply to a leftover file from a crash.
            _ = try check("chmod", temporary) { fchmod(fd, 0o600) }
            try writeAll(fd, bytes, path: temporary)
            _ = try check("fsync", temporary) { fsync(fd) }
        }
        try beforeRename()
        _ = try check("rename", path) { rename(temporary, path) }
        renamed = true
        let directoryFD = try open(directory, O_RDONLY | O_DIRECTORY)
        defer { close(directoryFD) }
        _ = try check("fsync", directory) { fsync(directoryFD) }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Creates `path` and any missing parents with `mode` (like `mkdir -p`).
    static func makeDirectories(_ path: String, mode: mode_t) throws(DocumentError) {
        if path.isEmpty || exists(path) { return }
        try makeDirectories(parent(of: path), mode: mode)
        if mkdir(path, mode) != 0 && errno != EEXIST { throw failure("mkdir", path) }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension Document {
    /// What a user calls a file of type `kind` (`st_mode & S_IFMT`): "a directory", "a FIFO (named pipe)"...
    public static func kindName(ofFileType kind: mode_t) -> String {
        SystemCalls.kindName(kind)
    }
}
