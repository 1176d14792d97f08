#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs mounted for one test, to play a full disk or a read-only
/// folder for real: root ignores permission bits, but not `ENOSPC` or
/// `EROFS`. Mounting needs root (or CAP_SYS_ADMIN); where it is refused,
/// `isAvailable` is false and the tests that need it are skipped with a
/// message saying so.
public final class ScratchFileSystem {
    /// The mount point: an empty directory of `size` bytes.
    public let path: String
    private var mounted = false

    /// Whether this process may mount a tmpfs (checked once, by trying).
    public static let isAvailable: Bool = {
        guard let probe = try? ScratchFileSystem(size: 65_536) else { return false }
        _ = probe
        return true
    }()

    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// Mounts a fresh tmpfs of `size` bytes (rounded up to pages by the kernel).
    public init(size: Int) throws {
        var template = Array("/tmp/touchtracker-tmpfs-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Refused(description: "mkdtemp: errno \(errno)") }
        path = String(cString: made)
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(size),mode=0755") == 0 else {
            let code = errno
            rmdir(path)
            throw Refused(description: "cannot mount a tmpfs at \(path): \(String(cString: strerror(code)))")
        }
        mounted = true
    }

    deinit {
        if mounted { umount2(path, Int32(MNT_DETACH)) }
        rmdir(path)
    }

    /// Makes the file system read-only (writes fail with EROFS, even for root).
    public func makeReadOnly() throws {
        guard mount("tmpfs", path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0 else {
            throw Refused(description: "cannot remount \(path) read-only: \(String(cString: strerror(errno)))")
        }
    }

    /// Makes it writable again.
    public func makeWritable() throws {
        guard mount("tmpfs", path, "tmpfs", UInt(MS_REMOUNT), nil) == 0 else {
            throw Refused(description: "cannot remount \(path) writable: \(String(cString: strerror(errno)))")
        }
    }

    /// Fills the free space with one file, `filler`, so the next write fails
    /// with ENOSPC; returns its path (delete it to free the space again).
    @discardableResult
    public func fill() -> String {
        let filler = path + "/filler"
        let fd = open(filler, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        precondition(fd >= 0, "cannot create \(filler)")
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0x55, count: 4096)
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        // A last partial page may still take a few bytes.
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, 1) }) > 0 {}
        return filler
    }
}
