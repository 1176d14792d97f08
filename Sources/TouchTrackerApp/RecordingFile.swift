import Platform

/// The file `--record` writes, opened before the session starts, so a path
/// that cannot be written is refused at once, before any window opens.
public final class RecordingFile {
    public struct CannotCreate: Error, CustomStringConvertible {
        public let description: String
    }

    public let path: String
    private var descriptor: FileDescriptor?

    /// Creates (or empties) the file at `path`.
    public init(path: String) throws(CannotCreate) {
        self.path = path
        do {
            descriptor = try FileDescriptor.open(path, .writeOnly, options: [.create, .truncate], permissions: 0o644)
        } catch {
            throw CannotCreate(description: "cannot record to \(path): \(error)")
        }
    }

    deinit { close() }

    /// Writes all of `bytes`; returns the error's text when it fails.
    func write(_ bytes: [UInt8]) -> String? {
        guard let descriptor else { return "the file is closed" }
        do {
            try descriptor.writeAll(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    func close() {
        try? descriptor?.close()
        descriptor = nil
    }
}
