import Platform

/// The file `--record` writes.
///
/// A path that cannot be written is refused at once, before any window
/// opens; but the file is created (or emptied) only at the first write,
/// once the session runs: a second instance refused for a drawing in use,
/// or a compositor that cannot be reached, leaves whatever the path held as
/// it was. The file is new, renamed over whatever the path named, never
/// opened through it. `refuse(ifItNames:)` keeps a recording from landing on a file
/// the app itself keeps, such as the drawing.
public final class RecordingFile {
    public struct CannotCreate: Error, CustomStringConvertible {
        public let description: String
    }

    public let path: String
    private var state: State = .notOpened
    private enum State {
        case notOpened
        case open(FileDescriptor)
        case closed
    }

    /// Checks that the file at `path` can be written, touching nothing.
    public init(path: String) throws(CannotCreate) {
        self.path = path
        do {
            if let status = try? FileStatus(path: path), status.kind == .directory {
                throw Errno.isADirectory
            }
            try FileSystem.checkWritable(path)
        } catch {
            throw CannotCreate(description: "cannot record to \(path): \(error)")
        }
    }

    deinit { close() }

    /// Refuses a recording whose path names one of `files` (a role and a
    /// path each: "the drawing", its lock, its journal, the settings):
    /// recording would destroy it. Compares devices and inodes, so no
    /// other spelling of the same file gets through.
    public func refuse(ifItNames files: [(role: String, path: String)]) throws(CannotCreate) {
        guard let recording = FileIdentity(path: path) else { return }
        for file in files where FileIdentity(path: file.path) == recording {
            throw CannotCreate(description: "--record \(path) names \(file.role) (\(file.path)); "
                               + "recording there would destroy it: record to another file")
        }
    }

    /// Writes all of `bytes`, creating (or emptying) the file first if this
    /// is the first write; returns the error's text when it fails.
    func write(_ bytes: [UInt8]) -> String? {
        do {
            switch state {
            case .notOpened:
                let descriptor = try createInPlaceOfWhatIsThere()
                state = .open(descriptor)
                try descriptor.writeAll(bytes)
            case .open(let descriptor):
                try descriptor.writeAll(bytes)
            case .closed:
                return "the file is closed"
            }
            return nil
        } catch {
            return error.description
        }
    }

    /// A new file (0644, see `UniqueFile`) renamed at once over whatever
    /// `path` names: never opened through a symbolic link or into another
    /// user's file planted there, and written from then on as it grows, so
    /// a crash still leaves the recording up to that point.
    private func createInPlaceOfWhatIsThere() throws(Errno) -> FileDescriptor {
        let (descriptor, temporary) = try UniqueFile.create(prefix: UniqueFile.temporaryPrefix(replacing: path),
                                                            permissions: 0o644)
        do {
            try FileSystem.rename(temporary, to: path)
        } catch {
            try? descriptor.close()
            try? FileSystem.remove(temporary)
            throw error
        }
        return descriptor
    }

    func close() {
        if case .open(let descriptor) = state { try? descriptor.close() }
        state = .closed
    }
}
