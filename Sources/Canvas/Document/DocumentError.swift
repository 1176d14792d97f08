/// Why a drawing could not be loaded or saved, with a message for the user.
public enum DocumentError: Error, Equatable, CustomStringConvertible {
    /// The file is bigger than `Document.byteLimit`; it was not read.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// Not a regular file (a directory, a FIFO...).
    case notAFile(path: String)
    /// Not valid JSON, truncated, or values of the wrong type.
    case malformed(path: String, reason: String)
    /// Valid JSON but not a TouchTracker drawing.
    case wrongFormat(path: String, found: String)
    case unsupportedVersion(path: String, version: Int)
    /// More lines than `Document.lineLimit`.
    case tooManyLines(path: String, limit: Int)
    /// A coordinate that is NaN, infinite or beyond ±`Document.coordinateLimit`.
    case badCoordinate(path: String, line: Int, value: Double)
    /// A system call failed (`errno` value and its text).
    case system(operation: String, path: String, errno: Int32, reason: String)

    public var description: String {
        switch self {
        case .tooLarge(let path, let bytes, let limit):
            "\(path): the file is \(bytes) bytes, more than the \(limit)-byte limit for a drawing"
        case .notAFile(let path):
            "\(path): not a regular file"
        case .malformed(let path, let reason):
            "\(path): not a readable drawing (\(reason))"
        case .wrongFormat(let path, let found):
            "\(path): not a TouchTracker drawing (format \"\(found)\")"
        case .unsupportedVersion(let path, let version):
            "\(path): drawing format version \(version) is not supported (this app reads version 1)"
        case .tooManyLines(let path, let limit):
            "\(path): more than \(limit) lines"
        case .badCoordinate(let path, let line, let value):
            "\(path): line \(line) has an invalid coordinate \(value) (allowed: finite, within ±\(Int(Document.coordinateLimit)))"
        case .system(let operation, let path, _, let reason):
            "\(path): \(operation) failed: \(reason)"
        }
    }
}
