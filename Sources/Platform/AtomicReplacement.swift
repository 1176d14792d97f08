/// Replacing a file's contents so that a crash at any point leaves either
/// the old file or the new one, never a mix: the new contents go to a
/// temporary file beside it, are flushed to the disk, then renamed over it,
/// and the directory is flushed so the rename itself is durable.
///
/// Two steps, so a caller can act between them (tests play a crash there):
/// `prepare` writes the temporary file, `commit` renames it.
public struct AtomicReplacement {
    public let path: String
    public let temporary: String

    /// Writes `bytes` to a new file beside `path` (see `UniqueFile`: created
    /// exclusively under a random name, no link followed, `permissions`
    /// from its creation), creating the directory (0700) if needed, and
    /// flushes it.
    public static func prepare(_ path: String, with bytes: [UInt8],
                               permissions: UInt32 = 0o600) throws(FileOperationError) -> AtomicReplacement {
        let directory = FileSystem.parent(of: path)
        try naming("mkdir", directory) { () throws(Errno) in try FileSystem.makeDirectories(directory, permissions: 0o700) }
        let (fd, temporary) = try naming("create a file beside", path) { () throws(Errno) in
            try UniqueFile.create(prefix: UniqueFile.temporaryPrefix(replacing: path), permissions: permissions)
        }
        do {
            defer { try? fd.close() }
            try naming("write", temporary) { () throws(Errno) in try fd.writeAll(bytes) }
            try naming("fsync", temporary) { () throws(Errno) in try fd.synchronize() }
        } catch {
            try? FileSystem.remove(temporary)
            throw error
        }
        return AtomicReplacement(path: path, temporary: temporary)
    }

    /// Renames the temporary file over `path` and makes that durable.
    public func commit() throws(FileOperationError) {
        do {
            try naming("rename", path) { () throws(Errno) in try FileSystem.rename(temporary, to: path) }
        } catch {
            discard()
            throw error
        }
        let directory = FileSystem.parent(of: path)
        try naming("fsync", directory) { () throws(Errno) in try FileSystem.synchronizeDirectory(directory) }
    }

    /// Removes the temporary file: `path` stays as it was.
    public func discard() {
        try? FileSystem.remove(temporary)
    }

    /// `prepare`, then `commit`.
    public static func replace(_ path: String, with bytes: [UInt8], permissions: UInt32 = 0o600) throws(FileOperationError) {
        try prepare(path, with: bytes, permissions: permissions).commit()
    }
}
