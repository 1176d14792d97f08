#if canImport(Glibc)
import Glibc
#endif

/// An open file descriptor, in the manner of swift-system's: each call
/// retried on EINTR, each failure thrown as an `Errno`. Always opened
/// close-on-exec. A value type: `close()` it once.
public struct FileDescriptor: Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    public enum AccessMode: Sendable {
        case readOnly, writeOnly, readWrite

        var flags: Int32 {
            switch self {
            case .readOnly: O_RDONLY
            case .writeOnly: O_WRONLY
            case .readWrite: O_RDWR
            }
        }
    }

    public struct OpenOptions: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let create = OpenOptions(rawValue: O_CREAT)
        public static let append = OpenOptions(rawValue: O_APPEND)
        /// With `.create`: fail if the file exists.
        public static let exclusiveCreate = OpenOptions(rawValue: O_EXCL)
        /// Fail (ELOOP) if the last component is a symbolic link.
        public static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
        /// Opening a FIFO or a device never blocks.
        public static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
        /// Fail unless the path is a directory.
        public static let directory = OpenOptions(rawValue: O_DIRECTORY)
    }

    public static func open(_ path: String, _ mode: AccessMode, options: OpenOptions = [],
                            permissions: UInt32 = 0o666) throws(Errno) -> FileDescriptor {
        let fd = try retryingOnInterrupt { Glibc.open(path, mode.flags | options.rawValue | O_CLOEXEC, mode_t(permissions)) }
        return FileDescriptor(rawValue: fd)
    }

    /// Closes the descriptor. Linux releases it even when close reports
    /// EINTR, so it is never retried; a reported failure (a network file
    /// system's late write error) is thrown.
    public func close() throws(Errno) {
        if Glibc.close(rawValue) != 0, Errno.current != .interrupted { throw Errno.current }
    }

    /// Reads into `bytes` from index `start` to its end; 0 at the end of the file.
    public func read(into bytes: inout [UInt8], startingAt start: Int = 0) throws(Errno) -> Int {
        try retryingOnInterrupt {
            bytes.withUnsafeMutableBytes { Glibc.read(rawValue, $0.baseAddress! + start, $0.count - start) }
        }
    }

    /// Reads into `bytes` from the file's `offset`, leaving the file position alone.
    public func read(fromAbsoluteOffset offset: Int, into bytes: inout [UInt8]) throws(Errno) -> Int {
        try retryingOnInterrupt {
            bytes.withUnsafeMutableBytes { pread(rawValue, $0.baseAddress, $0.count, off_t(offset)) }
        }
    }

    /// Writes every byte, however many calls that takes.
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < buffer.count {
            offset += try retryingOnInterrupt { Glibc.write(rawValue, buffer.baseAddress! + offset, buffer.count - offset) }
        }
    }

    public func writeAll(_ bytes: [UInt8]) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            offset += try retryingOnInterrupt {
                bytes.withUnsafeBytes { Glibc.write(rawValue, $0.baseAddress! + offset, $0.count - offset) }
            }
        }
    }

    public func writeAll(_ text: String) throws(Errno) {
        try writeAll(Array(text.utf8))
    }

    /// Flushes the file's data and metadata to the disk (`fsync`).
    public func synchronize() throws(Errno) {
        _ = try retryingOnInterrupt { fsync(rawValue) }
    }

    /// Flushes the file's data, and the metadata needed to read it back (`fdatasync`).
    public func synchronizeData() throws(Errno) {
        _ = try retryingOnInterrupt { fdatasync(rawValue) }
    }

    public func status() throws(Errno) -> FileStatus {
        var info = stat()
        _ = try retryingOnInterrupt { fstat(rawValue, &info) }
        return FileStatus(info)
    }

    public func resize(to size: Int) throws(Errno) {
        _ = try retryingOnInterrupt { ftruncate(rawValue, off_t(size)) }
    }

    /// Takes an exclusive `flock` without waiting: false when another open
    /// file description holds it.
    public func tryLockExclusively() throws(Errno) -> Bool {
        do {
            _ = try retryingOnInterrupt { flock(rawValue, LOCK_EX | LOCK_NB) }
            return true
        } catch where error == .wouldBlock {
            return false
        }
    }

    public func unlock() {
        _ = flock(rawValue, LOCK_UN)
    }
}
