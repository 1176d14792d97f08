#if canImport(Glibc)
import Glibc
#endif

/// The file `--record` writes, opened before the session starts, so a path
/// that cannot be written is refused at once, before any window opens.
public final class RecordingFile {
    public struct CannotCreate: Error, CustomStringConvertible {
        public let description: String
    }

    public let path: String
    private var fd: Int32

    /// Creates (or empties) the file at `path`.
    public init(path: String) throws(CannotCreate) {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CannotCreate(description: "cannot record to \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close() }

    /// Writes all of `bytes`; returns the error's text when it fails.
    func write(_ bytes: [UInt8]) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return String(cString: strerror(errno)) }
            offset += written
        }
        return nil
    }

    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }
}
