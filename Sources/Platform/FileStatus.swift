#if canImport(Glibc)
import Glibc
#endif

/// What kind of file a path names (`st_mode & S_IFMT`).
public enum FileKind: Sendable {
    case regular, directory, fifo, characterDevice, blockDevice, socket, symbolicLink, unknown

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symbolicLink
        default: self = .unknown
        }
    }

    /// What a user calls a file of this kind, in a message.
    public var userName: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .symbolicLink: "a symbolic link"
        case .unknown: "not a regular file"
        }
    }
}

/// The part of `stat` the app looks at.
public struct FileStatus: Sendable {
    public let kind: FileKind
    public let size: Int
    /// Device and inode: two paths name the same file when both are equal.
    public let device: UInt64
    public let inode: UInt64
    /// The permission bits (`0o644`), with set-id and sticky bits.
    public let permissions: UInt32
    /// The owner's user id.
    public let owner: UInt32
    /// When its contents last changed (`st_mtim`): seconds since 1970 and
    /// nanoseconds, as the file system keeps them.
    public let modificationSeconds: Int
    public let modificationNanoseconds: Int

    init(_ info: stat) {
        kind = FileKind(mode: info.st_mode)
        permissions = UInt32(info.st_mode) & 0o7777
        size = Int(info.st_size)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        owner = UInt32(info.st_uid)
        modificationSeconds = Int(info.st_mtim.tv_sec)
        modificationNanoseconds = Int(info.st_mtim.tv_nsec)
    }

    /// The file at `path`, following symbolic links (`stat`).
    public init(path: String) throws(Errno) {
        var info = stat()
        _ = try retryingOnInterrupt { stat(path, &info) }
        self.init(info)
    }

    /// The file at `path` itself, a symbolic link not followed (`lstat`).
    public init(linkAt path: String) throws(Errno) {
        var info = stat()
        _ = try retryingOnInterrupt { lstat(path, &info) }
        self.init(info)
    }

    /// Whether the user this process runs as owns the file.
    public var isOwnedByThisUser: Bool {
        owner == CurrentProcess.userID
    }

    public func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }
}
