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
    ///
    /// A link is followed only to a file of the user's own (or to no file
    /// yet): saving through a link into another user's file, which a link
    /// planted in a shared folder would ask for, is refused.
    public static func resolvingSymbolicLinks(_ path: String) throws(DocumentError) -> String {
        var current = path
        for _ in 0..<symbolicLinkLimit {
            let status = try? FileStatus(linkAt: current)
            guard status?.kind == .symbolicLink else {
                if current != path, let status, !status.isOwnedByThisUser {
                    throw .notYourFile(path: current, found: "the file the link \(path) leads to belongs to "
                                       + "another user (uid \(status.owner))")
                }
                return current
            }
            let link = current
            let target = try SystemCalls.attempt("readlink", link) { () throws(Errno) in try FileSystem.linkTarget(of: link) }
            current = target.hasPrefix("/") ? target : FileSystem.parent(of: current) + "/" + target
        }
        throw SystemCalls.failure("open", path, .tooManySymbolicLinks)
    }
}

extension Document {
    /// Refuses `status` (of the file at `path`, opened to be written into)
    /// unless it is a regular file of the user's, with `refusal` naming what
    /// was found there (by default `notYourFile`; the lock has its own).
    static func requireOwnRegularFile(_ status: FileStatus, _ path: String,
                                      refusal: (_ path: String, _ found: String) -> DocumentError = {
                                          .notYourFile(path: $0, found: $1)
                                      }) throws(DocumentError) {
        guard status.kind == .regular else { throw refusal(path, status.kind.userName) }
        guard status.isOwnedByThisUser else { throw refusal(path, "a file of another user's (uid \(status.owner))") }
    }
}
