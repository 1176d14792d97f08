import Platform

/// A copy of something the app will not apply or overwrite (a journal it
/// could not use, a drawing changed by another program, a damaged file),
/// kept beside the drawing under a new name so the user can get it back.
///
/// The copy is a new file, created exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`,
/// mode 0600): whatever already has the name, a file or a symbolic link
/// planted there, is never written through or over; the next free name is
/// taken instead. It is flushed to disk, with its directory, before its
/// name is handed back, so the original may then go.
enum KeptCopy {
    /// Names tried before giving up: a counter past the first.
    static let nameAttempts = 1000

    /// Writes `bytes` to `<path>.<kind>-<UTC timestamp>` (with a counter
    /// while that name is taken) and returns its path.
    static func keep(_ bytes: [UInt8], besides path: String, as kind: String, time: Int) throws(DocumentError) -> String {
        let stamp = Document.utcStamp(time)
        return try write(bytes) { attempt in
            attempt == 0 ? "\(path).\(kind)-\(stamp)" : "\(path).\(kind)-\(stamp)-\(attempt)"
        }
    }

    /// Writes `bytes` to the first of `name(0)`, `name(1)`, … that does not
    /// exist, and returns it.
    static func write(_ bytes: [UInt8], name: (Int) -> String) throws(DocumentError) -> String {
        for attempt in 0..<nameAttempts {
            let target = name(attempt)
            let fd: FileDescriptor
            do {
                fd = try FileDescriptor.open(target, .writeOnly, options: [.create, .exclusiveCreate, .noFollow],
                                             permissions: 0o600)
            } catch where error == .fileExists {
                continue
            } catch {
                throw SystemCalls.failure("create", target, error)
            }
            let written = Result { () throws(DocumentError) in
                try SystemCalls.attempt("write", target) { () throws(Errno) in
                    try fd.writeAll(bytes)
                    try fd.synchronize()
                }
            }
            let closed = Result { () throws(DocumentError) in
                try SystemCalls.attempt("close", target) { () throws(Errno) in try fd.close() }
            }
            do {
                try written.get()
                try closed.get()
                let directory = FileSystem.parent(of: target)
                try SystemCalls.attempt("fsync", directory) { () throws(Errno) in
                    try FileSystem.synchronizeDirectory(directory)
                }
            } catch {
                // A partial copy would pass for the whole one.
                try? FileSystem.remove(target)
                throw error
            }
            return target
        }
        throw SystemCalls.failure("create", name(nameAttempts - 1), .fileExists)
    }
}
