#if canImport(Glibc)
import Glibc
#endif

/// A file this process creates, under a name no one else can guess, that
/// did not exist before: the only safe way to create a file in a folder
/// another user may write to (a shared `team/` folder, `/tmp`).
///
/// `O_CREAT|O_EXCL|O_NOFOLLOW`: anything already at the name, a planted
/// symbolic link above all, makes the open fail instead of being written
/// through; the name's random suffix is drawn again then, so a plant can
/// neither redirect the write nor, by guessing, stop it. The mode is given
/// at creation (the umask narrows it, as for any new file) and never
/// widened afterwards: no `fchmod` on a file someone else could have made.
public enum UniqueFile {
    /// Names tried before giving up: a collision of 64 random bits is
    /// never chance, so many in a row mean something refuses every name.
    static let attempts = 16

    /// Creates `<prefix><16 hex digits>` for writing with `permissions`
    /// and returns it open, with its path.
    public static func create(prefix: String, permissions: UInt32) throws(Errno) -> (fd: FileDescriptor, path: String) {
        var lastError = Errno.fileExists
        for _ in 0..<attempts {
            let path = prefix + randomSuffix()
            do {
                let fd = try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusiveCreate, .noFollow],
                                                 permissions: permissions)
                return (fd, path)
            } catch .fileExists {
                lastError = .fileExists
            }
        }
        throw lastError
    }

    /// 64 bits from the system's random source, as 16 hex digits.
    static func randomSuffix() -> String {
        let digits = String(UInt64.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The temporary name prefix for a file that will replace `path`:
    /// hidden, beside it, so the rename stays in one directory.
    public static func temporaryPrefix(replacing path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(directory).\(name).tmp-"
    }
}
