#if canImport(Glibc)
import Glibc
#endif

extension Document {
    /// Most links followed before giving up, as the kernel does (ELOOP).
    static let symbolicLinkLimit = 40

    /// The file a drawing path stands for once its last component is no
    /// longer a symbolic link: saving replaces the file by renaming over
    /// it, which would replace a link with a plain file, so saves go to the
    /// target, in the target's directory, and the link stays a link. A
    /// link to a file that does not exist yet gives that file's path (the
    /// first save creates it there). Links in the directories above need no
    /// resolving: renames inside a directory follow them.
    public static func resolvingSymbolicLinks(_ path: String) throws(DocumentError) -> String {
        var current = path
        for _ in 0..<symbolicLinkLimit {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw SystemCalls.failure("readlink", current) }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : SystemCalls.parent(of: current) + "/" + target
        }
        throw SystemCalls.failure("open", path, errno: ELOOP)
    }
}
