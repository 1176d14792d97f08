import Platform

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
            guard (try? FileStatus(linkAt: current))?.kind == .symbolicLink else { return current }
            let link = current
            let target = try SystemCalls.attempt("readlink", link) { () throws(Errno) in try FileSystem.linkTarget(of: link) }
            current = target.hasPrefix("/") ? target : FileSystem.parent(of: current) + "/" + target
        }
        throw SystemCalls.failure("open", path, .tooManySymbolicLinks)
    }
}
