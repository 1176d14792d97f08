#if canImport(Glibc)
import Glibc
#endif

/// A POSIX error number, as a system call left it in `errno`, with the
/// text a user is shown for it ("No space left on device").
public struct Errno: Error, Hashable, CustomStringConvertible, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's `errno` now.
    public static var current: Errno { Errno(rawValue: errno) }

    /// strerror's text.
    public var description: String { String(cString: strerror(rawValue)) }

    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    static let interrupted = Errno(rawValue: EINTR)
    public static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
    public static let fileExists = Errno(rawValue: EEXIST)
    public static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
    static let noSpace = Errno(rawValue: ENOSPC)
    static let permissionDenied = Errno(rawValue: EACCES)
    public static let isADirectory = Errno(rawValue: EISDIR)
    static let readOnlyFileSystem = Errno(rawValue: EROFS)
}

/// Runs a system call that returns -1 and sets `errno` on failure, again
/// for as long as a signal interrupts it (EINTR), and throws any other
/// failure. Every retry loop of the app is this one.
@inline(__always)
func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) throws(Errno) -> Result {
    while true {
        let result = call()
        if result >= 0 { return result }
        let error = Errno.current
        if error != .interrupted { throw error }
    }
}
