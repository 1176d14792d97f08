/// A failed call on a file: which operation, on which path, and why.
public struct FileOperationError: Error, CustomStringConvertible {
    public let operation: String
    public let path: String
    public let errno: Errno

    public init(_ operation: String, _ path: String, _ errno: Errno) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    public var description: String { "\(operation) \(path): \(errno)" }
}

/// Runs `call`, naming `operation` and `path` if it fails.
@inline(__always)
public func naming<Result>(_ operation: String, _ path: String,
                           _ call: () throws(Errno) -> Result) throws(FileOperationError) -> Result {
    do {
        return try call()
    } catch {
        throw FileOperationError(operation, path, error)
    }
}
