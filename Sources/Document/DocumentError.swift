import Canvas
import JSONLine


/// Why a drawing could not be loaded or saved, with a message for the user.
public enum DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is bigger than `Document.byteLimit`; it was not read.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// Not a regular file: a directory, a FIFO, a device, a socket.
    case notAFile(path: String, kind: String)
    /// Not valid JSON, truncated, or values of the wrong type.
    case malformed(path: String, reason: String)
    /// Valid JSON but not a TouchTracker drawing.
    case wrongFormat(path: String, found: String)
    case unsupportedVersion(path: String, version: Int)
    /// More lines than `Document.lineLimit`.
    case tooManyLines(path: String, limit: Int)
    /// A coordinate that is NaN, infinite or beyond ±`Drawing.coordinateLimit`.
    case badCoordinate(path: String, line: Int, value: Double)
    /// A freehand line with more points than `Drawing.strokePointLimit`
    /// (`line` given), or freehand lines with more than
    /// `Drawing.pointLimit` in all (`line` nil).
    case tooManyPoints(path: String, line: Int?, limit: Int)
    /// A freehand point's pressure that is not a number within 0…1.
    case badPressure(path: String, line: Int, value: Double)
    /// The drawing file is read-only (its owner may not write it, as with
    /// mode 0444): it is not saved over (see `Document.requireWritable`).
    case readOnly(path: String, permissions: UInt32)
    /// Something other than a regular file (a FIFO, a device, a directory)
    /// where the drawing's lock file goes (see `DrawingLock`).
    case notALockFile(path: String, kind: String)
    /// A file the app would write into (the journal, the target of a link
    /// named as the drawing) that is not a regular file of the user's: in a
    /// folder others can write to, one may have been put there to make the
    /// app write into something else (see `Document.requireOwnRegularFile`).
    case notYourFile(path: String, found: String)
    /// Another process holds the drawing's lock (see `DrawingLock`); its
    /// pid when the lock file names one.
    case locked(path: String, holder: Int32?)
    /// The drawing's lock file was deleted or replaced while this process
    /// held it, and another process took the drawing meanwhile (it holds
    /// the new lock, `holder`, or it changed the files): this process must
    /// not save over its work.
    case lockLost(path: String, holder: Int32?)
    /// A system call failed (`errno` value and its text).
    case system(operation: String, path: String, errno: Int32, reason: String)

    public var description: String {
        switch self {
        case .tooLarge(let path, let bytes, let limit):
            "\(path): the file is \(bytes) bytes, more than the \(limit)-byte limit for a drawing"
        case .notAFile(let path, let kind):
            "\(path): \(kind), not a drawing file"
        case .malformed(let path, let reason):
            "\(path): not a readable drawing (\(reason))"
        case .wrongFormat(let path, let found):
            "\(path): not a TouchTracker drawing (format \"\(Excerpt.of(found))\")"
        case .unsupportedVersion(let path, let version):
            "\(path): drawing format version \(version) is not supported (this app reads versions 1, 2 and 3)"
        case .tooManyLines(let path, let limit):
            "\(path): more than \(limit) lines"
        case .badCoordinate(let path, let line, let value):
            "\(path): line \(line) has an invalid coordinate \(value) (allowed: finite, within ±\(Int(Drawing.coordinateLimit)))"
        case .tooManyPoints(let path, let line?, let limit):
            "\(path): line \(line) has more than \(limit) points"
        case .tooManyPoints(let path, nil, let limit):
            "\(path): more than \(limit) points in freehand lines"
        case .badPressure(let path, let line, let value):
            "\(path): line \(line) has an invalid pressure \(value) (allowed: 0 to 1)"
        case .readOnly(let path, let permissions):
            "\(path): the drawing is read-only (mode \(Self.octal(permissions))), so it is not saved over; "
                + "make it writable (chmod u+w) to save there"
        case .notALockFile(let path, let kind):
            "\(path): \(kind) where the drawing's lock file should be; remove it to open the drawing"
        case .notYourFile(let path, let found):
            "\(path): \(found); touchtracker writes only into regular files of your own, so it leaves this one alone"
        case .locked(let path, let holder?):
            "\(path) is open in another touchtracker (process \(holder)); close that one first"
        case .locked(let path, nil):
            "\(path) is open in another touchtracker; close that one first"
        case .lockLost(let path, let holder):
            "\(path): its lock file was removed and another touchtracker"
                + (holder.map { " (process \($0))" } ?? "") + " opened it meanwhile; this one no longer saves it"
        case .system(let operation, let path, _, let reason):
            "\(path): \(operation) failed: \(reason)"
        }
    }

    /// The failure in a few words, without the path: what the canvas banner shows.
    public var reason: String {
        switch self {
        case .system(let operation, _, _, let reason): "\(operation) failed: \(reason)"
        case .lockLost: "another touchtracker opened this drawing after its lock file was removed"
        case .readOnly(_, let permissions): "the drawing is read-only (mode \(Self.octal(permissions)))"
        default: description
        }
    }

    /// Permission bits as `chmod` takes them: 0444.
    private static func octal(_ permissions: UInt32) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// True for a file that was read and is not a drawing this app can
    /// open: only such a file is set aside (`Document.setAside`). A file
    /// that could not be read at all (permission denied, a directory, a
    /// FIFO, locked by another instance) is refused and left where it is.
    public var meansNotADrawing: Bool {
        switch self {
        case .tooLarge, .malformed, .wrongFormat, .unsupportedVersion, .tooManyLines, .badCoordinate, .tooManyPoints,
             .badPressure: true
        case .notAFile, .notALockFile, .notYourFile, .readOnly, .locked, .lockLost, .system: false
        }
    }

    /// True for a value out of range in one line of a file that is
    /// otherwise well formed (a coordinate beyond the limit, a pressure
    /// outside 0…1): that line alone is dropped (`DroppedLine`).
    var isValueOutOfRange: Bool {
        switch self {
        case .badCoordinate, .badPressure: true
        case .tooLarge, .notAFile, .notALockFile, .notYourFile, .readOnly, .malformed, .wrongFormat, .unsupportedVersion,
             .tooManyLines, .tooManyPoints, .locked, .lockLost, .system: false
        }
    }
}
