import Platform

/// Which file the drawing's path names, and how it was, when a session
/// last read or wrote it: its device and inode (a file renamed over it is
/// another), its size and modification time (an edit in place changes
/// them). The app's own journal appends leave the drawing file alone, so a
/// different version before a save means another program changed the
/// drawing meanwhile, and the save must not overwrite that silently
/// (`Document.keepOutsideVersion`).
public struct DrawingFileVersion: Equatable, Sendable {
    private let device: UInt64
    private let inode: UInt64
    private let size: Int
    private let modificationSeconds: Int
    private let modificationNanoseconds: Int

    /// The drawing file at `path` as it is now (the link itself, if it is
    /// one: a session saves to a resolved path); nil when there is none.
    public init?(path: String) {
        guard let status = try? FileStatus(linkAt: path) else { return nil }
        device = status.device
        inode = status.inode
        size = status.size
        modificationSeconds = status.modificationSeconds
        modificationNanoseconds = status.modificationNanoseconds
    }
}

extension Document {
    /// Keeps the drawing file at `path`, as another program left it, in a
    /// new file beside it, `<name>.outside-<UTC timestamp>.json` (see
    /// `KeptCopy`), before the session's own save replaces it. Returns its path.
    public static func keepOutsideVersion(of path: String, time: Int = Time.secondsSince1970()) throws(DocumentError) -> String {
        let bytes = try SystemCalls.readFile(path, limit: byteLimit)
        let stem = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
        let stamp = utcStamp(time)
        return try KeptCopy.write(bytes) { attempt in
            attempt == 0 ? "\(stem).outside-\(stamp).json" : "\(stem).outside-\(stamp)-\(attempt).json"
        }
    }
}
