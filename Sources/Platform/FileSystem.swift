import CPlatform
#if canImport(Glibc)
import Glibc
#endif

/// Calls on paths rather than on open files.
public enum FileSystem {
    public static func exists(_ path: String) -> Bool {
        (try? FileStatus(linkAt: path)) != nil
    }

    public static func rename(_ path: String, to target: String) throws(Errno) {
        _ = try retryingOnInterrupt { Glibc.rename(path, target) }
    }

    /// Renames `path` to `target` only if nothing has that name: EEXIST
    /// otherwise, never a file or link replaced (`RENAME_NOREPLACE`).
    public static func renameWithoutReplacing(_ path: String, to target: String) throws(Errno) {
        _ = try retryingOnInterrupt { tt_rename_without_replacing(path, target) }
    }

    /// Removes a file; one that is already gone is not an error.
    public static func remove(_ path: String) throws(Errno) {
        do {
            _ = try retryingOnInterrupt { unlink(path) }
        } catch where error == .noSuchFileOrDirectory {}
    }

    /// Creates a new private directory `/tmp/PREFIX-XXXXXX` (`mkdtemp`) and returns its path.
    public static func makeTemporaryDirectory(prefix: String) throws(Errno) -> String {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw Errno.current }
        return String(cString: created)
    }

    /// Removes the empty directory at `path` (`rmdir`).
    public static func removeDirectory(_ path: String) throws(Errno) {
        _ = try retryingOnInterrupt { rmdir(path) }
    }

    /// Creates `path` and any missing parents with `permissions` (like `mkdir -p`).
    public static func makeDirectories(_ path: String, permissions: UInt32) throws(Errno) {
        if path.isEmpty || exists(path) { return }
        try makeDirectories(parent(of: path), permissions: permissions)
        do {
            _ = try retryingOnInterrupt { mkdir(path, mode_t(permissions)) }
        } catch where error == .fileExists {}
    }

    /// The target a symbolic link holds, as written in the link.
    public static func linkTarget(of path: String) throws(Errno) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = try retryingOnInterrupt { readlink(path, &buffer, buffer.count - 1) }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Makes a rename or a new file in `directory` durable.
    public static func synchronizeDirectory(_ directory: String) throws(Errno) {
        let fd = try FileDescriptor.open(directory, .readOnly, options: .directory)
        defer { try? fd.close() }
        try fd.synchronize()
    }

    /// Whether this process may write to `path` (`access(W_OK)`): for a
    /// file that does not exist, whether it may create it in its directory.
    /// Throws what stops it: no such directory, permission denied, …
    public static func checkWritable(_ path: String) throws(Errno) {
        if exists(path) {
            _ = try retryingOnInterrupt { access(path, W_OK) }
        } else {
            _ = try retryingOnInterrupt { access(parent(of: path), W_OK | X_OK) }
        }
    }

    /// The directory part of `path`: "." for a bare name, "/" at the root.
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
