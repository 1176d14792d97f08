/// Which file a path names, for telling whether two paths name one file
/// whatever their spelling (`./a`, `dir/../a`, a symbolic or hard link):
/// the file's device and inode when it exists; when it does not, its
/// directory's device and inode and its name, which is the file creating
/// it would make.
public struct FileIdentity: Hashable, Sendable {
    private let device: UInt64
    private let inode: UInt64
    /// The name in that directory, for a file that does not exist yet.
    private let name: String?

    /// The identity of `path`, following symbolic links; nil when neither
    /// it nor its directory can be looked at (no such directory).
    public init?(path: String) {
        if let status = try? FileStatus(path: path) {
            device = status.device
            inode = status.inode
            name = nil
            return
        }
        guard let directory = try? FileStatus(path: FileSystem.parent(of: path)) else { return nil }
        device = directory.device
        inode = directory.inode
        name = path.split(separator: "/").last.map(String.init) ?? path
    }
}
